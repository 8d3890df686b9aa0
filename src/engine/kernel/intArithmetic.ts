import type { BinaryOperator } from './kernelSyntax';
import { convertInt, getCommonType, INT_TYPES, promote, type IntType } from './kernelTypes';
import { uniformInt, type IntValue, makeLanes } from './laneValues';
import { hasLane, LANES, lowestLane, type Mask } from './laneMask';

/** Reports C's undefined behaviour (or a value past 2^53) in lane `lane`: it never returns. */
export type Blame = (lane: number, reason: string) => never;

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const LIMIT_64 = 2 ** 53;

/** `value` brought to `type` lane by lane, as C converts integers. */
export function castInt(value: IntValue, type: IntType, mask: Mask, blame: Blame): IntValue {
  if (value.type === type) return value;
  if (value.uniform && mask !== 0) {
    const converted = convertInt(value.lanes[0], type);
    if (converted === null)
      blame(
        lowestLane(mask),
        `${value.lanes[0]} as ${type.name} is past 2^53, beyond what the analyzer follows exactly`,
      );
    return uniformInt(type, converted);
  }
  const lanes = makeLanes();
  for (let lane = 0; lane < LANES; lane++) {
    if (!hasLane(mask, lane) || hasLane(value.unknown, lane)) continue;
    const converted = convertInt(value.lanes[lane], type);
    if (converted === null)
      blame(lane, `${value.lanes[lane]} as ${type.name} is past 2^53, beyond what the analyzer follows exactly`);
    lanes[lane] = converted;
  }
  return { kind: 'int', type, lanes, unknown: value.unknown, why: value.why };
}

/** Checks a result against its type: `int` overflow and a 64-bit value past 2^53 are errors. */
function fit(value: number, type: IntType, lane: number, blame: Blame, text: string): number {
  if (type.bits === 32) {
    if (!type.signed) return value >>> 0;
    if (value < INT_MIN || value > INT_MAX) blame(lane, `${text} overflows int (${value}), which C leaves undefined`);
    return value + 0;
  }
  if (type.signed) {
    if (!Number.isSafeInteger(value)) blame(lane, `${text} is past 2^53, beyond what the analyzer follows exactly`);
    return value + 0;
  }
  const wrapped = value < 0 ? value + 2 ** 64 : value;
  if (!Number.isSafeInteger(wrapped) || wrapped > LIMIT_64)
    blame(lane, `${text} wraps past 2^53 as ${type.name}, beyond what the analyzer follows exactly`);
  return wrapped;
}

/** A 64-bit bitwise operation, exact through BigInt. */
function bitwise64(op: '&' | '|' | '^', a: number, b: number, type: IntType): number {
  const x = BigInt.asUintN(64, BigInt(a));
  const y = BigInt.asUintN(64, BigInt(b));
  const r = op === '&' ? x & y : op === '|' ? x | y : x ^ y;
  return Number(type.signed ? BigInt.asIntN(64, r) : r);
}

/**
 * `a op b` lane by lane with C's rules for the operands' common type: `int` overflow, division by
 * zero and out-of-range shifts are errors (`blame`), `unsigned` wraps modulo 2^32, 64-bit types
 * are exact up to 2^53. Comparisons give `bool`; `&&` and `||` are the caller's (they short-circuit).
 */
export function applyBinary(
  op: BinaryOperator,
  a: IntValue,
  b: IntValue,
  mask: Mask,
  blame: Blame,
  text: string,
): IntValue {
  const shift = op === '<<' || op === '>>';
  const type = shift ? promote(a.type) : getCommonType(a.type, b.type);
  const x = shift ? castInt(a, type, mask, blame) : castInt(a, type, mask, blame);
  const y = shift ? castInt(b, promote(b.type), mask, blame) : castInt(b, type, mask, blame);
  const compare = op === '<' || op === '>' || op === '<=' || op === '>=' || op === '==' || op === '!=';
  const result = compare ? INT_TYPES.bool : type;
  if (x.uniform && y.uniform && mask !== 0) {
    // Every lane computes the same: once, blaming the lowest lane as the lane loop would.
    const lane = lowestLane(mask);
    const fast = EXACT_INT_OPERATIONS[op];
    let r: number;
    if (fast && type.bits === 32 && (compare || type.signed)) {
      r = fast(x.lanes[0], y.lanes[0]);
      if (!compare && (r < INT_MIN || r > INT_MAX)) fit(r, type, lane, blame, text);
    } else r = applyOne(op, type, x.lanes[0], y.lanes[0], lane, blame, text);
    return uniformInt(result, r);
  }
  const unknown = (a.unknown | b.unknown) >>> 0;
  const lanes = makeLanes();
  const live = (mask & ~unknown) >>> 0;
  const p = x.lanes;
  const q = y.lanes;
  const fast = EXACT_INT_OPERATIONS[op];
  // The common case gets a loop of its own: 32-bit int arithmetic and comparisons, checked after.
  if (fast && type.bits === 32 && (compare || type.signed)) {
    for (let lane = 0; lane < LANES; lane++) lanes[lane] = fast(p[lane], q[lane]);
    if (!compare)
      for (let lane = 0; lane < LANES; lane++)
        if ((live >>> lane) & 1 && (lanes[lane] < INT_MIN || lanes[lane] > INT_MAX))
          fit(lanes[lane], type, lane, blame, text);
    return { kind: 'int', type: result, lanes, unknown, why: a.unknown ? a.why : b.why };
  }
  for (let lane = 0; lane < LANES; lane++)
    if ((live >>> lane) & 1) lanes[lane] = applyOne(op, type, p[lane], q[lane], lane, blame, text);
  return { kind: 'int', type: result, lanes, unknown, why: a.unknown ? a.why : b.why };
}

