import jsep from 'jsep';
import { fail, ok, type Result } from './result';

/** An index expression, parsed: integer arithmetic over `lane`. */
export type IndexNode =
  | { readonly kind: 'lane' }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'unary'; readonly op: '-' | '+' | '~'; readonly of: IndexNode }
  | { readonly kind: 'binary'; readonly op: BinaryOp; readonly left: IndexNode; readonly right: IndexNode };

type BinaryOp = '+' | '-' | '*' | '/' | '%' | '&' | '|' | '^' | '<<' | '>>';

const BINARY = new Set<string>(['+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>']);
const UNARY = new Set<string>(['-', '+', '~']);
const MAX_LENGTH = 500;
const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

/** The field every expression error names, as links, forms and lesson files call it. */
const FIELD = 'expr';

interface JsepNode {
  type: string;
  operator?: string;
  left?: JsepNode;
  right?: JsepNode;
  argument?: JsepNode;
  name?: string;
  value?: unknown;
  raw?: string;
}

function convert(node: JsepNode): Result<IndexNode> {
  switch (node.type) {
    case 'Identifier':
      return node.name === 'lane'
        ? ok({ kind: 'lane' })
        : fail(FIELD, `only lane can be named in an index expression, not ${node.name}`);
    case 'Literal': {
      const raw = node.raw ?? String(node.value);
      if (typeof node.value !== 'number' || !/^\d+$/.test(raw))
        return fail(FIELD, `${raw} is not a whole decimal number (write hexadecimal in decimal: 0x1f is 31)`);
      if (node.value > INT_MAX) return fail(FIELD, `${raw} does not fit a 32-bit int`);
      return ok({ kind: 'number', value: node.value });
    }
    case 'UnaryExpression': {
      if (!UNARY.has(node.operator!)) return fail(FIELD, `${node.operator} is not an integer operator here`);
      const of = convert(node.argument!);
      return of.ok ? ok({ kind: 'unary', op: node.operator as '-' | '+' | '~', of: of.value }) : of;
    }
    case 'BinaryExpression': {
      if (!BINARY.has(node.operator!))
        return fail(FIELD, `${node.operator} is not one of the operators + − * / % & | ^ ~ << >>`);
      const left = convert(node.left!);
      if (!left.ok) return left;
      const right = convert(node.right!);
      if (!right.ok) return right;
      return ok({ kind: 'binary', op: node.operator as BinaryOp, left: left.value, right: right.value });
    }
    default:
      return fail(FIELD, 'an index expression holds only numbers, lane, + − * / % & | ^ ~ << >> and parentheses');
  }
}

/**
 * Parses a C integer expression over `lane`, like `(lane % 8) * 33 + lane / 8`, with a small
 * expression parser (jsep); anything but integers, `lane`, the arithmetic and bit operators and
 * parentheses is refused with a reason. Nothing is ever evaluated as code.
 */
export function parseIndexExpression(text: string): Result<IndexNode> {
  if (typeof text !== 'string' || text.trim() === '')
    return fail(FIELD, 'write an expression over lane, like lane * 33');
  if (text.length > MAX_LENGTH) return fail(FIELD, `an index expression is at most ${MAX_LENGTH} characters`);
  let tree: JsepNode;
  try {
    tree = jsep(text) as JsepNode;
  } catch (error) {
    const { description, index } = error as { description?: string; index?: number };
    return fail(FIELD, `${description ?? 'cannot be read'} at character ${(index ?? 0) + 1}`);
  }
  return convert(tree);
}

/** Checks that an intermediate value is a C `int`, as the kernel would compute it. */
function int(value: number, lane: number, what: string): Result<number> {
  // `+ 0` folds JavaScript's -0 into C's one zero.
  return Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX
    ? ok(value + 0)
    : fail(FIELD, `${what} overflows a 32-bit int for lane ${lane}`);
}

/**
 * Evaluates a parsed expression for one lane with C's integer semantics: `/` truncates toward
 * zero, `%` takes the dividend's sign, shifts are by 0–31, and a division by zero or an overflow
 * of `int` is an error naming the lane, where C would be undefined.
 */
export function evaluateIndex(node: IndexNode, lane: number): Result<number> {
  switch (node.kind) {
    case 'lane':
      return ok(lane);
    case 'number':
      return ok(node.value);
    case 'unary': {
      const of = evaluateIndex(node.of, lane);
      if (!of.ok) return of;
      if (node.op === '~') return ok(~of.value);
      return int(node.op === '-' ? -of.value : of.value, lane, `${node.op}${of.value}`);
    }
    case 'binary': {
      const l = evaluateIndex(node.left, lane);
      if (!l.ok) return l;
      const r = evaluateIndex(node.right, lane);
      if (!r.ok) return r;
      const [a, b] = [l.value, r.value];
      const what = `${a} ${node.op} ${b}`;
      switch (node.op) {
        case '+':
          return int(a + b, lane, what);
        case '-':
          return int(a - b, lane, what);
        case '*':
          return int(a * b, lane, what);
        case '/':
        case '%':
          if (b === 0) return fail(FIELD, `${what} divides by zero for lane ${lane}`);
          return int(node.op === '/' ? Math.trunc(a / b) : a % b, lane, what);
        case '&':
          return ok(a & b);
        case '|':
          return ok(a | b);
        case '^':
          return ok(a ^ b);
        case '<<':
        case '>>':
          if (b < 0 || b > 31) return fail(FIELD, `${what} shifts by ${b}, outside 0–31, for lane ${lane}`);
          return node.op === '>>' ? ok(a >> b) : int(a * 2 ** b, lane, what);
      }
    }
  }
}
