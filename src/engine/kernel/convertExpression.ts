import type { BinaryOperator, Expression, TypeName } from './kernelSyntax';
import { getBaseType, getTypeBytes } from './kernelTypes';
import { refuse } from './kernelError';
import { clipNode, getFields, getField, getNamedChildren, refuseNode } from './syntaxFields';
import { getNodePosition, type SyntaxNode } from './syntaxNode';
import { readMisreadCast, refuseMisreadOperand } from './readMisreadCast';

export { findError, getField, getFields, getNamedChildren, refuseNode } from './syntaxFields';

/** How deep an expression may nest before it is refused (the analyzer's recursion stays bounded). */
export const MAX_DEPTH = 200;

const at = (node: SyntaxNode) => ({ at: getNodePosition(node), text: node.text });

/** A C type as written (`const unsigned int`, `float4 *`), pointers from its declarator. */
export function convertType(node: SyntaxNode, pointers = 0): TypeName {
  if (node.type === 'type_descriptor') {
    const type = getField(node, 'type') ?? refuseNode(node);
    let count = pointers;
    for (let d = getField(node, 'declarator'); d; d = getField(d, 'declarator')) {
      if (d.type === 'abstract_pointer_declarator') count++;
      else refuseNode(d, `the type ${node.text}`);
    }
    return convertType(type, count);
  }
  if (node.hasError) refuseNode(node);
  let name: string;
  if (node.type === 'sized_type_specifier')
    name = normalizeIntWords(node.text.split(/\s+/).filter((w) => w !== 'const' && w !== 'volatile'));
  else if (node.type === 'qualified_identifier') name = unqualify(node.text.replace(/\s+/g, ''));
  else if (['primitive_type', 'type_identifier', 'template_type', 'placeholder_type_specifier'].includes(node.type))
    name = node.text.replace(/\s+/g, '');
  else refuseNode(node, `the type ${clipNode(node.text)}`);
  return { name, pointers, position: getNodePosition(node) };
}

/** `unsigned`, `long long int`, `short` … as one spelling: `unsigned int`, `long`, `short`. */
function normalizeIntWords(words: readonly string[]): string {
  const unsigned = words.includes('unsigned');
  const core = words.find((w) => w === 'char' || w === 'double' || w === 'float');
  if (core === 'char') return unsigned ? 'unsigned char' : words.includes('signed') ? 'signed char' : 'char';
  if (core) return words.includes('long') ? 'long double' : core;
  const base = words.includes('long') ? 'long' : words.includes('short') ? 'short' : 'int';
  return unsigned ? `unsigned ${base}` : base;
}

const BINARY = new Set([
  '+',
  '-',
  '*',
  '/',
  '%',
  '&',
  '|',
  '^',
  '<<',
  '>>',
  '<',
  '>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
]);
const CASTS = new Set(['static_cast', 'reinterpret_cast', 'const_cast']);

