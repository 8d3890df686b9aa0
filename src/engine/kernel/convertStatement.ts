import { refuse } from './kernelError';
import type { Declarator, Expression, Statement, Storage, TypeName } from './kernelSyntax';
import {
  convertExpression,
  convertType,
  getField,
  getFields,
  getNamedChildren,
  MAX_DEPTH,
  refuseNode,
} from './convertExpression';
import { getChildren, getNodePosition, type SyntaxNode } from './syntaxNode';

type Declaration = Extract<Statement, { kind: 'declaration' }>;

/** The CUDA qualifiers a declaration or definition carries, read back from their attributes. */
export function getAttributes(node: SyntaxNode): Map<string, SyntaxNode | null> {
  const found = new Map<string, SyntaxNode | null>();
  const visit = (parent: SyntaxNode) => {
    for (const { node: child } of getChildren(parent)) {
      if (child.type === 'attribute_declaration')
        for (const attribute of getNamedChildren(child)) {
          const name = getField(attribute, 'name')?.text ?? '';
          const args = getNamedChildren(attribute).find((c) => c.type === 'argument_list') ?? null;
          found.set(name, args);
        }
    }
  };
  visit(node);
  const type = getField(node, 'type');
  if (type) visit(type);
  return found;
}

/** A declaration: its type, storage and every declarator, with dimensions and initialisers. */
export function convertDeclaration(node: SyntaxNode, depth = 0): Declaration {
  if (node.hasError) refuseNode(node);
  const attributes = getAttributes(node);
  const words = getChildren(node)
    .filter((c) => c.node.type === 'storage_class_specifier' || c.node.type === 'type_qualifier')
    .map((c) => c.node.text);
  const alignArgs = attributes.get('align');
  const storage: Storage = {
    shared: attributes.has('shared'),
    extern: words.includes('extern'),
    isConst: words.includes('const') || words.includes('constexpr'),
    align: alignArgs ? convertExpression(getNamedChildren(alignArgs)[0] ?? refuseNode(alignArgs), depth + 1) : null,
  };
  const typeNode = getField(node, 'type') ?? refuseNode(node);
  const type = convertType(typeNode);
  const declarators = getFields(node, 'declarator').map((d) => convertDeclarator(d, depth));
  return { at: getNodePosition(node), text: node.text, kind: 'declaration', type, storage, declarators };
}

function convertDeclarator(node: SyntaxNode, depth: number): Declarator {
  let pointers = 0;
  let reference = false;
  const dims: (Expression | null)[] = [];
  let init: Expression | null = null;
  let d: SyntaxNode | null = node;
  if (d.type === 'init_declarator') {
    const value = getField(d, 'value') ?? refuseNode(d);
    if (value.type === 'argument_list') {
      const args = getNamedChildren(value);
      if (args.length !== 1) refuseNode(value, 'a constructor call');
      init = convertExpression(args[0], depth + 1);
    } else init = convertExpression(value, depth + 1);
    d = getField(d, 'declarator');
  }
  while (d && d.type !== 'identifier') {
    if (d.type === 'pointer_declarator') pointers++;
    else if (d.type === 'reference_declarator') reference = true;
    else if (d.type === 'array_declarator') {
      const size = getField(d, 'size');
      dims.unshift(size ? convertExpression(size, depth + 1) : null);
    } else if (d.type !== 'parenthesized_declarator') refuseNode(d, `the declarator ${d.text}`);
    d =
      d.type === 'reference_declarator' || d.type === 'parenthesized_declarator'
        ? (getNamedChildren(d).find((c) => c.type !== 'type_qualifier') ?? null)
        : getField(d, 'declarator');
  }
  if (!d) refuseNode(node);
  return { name: d.text, at: getNodePosition(d), pointers, reference, dims, init };
}

/** The names a declaration or an assignment in a for's init declares or sets. */
function namesSetBy(node: Statement | null): string[] {
  if (!node) return [];
  if (node.kind === 'declaration') return node.declarators.map((d) => d.name);
  if (node.kind !== 'expression') return [];
  const names: string[] = [];
  const visit = (e: Expression) => {
    if (e.kind === 'comma') [e.left, e.right].forEach(visit);
    else if (e.kind === 'assign' && e.left.kind === 'name') names.push(e.left.name);
  };
  visit(node.expression);
  return names;
}

/** The plain names an expression reads, in order, each once. */
function namesIn(expression: Expression | null): string[] {
  const names = new Set<string>();
  const visit = (e: Expression) => {
    if (e.kind === 'name') names.add(e.name);
    for (const value of Object.values(e))
      if (value && typeof value === 'object' && 'kind' in value && 'at' in value) visit(value as Expression);
  };
  if (expression) visit(expression);
  return [...names];
}

