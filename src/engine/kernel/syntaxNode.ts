/**
 * The part of a concrete syntax tree the kernel analyzer reads: web-tree-sitter's `Node` has this
 * shape, so its tree is passed in as it is, and the engine never imports the parser.
 *
 * @remarks
 * Loading a grammar's WebAssembly is an effect (a file in Node, a fetch in the page), so the
 * analyzer takes a ready parse function instead: the same engine runs in both.
 */
export interface SyntaxNode {
  readonly type: string;
  readonly text: string;
  readonly isNamed: boolean;
  readonly isError: boolean;
  readonly isMissing: boolean;
  readonly hasError: boolean;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: { readonly row: number; readonly column: number };
  readonly childCount: number;
  child(index: number): SyntaxNode | null;
  fieldNameForChild(index: number): string | null;
  childForFieldName(field: string): SyntaxNode | null;
  childrenForFieldName(field: string): (SyntaxNode | null)[];
}

/**
 * A C++ parse of a whole source text: its tree's root node, and (web-tree-sitter's trees live in
 * WebAssembly memory) a way to free the tree, which the analyzer calls once it is done with it.
 */
export type KernelParse = (source: string) => { readonly rootNode: SyntaxNode; delete?(): void };

/** Where a piece of source starts: 1-based line and column (UTF-16 units, as editors count). */
export interface SourcePosition {
  readonly line: number;
  readonly column: number;
}

/** The position a node starts at. */
export const getNodePosition = (node: SyntaxNode): SourcePosition => ({
  line: node.startPosition.row + 1,
  column: node.startPosition.column + 1,
});

/** A node's children with the field each is under (`null` for none), in source order. */
export function getChildren(node: SyntaxNode): { readonly node: SyntaxNode; readonly field: string | null }[] {
  const children: { node: SyntaxNode; field: string | null }[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child) children.push({ node: child, field: node.fieldNameForChild(i) });
  }
  return children;
}