/** One expression of the parser's tree as the analyzer's record; what it cannot run is refused. */
export function convertExpression(node: SyntaxNode, depth = 0): Expression {
  if (depth > MAX_DEPTH) refuse(getNodePosition(node), `an expression nested more than ${MAX_DEPTH} deep`);
  if (node.isError || node.isMissing) refuseNode(node);
  const next = (child: SyntaxNode | null) => convertExpression(child ?? refuseNode(node), depth + 1);
  const operand = (child: SyntaxNode | null) => (refuseMisreadOperand(child), next(child));
  const base = at(node);
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = getNamedChildren(node);
      if (inner.length !== 1) refuseNode(node);
      return next(inner[0]);
    }
    case 'number_literal': {
      // The parser reads a sign before a literal as part of it where C reads a unary operator.
      const sign = /^[-+]/.exec(node.text)?.[0] as '-' | '+' | undefined;
      if (sign) return { ...base, kind: 'unary', op: sign, of: { ...base, ...readNumber(node, node.text.slice(1)) } };
      return { ...base, ...readNumber(node, node.text) };
    }
    case 'char_literal': {
      const body = node.text.slice(1, -1);
      const simple: Record<string, number> = { '\\n': 10, '\\t': 9, '\\0': 0, "\\'": 39, '\\\\': 92 };
      const value = body.length === 1 ? body.charCodeAt(0) : simple[body];
      if (value === undefined) refuseNode(node, `the character ${node.text}`);
      return { ...base, kind: 'number', value, type: 'char' };
    }
    case 'true':
    case 'false':
      return { ...base, kind: 'number', value: node.type === 'true' ? 1 : 0, type: 'bool' };
    case 'string_literal':
    case 'concatenated_string':
    case 'raw_string_literal':
      return { ...base, kind: 'string' };
    case 'identifier':
      return { ...base, kind: 'name', name: node.text };
    case 'qualified_identifier':
      return { ...base, kind: 'name', name: unqualify(node.text) };
    case 'null':
      return { ...base, kind: 'name', name: node.text };
    case 'field_expression': {
      const operator = getField(node, 'operator')?.text;
      const field = getField(node, 'field');
      if (!field || field.type !== 'field_identifier') refuseNode(node);
      return {
        ...base,
        kind: 'member',
        object: next(getField(node, 'argument')),
        field: field.text,
        arrow: operator === '->',
      };
    }
    case 'subscript_expression': {
      const indices = getNamedChildren(getField(node, 'indices') ?? refuseNode(node));
      if (indices.length !== 1) refuseNode(node, `a subscript of ${indices.length} indices`);
      return { ...base, kind: 'index', array: next(getField(node, 'argument')), index: next(indices[0]) };
    }
    case 'call_expression':
      return convertCall(node, depth);
    case 'unary_expression':
    case 'pointer_expression': {
      const op = getField(node, 'operator')?.text;
      if (!op || !['-', '+', '~', '!', '*', '&'].includes(op)) refuseNode(node);
      return { ...base, kind: 'unary', op: op as '-', of: operand(getField(node, 'argument')) };
    }
    case 'update_expression': {
      const op = getField(node, 'operator')!;
      const of = getField(node, 'argument');
      return {
        ...base,
        kind: 'update',
        op: op.text as '++',
        prefix: op.startIndex < (of?.startIndex ?? 0),
        of: next(of),
      };
    }
    case 'binary_expression': {
      const op = getField(node, 'operator')?.text ?? '';
      const word: Record<string, string> = { and: '&&', or: '||', bitand: '&', bitor: '|', xor: '^', not_eq: '!=' };
      const symbol = word[op] ?? op;
      if (!BINARY.has(symbol)) refuseNode(node, `the operator ${op}`);
      return {
        ...base,
        kind: 'binary',
        op: symbol as BinaryOperator,
        left: (refuseMisreadOperand(getField(node, 'left'), symbol), next(getField(node, 'left'))),
        right: operand(getField(node, 'right')),
      };
    }
    case 'assignment_expression':
      return {
        ...base,
        kind: 'assign',
        op: getField(node, 'operator')?.text ?? '=',
        left: next(getField(node, 'left')),
        right: next(getField(node, 'right')),
      };
    case 'conditional_expression':
      return {
        ...base,
        kind: 'conditional',
        test: next(getField(node, 'condition')),
        then: next(getField(node, 'consequence')),
        else: next(getField(node, 'alternative')),
      };
    case 'comma_expression':
      return { ...base, kind: 'comma', left: next(getField(node, 'left')), right: next(getField(node, 'right')) };
    case 'cast_expression':
      return (
        readMisreadCast(node, next) ?? {
          ...base,
          kind: 'cast',
          to: convertType(getField(node, 'type') ?? refuseNode(node)),
          of: operand(getField(node, 'value')),
          reinterpret: true,
        }
      );
    case 'sizeof_expression': {
      const type = getField(node, 'type');
      if (type) return { ...base, kind: 'sizeof', type: convertType(type), of: null };
      // `sizeof(float4)`: the parser, which knows C++'s types only, reads CUDA's as a name in parentheses.
      const named = /^\(\s*([A-Za-z_]\w*)\s*\)$/.exec(getField(node, 'value')?.text ?? '')?.[1];
      if (named && getTypeBytes(getBaseType(named)) !== null)
        return { ...base, kind: 'sizeof', type: { name: named, pointers: 0, position: base.at }, of: null };
      return { ...base, kind: 'sizeof', type: null, of: next(getField(node, 'value')) };
    }
    case 'gnu_asm_expression':
      return convertAsm(node, depth);
    case 'initializer_list':
      return { ...base, kind: 'list', items: getNamedChildren(node).map((c) => next(c)) };
    case 'compound_literal_expression': {
      // `cg::plus<float>{}`, `float4{a, b, c, d}`: a value of its type, made as a call to it is
      // (data; refused where it is given a pointer into shared memory).
      const value = getField(node, 'value');
      return {
        ...base,
        kind: 'call',
        callee: unqualify((getField(node, 'type') ?? refuseNode(node)).text.replace(/\s+/g, '')),
        templateArgs: null,
        args: value ? getNamedChildren(value).map((c) => next(c)) : [],
        receiver: null,
      };
    }
  }
  refuseNode(node);
}