/** One statement of a function's body; what it cannot run is refused with its line and column. */
export function convertStatement(node: SyntaxNode, depth = 0): Statement {
  if (depth > MAX_DEPTH) refuse(getNodePosition(node), `statements nested more than ${MAX_DEPTH} deep`);
  if (node.isError || node.isMissing) refuseNode(node);
  const base = { at: getNodePosition(node), text: node.text };
  const statement = (child: SyntaxNode | null) => convertStatement(child ?? refuseNode(node), depth + 1);
  const expression = (child: SyntaxNode | null) => convertExpression(child ?? refuseNode(node), depth + 1);
  const condition = (child: SyntaxNode | null): Expression => {
    if (!child) refuseNode(node);
    if (child.type !== 'condition_clause') return expression(child);
    const value = getField(child, 'value');
    if (!value || getField(child, 'initializer')) refuseNode(child, 'a declaration in a condition');
    return value.type === 'comma_expression' || value.isNamed ? expression(value) : refuseNode(child);
  };
  switch (node.type) {
    case 'compound_statement':
      return {
        ...base,
        kind: 'block',
        body: getNamedChildren(node)
          .filter((c) => c.type !== 'preproc_call')
          .map((c) => statement(c)),
      };
    case 'expression_statement': {
      const [inner] = getNamedChildren(node);
      return inner ? { ...base, kind: 'expression', expression: expression(inner) } : { ...base, kind: 'empty' };
    }
    case 'declaration':
      return convertDeclaration(node, depth);
    // Names are kept without their namespaces, so a using-declaration or a namespace's alias has nothing left to do.
    case 'using_declaration':
    case 'namespace_alias_definition':
      return { ...base, kind: 'empty' };
    // `if constexpr` as an `if`: its condition is known in every lane, so only the arm it takes runs
    // (both arms are read, so one outside the subset is refused even where it is discarded).
    case 'if_statement': {
      const alternative = getField(node, 'alternative');
      return {
        ...base,
        kind: 'if',
        test: condition(getField(node, 'condition')),
        then: statement(getField(node, 'consequence')),
        else: alternative ? statement(getNamedChildren(alternative)[0] ?? null) : null,
      };
    }
    case 'for_statement': {
      const initNode = getField(node, 'initializer');
      const init = initNode
        ? initNode.type === 'declaration'
          ? convertDeclaration(initNode, depth + 1)
          : ({ ...base, kind: 'expression', expression: expression(initNode) } as Statement)
        : null;
      const testNode = getField(node, 'condition');
      const test = testNode ? expression(testNode) : null;
      const updateNode = getField(node, 'update');
      const set = namesSetBy(init);
      return {
        ...base,
        kind: 'for',
        init,
        test,
        update: updateNode ? expression(updateNode) : null,
        body: statement(getField(node, 'body')),
        variables: set.length > 0 ? set : namesIn(test),
      };
    }
    case 'while_statement':
    case 'do_statement': {
      const test = condition(getField(node, 'condition'));
      return {
        ...base,
        kind: 'while',
        test,
        body: statement(getField(node, 'body')),
        post: node.type === 'do_statement',
        variables: namesIn(test),
      };
    }
    case 'break_statement':
      return { ...base, kind: 'break' };
    case 'continue_statement':
      return { ...base, kind: 'continue' };
    case 'return_statement': {
      const [value] = getNamedChildren(node);
      return { ...base, kind: 'return', value: value ? expression(value) : null };
    }
    case 'static_assert_declaration':
    case 'alias_declaration':
    case 'type_definition':
      return { ...base, kind: 'empty' };
  }
  refuseNode(node);
}

/** A type named in a typedef or a using-declaration, by the name it gets. */
export function convertTypedef(node: SyntaxNode): { name: string; type: TypeName } | null {
  if (node.hasError) return null;
  if (node.type === 'alias_declaration') {
    const name = getField(node, 'name')?.text;
    const type = getField(node, 'type');
    return name && type ? { name, type: convertType(type) } : null;
  }
  const type = getField(node, 'type');
  const declarator = getField(node, 'declarator');
  if (!type || !declarator) return null;
  let pointers = 0;
  let d: SyntaxNode | null = declarator;
  while (d && d.type === 'pointer_declarator') {
    pointers++;
    d = getField(d, 'declarator');
  }
  return d && d.type === 'type_identifier' ? { name: d.text, type: convertType(type, pointers) } : null;
}
