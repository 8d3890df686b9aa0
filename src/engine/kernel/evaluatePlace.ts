import { getPlainForm, type InstructionForm } from './instructionForms';
import { refuse } from './kernelError';
import { clip, describeUnknown, requireKnown, type Lvalue, type KernelInterpreter } from './kernelInterpreter';
import type { Expression } from './kernelSyntax';
import { addPointers, getBaseType, getElementType, getTypeBytes, type KernelType } from './kernelTypes';
import { unknownInt, type Place, type Value, makeLanes, type Unknown } from './laneValues';
import { LANES, type Mask } from './laneMask';
import { convertValue, mergeValues } from './combineValues';

const loaded = new WeakMap<Expression, Value>();

/** What a load of `e` from `place` gives: data the analyzer never knows, saying where it came from. */
export function unknownFrom(place: Place, e: Expression): Value {
  const cached = loaded.get(e);
  if (
    cached &&
    (cached.kind === 'int'
      ? cached.type === (place.type.kind === 'int' ? place.type.int : null)
      : cached.type === place.type)
  )
    return cached;
  const made = makeUnknown(place, e.text);
  loaded.set(e, made);
  return made;
}

function makeUnknown(place: Place, text: string): Value {
  const what =
    place.space === 'shared'
      ? 'a value in shared memory'
      : place.space === 'global'
        ? 'a value in global memory'
        : 'an element of a local array, which the analyzer does not keep';
  const why: Unknown = { tag: 'memory', text: clip(text), what, needs: 'the data' };
  if (place.type.kind === 'int') return unknownInt(place.type.int, why);
  return { kind: 'data', type: place.type, why };
}

/** `place` moved by `index` elements (of its element, or of its first dimension's rows). */
const inner = new WeakMap<Place, Place>();
const innerDimensions = new WeakMap<readonly number[], readonly number[]>();

/** An array's dimensions past its first, made once for each array (they are never changed). */
function innerDims(dims: readonly number[]): readonly number[] {
  let found = innerDimensions.get(dims);
  if (!found) innerDimensions.set(dims, (found = dims.slice(1)));
  return found;
}

/** An element of a place outside shared memory (one place for every index: no address is kept there). */
function innerPlace(place: Place): Place {
  let found = inner.get(place);
  if (!found) inner.set(place, (found = { ...place, dims: place.dims.slice(1) }));
  return found;
}

/** `place` moved by `index` (of its first dimension when `checkDim`, in range; else elements), for the lanes of `mask`. */
export function offsetPlace(
  k: KernelInterpreter,
  place: Place,
  index: Value,
  mask: Mask,
  e: Expression,
  checkDim: boolean,
): Place {
  if (index.kind !== 'int') refuse(e.at, `${clip(e.text)}: an index must be an integer`);
  if (place.space !== 'shared') return checkDim ? innerPlace(place) : place;
  const known = requireKnown(k, index, mask, e, 'the address');
  const dims = checkDim ? innerDims(place.dims) : place.dims;
  let stride = getTypeBytes(place.type);
  if (stride === null) refuse(e.at, `${clip(e.text)}: the analyzer does not know the size of ${place.type.name}`);
  for (let d = 0; d < dims.length; d++) stride *= dims[d];
  const addresses = makeLanes();
  const from = place.addresses;
  const values = known.lanes;
  const low = checkDim ? 0 : -Infinity;
  const limit = checkDim ? place.dims[0] : Infinity;
  if (known.uniform && values[0] >= low && values[0] < limit) {
    // One subscript for every lane, in range: each lane's address moves by the same bytes.
    const offset = values[0] * stride;
    for (let lane = 0; lane < LANES; lane++) addresses[lane] = from[lane] + offset;
  } else
    for (let lane = 0; lane < LANES; lane++) {
      if (((mask >>> lane) & 1) === 0) continue;
      const i = values[lane];
      if (i < low || i >= limit)
        refuse(
          e.at,
          `${clip(e.text)}: the subscript is ${i} for lane ${lane} (thread ${k.warp * 32 + lane}), outside 0–${place.dims[0] - 1}`,
        );
      addresses[lane] = from[lane] + i * stride;
    }
  return {
    space: 'shared',
    array: place.array,
    type: place.type,
    dims,
    addresses,
    unknown: place.unknown & ~mask,
    why: place.why,
    name: place.name,
  };
}