/** A call: a function by name (with template arguments), a cast written as one, or a type's constructor. */
function convertCall(node: SyntaxNode, depth: number): Expression {
  const base = at(node);
  const callee = getField(node, 'function') ?? refuseNode(node);
  const args = getNamedChildren(getField(node, 'arguments') ?? refuseNode(node)).map((a) =>
    convertExpression(a, depth + 1),
  );
  let name = callee.text;
  let templateArgs: (Expression | TypeName)[] | null = null;
  let receiver: Expression | null = null;
  // `cg::tiled_partition<32>(g)`, `ns::f<T>(x)`: the template's name and arguments, its namespaces dropped.
  let named = callee;
  while (named.type === 'qualified_identifier') named = getField(named, 'name') ?? refuseNode(named);
  if (named.type === 'template_function') {
    name = getField(named, 'name')?.text ?? refuseNode(named);
    templateArgs = getNamedChildren(getField(named, 'arguments') ?? refuseNode(named)).map((a) =>
      a.type === 'type_descriptor' ? convertType(a) : convertExpression(a, depth + 1),
    );
  } else if (callee.type === 'field_expression' && getField(callee, 'field')?.type === 'field_identifier') {
    // A method: cooperative groups' (`cta.sync()`, `tile.thread_rank()`), run by name.
    receiver = convertExpression(getField(callee, 'argument') ?? refuseNode(callee), depth + 1);
    name = getField(callee, 'field')!.text;
  } else if (callee.type === 'primitive_type' || callee.type === 'sized_type_specifier') {
    if (args.length !== 1) refuseNode(node);
    return { ...base, kind: 'cast', to: convertType(callee), of: args[0], reinterpret: false };
  } else if (callee.type === 'qualified_identifier') name = unqualify(name);
  else if (callee.type === 'parenthesized_expression' && /^\(\s*[A-Za-z_]\w*\s*\)$/.test(callee.text))
    // `(floatX)(v)`: a cast to a type the parser does not know, read as a call; it is run as one
    // (a function of the file by that name, else data).
    name = callee.text.replace(/[()\s]/g, '');
  else if (callee.type !== 'identifier') refuseNode(node, `calling ${clipNode(callee.text)}`);
  if (CASTS.has(name)) {
    const to = templateArgs?.[0];
    if (!to || !('pointers' in to) || args.length !== 1) refuseNode(node);
    return { ...base, kind: 'cast', to, of: args[0], reinterpret: name === 'reinterpret_cast' };
  }
  return { ...base, kind: 'call', callee: name, templateArgs, args, receiver };
}

/** A C string literal's (or a concatenation's) characters, its common escapes read. */
export function readStringLiteral(node: SyntaxNode): string {
  if (node.type === 'concatenated_string') return getNamedChildren(node).map(readStringLiteral).join('');
  if (node.type !== 'string_literal') refuseNode(node, 'an asm template that is not a string');
  const escapes: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\', "'": "'", '0': '\0' };
  return node.text.slice(1, -1).replace(/\\(.)/g, (_, c: string) => escapes[c] ?? c);
}

function convertAsm(node: SyntaxNode, depth: number): Expression {
  const operands = (list: SyntaxNode | null) =>
    list
      ? getFields(list, 'operand').map((o) => {
          if (getField(o, 'symbol')) refuseNode(o, 'a named asm operand');
          return {
            constraint: readStringLiteral(getField(o, 'constraint') ?? refuseNode(o)),
            value: convertExpression(getField(o, 'value') ?? refuseNode(o), depth + 1),
          };
        })
      : [];
  return {
    ...at(node),
    kind: 'asm',
    code: readStringLiteral(getField(node, 'assembly_code') ?? refuseNode(node)),
    outputs: operands(getField(node, 'output_operands')),
    inputs: operands(getField(node, 'input_operands')),
  };
}

/** A number literal: an integer of C's type for its spelling and size, or a floating-point one. */
function readNumber(
  node: SyntaxNode,
  text: string,
): { kind: 'number'; value: number; type: string } | { kind: 'float'; type: 'float' | 'double' } {
  const raw = text.trim().replace(/'/g, '');
  const hex = /^0[xX]/.test(raw);
  if (hex ? /[.pP]/.test(raw) : /[.eE]|[fF]$/.test(raw))
    return { kind: 'float', type: /[fF]$/.test(raw) && !hex ? 'float' : 'double' };
  const match = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)([uU]?(?:ll|LL|l|L)?[uU]?)$/.exec(raw);
  if (!match) refuse(getNodePosition(node), `${node.text} is not a C number`);
  const digits = match[1];
  const value = /^0[0-7]+$/.test(digits) ? BigInt(`0o${digits.slice(1)}`) : BigInt(digits);
  if (value > 2n ** 53n)
    refuse(getNodePosition(node), `${node.text} is past 2^53, beyond what the analyzer follows exactly`);
  const suffix = match[2].toLowerCase();
  const unsigned = suffix.includes('u');
  const long = suffix.includes('l');
  const decimal = /^[1-9]/.test(digits) || digits === '0';
  const n = Number(value);
  let type: string;
  if (!long && !unsigned && n <= 2 ** 31 - 1) type = 'int';
  else if (!long && (unsigned || !decimal) && n <= 2 ** 32 - 1) type = 'unsigned int';
  else type = unsigned ? 'unsigned long' : 'long';
  return { kind: 'number', value: n, type };
}

/**
 * A name without its namespaces (`wt::load` is `load`, `std::min` is `min`): the file's functions
 * and declarations are kept by their own names, whichever namespace holds them.
 */
const unqualify = (name: string) => name.replace(/^(?:::)?(?:[A-Za-z_]\w*\s*::\s*)*/, '');
