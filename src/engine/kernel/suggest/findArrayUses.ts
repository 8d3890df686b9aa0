import type { SyntaxNode } from '../syntaxNode';

/** A piece of the source replaced by new text: `[start, end)` in UTF-16 units of the original. */
export interface SourceEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A node's place and text in the source. */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly line: number;
}

/** One access of an array written in full: `tile[r][c]`, every dimension subscripted. */
export interface ArraySubscript {
  readonly span: SourceSpan;
  /** Each subscript's expression, outermost first. */
  readonly indices: readonly SourceSpan[];
  /** Its address taken and cast to another type (`reinterpret_cast<float4 *>(&a[i])[0]`). */
  readonly addressed: boolean;
  /** A subscript with a side effect or a call, which a rewrite must not copy. */
  readonly effects: boolean;
}

/** A `#define NAME value` whose value is a whole number. */
export interface NumberMacro {
  readonly name: string;
  readonly value: number;
  readonly valueSpan: SourceSpan;
}

/** A shared array's declaration and every use of its name, as the syntax tree says. */
export interface ArrayUses {
  readonly name: string;
  readonly line: number;
  /** Each dimension's size expression, outermost first; `null` for an unsized one. */
  readonly dims: readonly (SourceSpan | null)[];
  /** Where a `__device__` function for this array can go: before its function, or after its declaration. */
  readonly insertAt: number;
  readonly subscripts: readonly ArraySubscript[];
  /** Uses the check cannot rewrite: the name as a pointer, a row, or an address it does not follow. */
  readonly pointers: readonly SourceSpan[];
  /** Macros that are only this (one-dimensional) array's row pitch: see {@link isPitchMacro}. */
  readonly pitchMacros: readonly NumberMacro[];
  /**
   * The innermost size as the source writes it where it is the same in every instantiation: a
   * number, or a number `#define` made before {@link insertAt}; `null` otherwise (a template's parameter).
   */
  readonly width: string | null;
}

const span = (node: SyntaxNode): SourceSpan => ({
  start: node.startIndex,
  end: node.endIndex,
  text: node.text,
  line: node.startPosition.row + 1,
});

/** Two handles on one node: web-tree-sitter makes a new object each time a node is asked for. */
const isSame = (a: SyntaxNode | null, b: SyntaxNode | null) =>
  !!a && !!b && a.startIndex === b.startIndex && a.endIndex === b.endIndex && a.type === b.type;

const within = (n: SyntaxNode, outer: { readonly start: number; readonly end: number }) =>
  n.startIndex >= outer.start && n.endIndex <= outer.end;

const namedChildren = (node: SyntaxNode) => {
  const out: SyntaxNode[] = [];
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child?.isNamed) out.push(child);
  }
  return out;
};

/** Every node of the tree in source order, each with the node it is in (the interface has no parent links). */
function indexTree(root: SyntaxNode): { nodes: SyntaxNode[]; parents: Map<SyntaxNode, SyntaxNode> } {
  const nodes: SyntaxNode[] = [];
  const parents = new Map<SyntaxNode, SyntaxNode>();
  const visit = (node: SyntaxNode) => {
    nodes.push(node);
    for (let i = 0; i < node.childCount; i++) {
      const child = node.child(i);
      if (!child) continue;
      parents.set(child, node);
      visit(child);
    }
  };
  visit(root);
  return { nodes, parents };
}

const isShared = (declaration: SyntaxNode) =>
  namedChildren(declaration).some(
    (c) =>
      c.type === 'attribute_declaration' &&
      namedChildren(c).some((a) => a.type === 'attribute' && a.childForFieldName('name')?.text === 'shared'),
  );

/** The array declarator's name and sizes, outermost first. */
function readDeclarator(node: SyntaxNode): { name: string; dims: (SourceSpan | null)[] } | null {
  const dims: (SourceSpan | null)[] = [];
  let at: SyntaxNode | null = node.type === 'init_declarator' ? node.childForFieldName('declarator') : node;
  while (at?.type === 'array_declarator') {
    const size = at.childForFieldName('size');
    dims.unshift(size ? span(size) : null);
    at = at.childForFieldName('declarator');
  }
  return at?.type === 'identifier' && dims.length > 0 ? { name: at.text, dims } : null;
}

const EFFECTS = new Set(['assignment_expression', 'update_expression', 'call_expression', 'comma_expression']);

interface Tree {
  readonly nodes: readonly SyntaxNode[];
  readonly parents: ReadonlyMap<SyntaxNode, SyntaxNode>;
  /** Identifiers by their text, in source order. */
  readonly names: ReadonlyMap<string, readonly SyntaxNode[]>;
}

function readTree(root: SyntaxNode): Tree {
  const { nodes, parents } = indexTree(root);
  const names = new Map<string, SyntaxNode[]>();
  for (const n of nodes) {
    if (n.type !== 'identifier') continue;
    const list = names.get(n.text);
    if (list) list.push(n);
    else names.set(n.text, [n]);
  }
  return { nodes, parents, names };
}

/**
 * Every `__shared__` array the source declares, with each use of its name (in its function, or
 * the whole file for one at file scope) sorted into full subscripts, which a rewrite can change,
 * and the rest.
 */
