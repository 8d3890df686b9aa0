import { applyBinary, applyUnary, castInt } from './intArithmetic';
import { refuse } from './kernelError';
import { blameAt, clip, dataWhy, requireKnown, type KernelInterpreter } from './kernelInterpreter';
import type { BinaryOperator, Expression } from './kernelSyntax';
import { getTypeBytes, INT_TYPES, type KernelType } from './kernelTypes';
import { makeLanes, mergeLanes, uniformInt, unknownInt, type IntValue, type Value } from './laneValues';
import { LANES, type Mask, both, toMask, union, without } from './laneMask';

const COMPARES = new Set<BinaryOperator>(['<', '>', '<=', '>=', '==', '!=']);

/** `a op b` for any two values: integers by C's rules, pointer arithmetic, and data. */
export function combine(
  k: KernelInterpreter,
  op: BinaryOperator,
  a: Value,
  b: Value,
  mask: Mask,
  e: Expression,
): Value {
  if (a.kind === 'int' && b.kind === 'int') return applyBinary(op, a, b, mask, blameAt(k, e), clip(e.text));
  const compare = COMPARES.has(op);
  if (a.kind === 'data' || b.kind === 'data') {
    const data = (a.kind === 'data' ? a : b) as Extract<Value, { kind: 'data' }>;
    if (compare) return unknownInt(INT_TYPES.bool, data.why);
    return data.type === (a.kind === 'data' ? a.type : data.type)
      ? data
      : { kind: 'data', type: data.type, why: data.why };
  }
  if (a.kind === 'pointer' && b.kind === 'int' && (op === '+' || op === '-')) {
    const index = op === '-' ? applyUnary('-', b, mask, blameAt(k, e), clip(e.text)) : b;
    return { ...a, place: movePointer(k, a, index, mask, e) };
  }
  if (a.kind === 'int' && b.kind === 'pointer' && op === '+') return { ...b, place: movePointer(k, b, a, mask, e) };
  if (
    a.kind === 'pointer' &&
    b.kind === 'pointer' &&
    (op === '-' || compare) &&
    a.place.space === 'shared' &&
    b.place.space === 'shared'
  ) {
    const size = getTypeBytes(a.place.type) ?? 1;
    const lanes = makeLanes();
    const r = applyBinary(op, uniformInt(INT_TYPES.long, 0), uniformInt(INT_TYPES.long, 0), 0, blameAt(k, e), '');
    for (let lane = 0; lane < LANES; lane++) {
      const p = a.place.addresses[lane];
      const q = b.place.addresses[lane];
      lanes[lane] =
        op === '-'
          ? (p - q) / size
          : applyBinary(op, uniformInt(INT_TYPES.long, p), uniformInt(INT_TYPES.long, q), 1, blameAt(k, e), '')
              .lanes[0];
    }
    return { ...r, lanes, unknown: union(a.place.unknown, b.place.unknown) };
  }
  refuse(e.at, `${clip(e.text)}: ${op} of a pointer is outside what the analyzer follows`);
}

function movePointer(
  k: KernelInterpreter,
  pointer: Extract<Value, { kind: 'pointer' }>,
  index: IntValue,
  mask: Mask,
  e: Expression,
) {
  const place = pointer.place;
  if (place.space !== 'shared') return place;
  const known = requireKnown(k, index, mask, e, 'the address');
  const size = getTypeBytes(place.type);
  if (size === null) refuse(e.at, `${clip(e.text)}: the analyzer does not know the size of ${place.type.name}`);
  let stride = size;
  for (const d of place.dims) stride *= d;
  const addresses = makeLanes();
  for (let lane = 0; lane < LANES; lane++) addresses[lane] = place.addresses[lane] + known.lanes[lane] * stride;
  return { ...place, addresses };
}

/** `value` as a `type`, as C converts it; data converted to an integer is unknown, as data. */
export function convertValue(k: KernelInterpreter, value: Value, type: KernelType, mask: Mask, e: Expression): Value {
  if (type.kind === 'int') {
    // Already of the type (a counter written back): nothing to convert, and no message to make ready.
    if (value.kind === 'int') return value.type === type.int ? value : castInt(value, type.int, mask, blameAt(k, e));
    if (value.kind === 'data') return unknownInt(type.int, value.why);
    if (value.place.space === 'shared' && type.int.bits === 64) return addressOf(value.place, type);
    refuse(e.at, `${clip(e.text)}: a pointer converted to ${type.name} is outside what the analyzer follows`);
  }
  if (type.kind === 'data') {
    if (value.kind !== 'data') return { kind: 'data', type, why: dataWhy(e) };
    // Data of the type already (as `sum += a * b` gives every round) is kept, not copied.
    const same =
      value.type === type ||
      (value.type.kind === 'data' && value.type.name === type.name && value.type.bytes === type.bytes);
    return same ? value : { ...value, type };
  }
  if (value.kind !== 'pointer') refuse(e.at, `${clip(e.text)}: only a pointer converts to ${type.name} here`);
  return { kind: 'pointer', type, place: { ...value.place, type: type.to, dims: [] } };
}

/** A shared place's address as an integer (what `__cvta_generic_to_shared` gives). */
export function addressOf(
  place: Extract<Value, { kind: 'pointer' }>['place'],
  type: KernelType & { kind: 'int' },
): IntValue {
  return { kind: 'int', type: type.int, lanes: place.addresses.slice(), unknown: place.unknown, why: place.why };
}

/** Merges two branches' values: `a` in the lanes of `yes`, `b` in the others. */
export function mergeValues(k: KernelInterpreter, a: Value, b: Value, yes: Mask, e: Expression): Value {
  if (a.kind === 'int' && b.kind === 'int') {
    const type = a.type === b.type ? a.type : applyBinary('+', a, b, 0, blameAt(k, e), '').type;
    const x = a.type === type ? a : castInt(a, type, yes, blameAt(k, e));
    const y = b.type === type ? b : castInt(b, type, toMask(~yes), blameAt(k, e));
    return {
      kind: 'int',
      type,
      lanes: mergeLanes(y.lanes, x.lanes, yes),
      unknown: union(both(x.unknown, yes), without(y.unknown, yes)),
      why: x.why ?? y.why,
    };
  }
  if (a.kind === 'pointer' && b.kind === 'pointer') {
    if (a.place.array !== b.place.array)
      refuse(e.at, `${clip(e.text)} points into different arrays in different lanes`);
    return { ...a, place: { ...a.place, addresses: mergeLanes(b.place.addresses, a.place.addresses, yes) } };
  }
  // A pointer set in some lanes only (the others never set it) is that pointer; data stays data.
  if (a.kind === 'pointer' && b.kind === 'data') return a;
  if (b.kind === 'pointer' && a.kind === 'data') return b;
  if (a.kind === 'data') return a;
  if (b.kind === 'data') return b;
  refuse(e.at, `${clip(e.text)}: its two sides have different kinds of value`);
}