/** The place a pointer points at (its lanes' addresses), refusing one that is unknown. */
export function pointee(k: KernelInterpreter, value: Value, mask: Mask, e: Expression): Place {
  if (value.kind !== 'pointer') refuse(e.at, `${clip(e.text)} is not a pointer or an array`);
  const place = value.place;
  if (place.space === 'shared' && place.unknown & mask) refuse(e.at, describeUnknown(k, e, place.why, 'the address'));
  return place;
}

/** What `e` names: a variable, or a place in memory, for the lanes of `mask`. */
export function evaluateLvalue(k: KernelInterpreter, e: Expression, mask: Mask): Lvalue {
  switch (e.kind) {
    case 'name': {
      const binding = k.scope.lookup(e.name) ?? k.globals.lookup(e.name) ?? bindGlobal(k, e);
      if (binding.kind === 'place') return { kind: 'place', place: binding.place };
      return { kind: 'var', binding };
    }
    case 'index': {
      const base = e.array;
      const target = evaluateLvalueOrValue(k, base, mask);
      const index = k.evaluate(e.index, mask);
      if (target.kind === 'place' && target.place.dims.length > 0)
        return { kind: 'place', place: offsetPlace(k, target.place, index, mask, e, true) };
      const pointer = target.kind === 'value' ? target.value : readVar(target);
      return { kind: 'place', place: offsetPlace(k, pointee(k, pointer, mask, base), index, mask, e, false) };
    }
    case 'unary':
      if (e.op === '*') return { kind: 'place', place: pointee(k, k.evaluate(e.of, mask), mask, e.of) };
      break;
    case 'member': {
      const target = e.arrow
        ? ({ kind: 'place', place: pointee(k, k.evaluate(e.object, mask), mask, e.object) } as Lvalue)
        : evaluateLvalue(k, e.object, mask);
      if (target.kind === 'place') return { kind: 'place', place: componentPlace(target.place, e) };
      return target;
    }
    case 'cast':
    case 'call':
    case 'conditional':
    case 'assign':
      break;
  }
  refuse(e.at, `${clip(e.text)} is not something that can be assigned`);
}

/** An lvalue where `e` is one, else its value (`reinterpret_cast<float4*>(p)[i]` subscripts a value). */
function evaluateLvalueOrValue(
  k: KernelInterpreter,
  e: Expression,
  mask: Mask,
): Lvalue | { kind: 'value'; value: Value } {
  if (
    e.kind === 'name' ||
    e.kind === 'index' ||
    (e.kind === 'member' && !e.arrow) ||
    (e.kind === 'unary' && e.op === '*')
  )
    return evaluateLvalue(k, e, mask);
  return { kind: 'value', value: k.evaluate(e, mask) };
}

const readVar = (lvalue: Lvalue): Value => (lvalue.kind === 'var' ? lvalue.binding.value : refuseValue());
const refuseValue = (): never => {
  throw new Error('a place where a value was expected');
};

const COMPONENTS = ['x', 'y', 'z', 'w'];
const COMPONENT_TYPES: Readonly<Record<string, string>> = {
  float2: 'float',
  float4: 'float',
  int2: 'int',
  int4: 'int',
  uint2: 'unsigned int',
  uint4: 'unsigned int',
  double2: 'double',
  short2: 'short',
  short4: 'short',
  char2: 'char',
  char4: 'char',
  half2: '__half',
  __half2: '__half',
};