/**
 * The operations whose 32-bit signed result is the exact sum, difference, product or comparison
 * (checked against `int` after): the compiled closures use them too.
 */
export const EXACT_INT_OPERATIONS: Partial<Record<BinaryOperator, (p: number, q: number) => number>> = {
  '+': (p, q) => p + q,
  '-': (p, q) => p - q,
  '*': (p, q) => p * q,
  '<': (p, q) => (p < q ? 1 : 0),
  '>': (p, q) => (p > q ? 1 : 0),
  '<=': (p, q) => (p <= q ? 1 : 0),
  '>=': (p, q) => (p >= q ? 1 : 0),
  '==': (p, q) => (p === q ? 1 : 0),
  '!=': (p, q) => (p !== q ? 1 : 0),
};

/** `p op q` in one lane, for the operands' common `type`. */
function applyOne(
  op: BinaryOperator,
  type: IntType,
  p: number,
  q: number,
  lane: number,
  blame: Blame,
  text: string,
): number {
  const bits = type.bits;
  let r: number;
  switch (op) {
    case '+':
      r = fit(p + q, type, lane, blame, text);
      break;
    case '-':
      r = fit(p - q, type, lane, blame, text);
      break;
    case '*':
      r = bits === 32 && !type.signed ? Math.imul(p, q) >>> 0 : fit(p * q, type, lane, blame, text);
      break;
    case '/':
    case '%':
      if (q === 0) blame(lane, `${text} divides by zero`);
      if (type.signed && q === -1 && p === (bits === 32 ? INT_MIN : -LIMIT_64))
        blame(lane, `${text} overflows (the lowest ${type.name} divided by -1)`);
      r = op === '/' ? Math.trunc(p / q) + 0 : (p % q) + 0;
      break;
    case '&':
    case '|':
    case '^':
      if (bits === 64) r = bitwise64(op, p, q, type);
      else {
        const v = op === '&' ? p & q : op === '|' ? p | q : p ^ q;
        r = type.signed ? v : v >>> 0;
      }
      break;
    case '<<':
    case '>>': {
      if (q < 0 || q >= bits) blame(lane, `${text} shifts by ${q}, outside 0–${bits - 1} for ${type.name}`);
      if (op === '>>') r = bits === 32 ? (type.signed ? p >> q : p >>> q) : Math.floor(p / 2 ** q);
      else {
        if (type.signed && p < 0)
          blame(lane, `${text} shifts a negative number (${p}) left, which C++17 leaves undefined`);
        r = bits === 32 && !type.signed ? (p << q) >>> 0 : fit(p * 2 ** q, type, lane, blame, text);
      }
      break;
    }
    case '<':
      r = p < q ? 1 : 0;
      break;
    case '>':
      r = p > q ? 1 : 0;
      break;
    case '<=':
      r = p <= q ? 1 : 0;
      break;
    case '>=':
      r = p >= q ? 1 : 0;
      break;
    case '==':
      r = p === q ? 1 : 0;
      break;
    case '!=':
      r = p !== q ? 1 : 0;
      break;
    default:
      r = 0;
  }
  return r;
}

/** `-a`, `+a`, `~a` and `!a` lane by lane, with C's promotion and overflow rules. */
export function applyUnary(op: '-' | '+' | '~' | '!', a: IntValue, mask: Mask, blame: Blame, text: string): IntValue {
  if (op === '!') {
    const lanes = makeLanes();
    for (let lane = 0; lane < LANES; lane++) lanes[lane] = a.lanes[lane] === 0 ? 1 : 0;
    return { kind: 'int', type: INT_TYPES.bool, lanes, unknown: a.unknown, why: a.why };
  }
  const type = promote(a.type);
  const x = castInt(a, type, mask, blame);
  if (op === '+') return x;
  const lanes = makeLanes();
  for (let lane = 0; lane < LANES; lane++) {
    if (!hasLane(mask, lane) || hasLane(a.unknown, lane)) continue;
    const p = x.lanes[lane];
    if (op === '-') lanes[lane] = fit(-p, type, lane, blame, text);
    else
      lanes[lane] =
        type.bits === 64
          ? Number(type.signed ? ~BigInt(p) : BigInt.asUintN(64, ~BigInt(p)))
          : type.signed
            ? ~p
            : ~p >>> 0;
    if (op === '~' && type.bits === 64) fit(lanes[lane], type, lane, blame, text);
  }
  return { kind: 'int', type, lanes, unknown: a.unknown, why: a.why };
}
