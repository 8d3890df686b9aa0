import { BINARY_PRECEDENCE } from './binaryPrecedence';
import type { BinaryOperator, Expression } from './kernelSyntax';
import { refuse } from './kernelError';
import { clipNode, getField, getNamedChildren } from './syntaxFields';
import { getNodePosition, type SyntaxNode } from './syntaxNode';

/**
 * `(a * (b)) + c` as C reads it: the parser, which cannot tell a variable from a type, reads
 * `(a * (b))` as a cast to a pointer to a function taking a `b`, and `+ c` as what is cast. No
 * kernel of the subset casts to such a type, so a cast of that shape is read back as the product it
 * is, and the sign (or `*`, `&`) before the value as the binary operator it is. Gives `null` for
 * any other cast.
 *
 * @remarks
 * The reading holds only where nothing binds tighter than the operator around the cast: as an
 * operand of another operator (`(a * (b)) + c * 2`, whose `* 2` the parser applied to the cast) the
 * grouping is the parser's, not C's, so there it is refused (see {@link refuseMisreadOperand}).
 */
export function readMisreadCast(node: SyntaxNode, next: (child: SyntaxNode) => Expression): Expression | null {
  if (node.type !== 'cast_expression') return null;
  const type = getField(node, 'type');
  const value = getField(node, 'value');
  const left = type?.type === 'type_descriptor' ? readProduct(type) : null;
  if (!left || !value) return null;
  const op = getField(value, 'operator')?.text;
  const argument = getField(value, 'argument');
  const binary =
    (value.type === 'unary_expression' && (op === '+' || op === '-')) ||
    (value.type === 'pointer_expression' && (op === '*' || op === '&'));
  if (binary && argument) return product(node, op as BinaryOperator, left, next(argument));
  // The parser reads a sign before a literal as part of it: `(a * (b)) - 1`.
  const sign = value.type === 'number_literal' ? /^[-+]/.exec(value.text)?.[0] : undefined;
  const literal = sign ? next(value) : null;
  if (literal?.kind === 'unary') return product(node, sign as BinaryOperator, left, literal.of);
  return null;
}

/**
 * Refuses `child`, an operand of an operator, where it is a cast {@link readMisreadCast} would read
 * back, unless it is the left operand of `leftOf`, an operator that binds no tighter than the one
 * read back (`(a * (b)) - 1 + 1` is `((a * b) - 1) + 1` either way).
 */
export function refuseMisreadOperand(child: SyntaxNode | null, leftOf?: string) {
  const type = child?.type === 'cast_expression' ? getField(child, 'type') : null;
  if (type?.type !== 'type_descriptor' || !readProduct(type)) return;
  const value = getField(child!, 'value');
  const op =
    value?.type === 'number_literal' ? value.text[0] : ((value && getField(value, 'operator')?.text) ?? undefined);
  if (leftOf !== undefined && op !== undefined && (BINARY_PRECEDENCE[leftOf] ?? 11) <= (BINARY_PRECEDENCE[op] ?? 0))
    return;
  refuse(
    getNodePosition(child!),
    `the C++ parser reads (${clipNode(type.text)}) as a cast here (it cannot tell a variable from a type): write ((${clipNode(type.text)})) to keep it a product`,
  );
}

/** `T * (P)` of a type descriptor or a parameter, read as the product of the name `T` and `P`; `null` for any other shape. */
function readProduct(node: SyntaxNode): Expression | null {
  const type = getField(node, 'type');
  if (type?.type !== 'type_identifier') return null;
  const name = nameOf(type);
  const declarator = getField(node, 'declarator');
  if (!declarator) return node.type === 'parameter_declaration' ? name : null;
  if (declarator.type === 'pointer_declarator') {
    const other = getField(declarator, 'declarator');
    return other?.type === 'identifier' ? product(node, '*', name, nameOf(other)) : null;
  }
  const fn = declarator.type === 'abstract_pointer_declarator' ? getField(declarator, 'declarator') : null;
  if (fn?.type !== 'abstract_function_declarator' || getField(fn, 'declarator')) return null;
  const parameters = getNamedChildren(getField(fn, 'parameters') ?? fn);
  const inner =
    parameters.length === 1 && parameters[0].type === 'parameter_declaration' ? readProduct(parameters[0]) : null;
  return inner && product(node, '*', name, inner);
}

const nameOf = (node: SyntaxNode): Expression => ({
  at: getNodePosition(node),
  text: node.text,
  kind: 'name',
  name: node.text,
});

const product = (node: SyntaxNode, op: BinaryOperator, left: Expression, right: Expression): Expression => ({
  at: getNodePosition(node),
  text: node.text,
  kind: 'binary',
  op,
  left,
  right,
});