/** `v.x` of a vector in memory: the component's place, its own type and offset. */
function componentPlace(place: Place, e: Extract<Expression, { kind: 'member' }>): Place {
  const component = COMPONENT_TYPES[place.type.name];
  const index = COMPONENTS.indexOf(e.field);
  if (!component || index < 0 || place.dims.length > 0)
    refuse(e.at, `${clip(e.text)}: the analyzer reads members only of CUDA's vector types (.x .y .z .w)`);
  const type = getBaseType(component);
  const bytes = getTypeBytes(type)!;
  const addresses = place.addresses.map((a) => a + index * bytes);
  return { ...place, type, addresses };
}

/** Reads what an lvalue holds for the lanes of `mask`: a variable's value, or a load (recorded when shared). */
export function readLvalue(k: KernelInterpreter, lvalue: Lvalue, mask: Mask, e: Expression): Value {
  return lvalue.kind === 'var' ? lvalue.binding.value : readPlace(k, lvalue.place, mask, e);
}

/** Reads a place in memory for the lanes of `mask`: a load (recorded when shared), or an array's decay to a pointer. */
export function readPlace(k: KernelInterpreter, place: Place, mask: Mask, e: Expression): Value {
  if (place.dims.length > 0)
    // An array read as a value decays to a pointer to its first element.
    return { kind: 'pointer', type: addPointers(place.type, 1), place: { ...place, dims: place.dims.slice(1) } };
  if (place.space === 'shared' && mask !== 0) k.recorder.record(place, plainForm(loads, 'load', place, e), mask, e.at);
  return unknownFrom(place, e);
}

const loads = new WeakMap<KernelType, InstructionForm>();
const stores = new WeakMap<KernelType, InstructionForm>();

/** The load or store of a place's element type, found once for each type (every access asks). */
function plainForm(
  forms: WeakMap<KernelType, InstructionForm>,
  op: 'load' | 'store',
  place: Place,
  e: Expression,
): InstructionForm {
  let form = forms.get(place.type);
  if (!form) forms.set(place.type, (form = getPlainForm(op, elementOf(place, e))));
  return form;
}

/** The engine's element type of a place's accesses, refused when it has none. */
export function elementOf(place: Place, e: Expression) {
  const type = getElementType(place.type);
  if (!type) refuse(e.at, `${clip(e.text)}: ${place.type.name} is not an element type the model knows`);
  return type;
}

/** A file-scope name, bound on first use; refused when the file does not declare it. */
function bindGlobal(k: KernelInterpreter, e: Extract<Expression, { kind: 'name' }>) {
  const bound = k.bindGlobal(e.name);
  if (bound) return bound;
  refuse(
    e.at,
    `${e.name} is not declared (the analyzer knows the kernel's own names, its parameters, #define constants, and threadIdx, blockIdx, blockDim, gridDim and warpSize)`,
  );
}

/** Writes `value` to what an lvalue names for the lanes of `mask`, converted to its type; a shared store is recorded. */
export function writeLvalue(k: KernelInterpreter, lvalue: Lvalue, value: Value, mask: Mask, e: Expression): Value {
  if (lvalue.kind === 'var') {
    const binding = lvalue.binding;
    const converted = convertValue(k, value, binding.type, mask, e);
    binding.value = (k.live & ~mask) === 0 ? converted : mergeValues(k, converted, binding.value, mask, e);
    return converted;
  }
  return writePlace(k, lvalue.place, value, mask, e);
}

/** Writes to a place in memory for the lanes of `mask` (a shared store is recorded); gives `value`. */
export function writePlace(k: KernelInterpreter, place: Place, value: Value, mask: Mask, e: Expression): Value {
  if (place.dims.length > 0) refuse(e.at, `${clip(e.text)} assigns to a whole array`);
  if (place.space === 'shared' && mask !== 0)
    k.recorder.record(place, plainForm(stores, 'store', place, e), mask, e.at);
  return value;
}