export function findArrayUses(root: SyntaxNode): ArrayUses[] {
  const tree = readTree(root);
  const macros = readMacros(tree.nodes);
  const arrays: ArrayUses[] = [];
  for (const declaration of tree.nodes) {
    if (declaration.type !== 'declaration' || !isShared(declaration)) continue;
    const top = namedChildren(root).find((c) => within(declaration, span(c))) ?? declaration;
    const scope = isSame(top, declaration) ? root : top;
    for (const d of declaration.childrenForFieldName('declarator')) {
      const read = d && readDeclarator(d);
      if (!read) continue;
      const uses = (tree.names.get(read.name) ?? []).filter(
        (n) => n.startIndex >= declaration.endIndex && n.endIndex <= scope.endIndex,
      );
      const { subscripts, pointers } = sortUses(uses, read.dims.length, tree);
      const decl = span(declaration);
      const insertAt = isSame(top, declaration) ? declaration.endIndex : top.startIndex;
      const innermost = read.dims.at(-1)?.text.trim() ?? '';
      const fixed = /^\d+$/.test(innermost) || macros.some((m) => m.name === innermost && m.valueSpan.end < insertAt);
      arrays.push({
        name: read.name,
        line: decl.line,
        dims: read.dims,
        insertAt,
        width: fixed ? innermost : null,
        subscripts,
        pointers,
        pitchMacros: read.dims.length === 1 ? macros.filter((m) => isPitchMacro(m, decl, subscripts, tree)) : [],
      });
    }
  }
  return arrays;
}

function readMacros(nodes: readonly SyntaxNode[]): NumberMacro[] {
  return nodes.flatMap((n): NumberMacro[] => {
    const name = n.type === 'preproc_def' ? n.childForFieldName('name') : null;
    const value = n.childForFieldName('value');
    const match = name && value && /^(\s*)(\d+)\s*$/.exec(value.text);
    if (!name || !value || !match) return [];
    const start = value.startIndex + match[1].length;
    const valueSpan = { start, end: start + match[2].length, text: match[2], line: value.startPosition.row + 1 };
    return [{ name: name.text, value: Number(match[2]), valueSpan }];
  });
}

function sortUses(uses: readonly SyntaxNode[], rank: number, { parents }: Tree) {
  const subscripts: ArraySubscript[] = [];
  const pointers: SourceSpan[] = [];
  for (const use of uses) {
    let at = use;
    const indices: SourceSpan[] = [];
    let effects = false;
    for (;;) {
      const parent = parents.get(at);
      if (parent?.type !== 'subscript_expression' || !isSame(parent.childForFieldName('argument'), at)) break;
      const list = parent.childForFieldName('indices');
      const index = list ? namedChildren(list)[0] : undefined;
      if (!index) break;
      indices.push(span(index));
      const inner = indexTree(index).nodes;
      effects ||= inner.some((n) => EFFECTS.has(n.type));
      at = parent;
    }
    const addressed = indices.length === rank ? isAddressTaken(at, parents) : null;
    if (addressed === null) pointers.push(span(parents.get(at) ?? at));
    else subscripts.push({ span: span(at), indices, addressed, effects });
  }
  return { subscripts, pointers };
}

/**
 * A one-dimensional array's row pitch written as a macro: every use of it in the source is a
 * factor of a product (`r * PITCH`) in the array's declaration or its subscripts, and it is
 * used in a subscript, so changing its value pads the rows without changing what any other line means.
 */
function isPitchMacro(macro: NumberMacro, declaration: SourceSpan, subscripts: readonly ArraySubscript[], tree: Tree) {
  const uses = (tree.names.get(macro.name) ?? []).filter((n) => tree.parents.get(n)?.type !== 'preproc_def');
  if (!uses.some((n) => within(n, declaration))) return false;
  const word = new RegExp(`\\b${macro.name}\\b`);
  // A macro's value is raw text in the tree: another macro that uses this one is found by its text.
  const inMacros = tree.nodes.some((n) => n.type === 'preproc_arg' && word.test(n.text));
  const inSubscript = (n: SyntaxNode) => subscripts.some((s) => s.indices.some((i) => within(n, i)));
  const isFactor = (n: SyntaxNode) => {
    const parent = tree.parents.get(n);
    return parent?.type === 'binary_expression' && parent.childForFieldName('operator')?.text === '*';
  };
  return (
    !inMacros &&
    uses.some(inSubscript) &&
    uses.some((n) => within(n, declaration)) &&
    uses.every((n) => isFactor(n) && (within(n, declaration) || inSubscript(n)))
  );
}

/**
 * Whether an element's address is taken: `false` when it is not; `true` when it is and then
 * read as a wider type in place (`reinterpret_cast<float4 *>(&a[i])[0]`, `*(float4 *)&a[i]`),
 * which stays inside its row; `null` for an address that goes elsewhere (a pointer kept in a variable).
 */
function isAddressTaken(node: SyntaxNode, parents: ReadonlyMap<SyntaxNode, SyntaxNode>): boolean | null {
  const up = (n: SyntaxNode) => {
    let p = parents.get(n);
    while (p?.type === 'parenthesized_expression') p = parents.get(p);
    return p;
  };
  const address = up(node);
  if (address?.type !== 'pointer_expression' || !address.text.startsWith('&')) return false;
  let cast = up(address);
  if (cast?.type === 'argument_list') {
    const call = parents.get(cast);
    if (call?.type !== 'call_expression' || !call.childForFieldName('function')?.text.startsWith('reinterpret_cast'))
      return null;
    cast = call;
  } else if (cast?.type !== 'cast_expression') return null;
  const read = up(cast);
  if (read?.type === 'pointer_expression' && read.text.startsWith('*')) return true;
  const list = read?.type === 'subscript_expression' ? read.childForFieldName('indices') : null;
  return list && namedChildren(list)[0]?.text === '0' ? true : null;
}
