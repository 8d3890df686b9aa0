// Reading tree-sitter's nodes: their fields and children, and refusing one outside the subset.
import { refuse } from './kernelError';
import { getChildren, getNodePosition, type SyntaxNode } from './syntaxNode';

/** The child under `field`, or `null`. */
export const getField = (node: SyntaxNode, field: string): SyntaxNode | null => node.childForFieldName(field);

/** Every child under `field`, in order. */
export const getFields = (node: SyntaxNode, field: string): SyntaxNode[] =>
  node.childrenForFieldName(field).filter((c): c is SyntaxNode => c !== null);

/** The named children that are code, not comments. */
export const getNamedChildren = (node: SyntaxNode) =>
  getChildren(node)
    .map((c) => c.node)
    .filter((c) => c.isNamed && c.type !== 'comment');

/** Refuses a node the parser could not read, or one that stands for a construct outside the subset. */
export function refuseNode(node: SyntaxNode, what?: string): never {
  if (node.isMissing) refuse(getNodePosition(node), `a syntax error: ${node.type} is missing here`);
  if (node.isError || node.hasError) {
    const bad = findError(node) ?? node;
    refuse(
      getNodePosition(bad),
      bad.isMissing
        ? `a syntax error: ${bad.type} is missing here`
        : `a syntax error: "${clipNode(bad.text)}" does not read as C++ here`,
    );
  }
  refuse(getNodePosition(node), `${what ?? describeNode(node)} is outside the subset the analyzer runs`);
}

/** The first error or missing node under `node`, in source order. */
export function findError(node: SyntaxNode): SyntaxNode | null {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return null;
  for (let i = 0; i < node.childCount; i++) {
    const found = findError(node.child(i)!);
    if (found) return found;
  }
  return null;
}

/** A node's text cut to its first line and 40 characters, for a message. */
export const clipNode = (text: string) => {
  const line = text.split('\n')[0];
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
};

const DESCRIPTIONS: Record<string, string> = {
  lambda_expression: 'a lambda',
  new_expression: 'new',
  delete_expression: 'delete',
  throw_expression: 'throw',
  switch_statement: 'switch (write it with if and else)',
  goto_statement: 'goto',
  labeled_statement: 'a label',
  for_range_loop: 'a range-based for',
  try_statement: 'try',
  co_await_expression: 'co_await',
  preproc_if: 'an #if inside a function',
  preproc_ifdef: 'an #ifdef inside a function',
  fold_expression: 'a fold expression',
  user_defined_literal: 'a user-defined literal',
};

const describeNode = (node: SyntaxNode) =>
  DESCRIPTIONS[node.type] ?? `"${clipNode(node.text)}" (${node.type.replace(/_/g, ' ')})`;
