import type { SharedArrayPlacement } from './kernelReport';
import { ALL_LANES, hasLane, LANES, type Mask } from './laneMask';
import type { IntType, KernelType } from './kernelTypes';

/** What a value the analyzer cannot know is: the tag a program reads, beside the words a person reads. */
export type UnknownTag =
  'parameter' | 'data-parameter' | 'memory' | 'data' | 'call' | 'asm' | 'array' | 'unset' | 'unknown';

/** Where a value the analyzer cannot know came from, and what a person can do about it. */
export interface Unknown {
  readonly tag: UnknownTag;
  /** The source that produced it: `index[threadIdx.x]`, `width`. */
  readonly text: string;
  /** What it is, in a message's words: "a value in global memory", "a parameter without a value". */
  readonly what: string;
  /** What knowing it would take, where it decides an address or a branch: "the data", "its value: …". */
  readonly needs: string;
}

/** An integer, lane by lane; lanes in `unknown` hold no value (`why` says where they came from). */
export interface IntValue {
  readonly kind: 'int';
  readonly type: IntType;
  readonly lanes: Lanes;
  readonly unknown: Mask;
  readonly why: Unknown | null;
  /**
   * Set when every lane holds `lanes[0]` and none is unknown (a loop counter, a constant):
   * arithmetic on two such values runs once, not once a lane.
   */
  readonly uniform?: true;
}

/** Data: a floating-point number, a vector, a struct; never known, fine until it decides something. */
export interface DataValue {
  readonly kind: 'data';
  readonly type: KernelType;
  readonly why: Unknown;
}

/**
 * A place in memory, lane by lane: what it holds and, in shared memory, the byte address each lane
 * names (in the block's shared window, arrays laid out as the report says).
 */
export interface Place {
  readonly space: 'shared' | 'global' | 'local';
  /** The shared array it is in (`null` elsewhere). */
  readonly array: SharedArrayPlacement | null;
  /** The element type at the place (for an array, its element's type). */
  readonly type: KernelType;
  /** The array dimensions still to subscript at the place, outermost first (`[]`: one element). */
  readonly dims: readonly number[];
  readonly addresses: Lanes;
  readonly unknown: Mask;
  readonly why: Unknown | null;
  /** The name a message calls it by: `tile`, `out`. */
  readonly name: string;
}

export interface PointerValue {
  readonly kind: 'pointer';
  readonly type: KernelType;
  /** What it points at. */
  readonly place: Place;
}

export type Value = IntValue | DataValue | PointerValue;

/**
 * One number a lane. A plain array, not a typed one: a 32-entry `Float64Array` is allocated
 * outside V8's heap, and the analyzer makes hundreds of thousands of them.
 */
export type Lanes = number[];

// Copied rather than made with `new Array(32).fill(0)`: a copy of a packed array is packed, and
// much faster to make.
const ZEROS: readonly number[] = Array.from({ length: LANES }, () => 0);

/** Lanes that all hold 0. */
export const makeLanes = (): Lanes => ZEROS.slice();

/** A lane-by-lane array of one value. */
export function fillLanes(value: number): Lanes {
  return ZEROS.slice().fill(value);
}

const uniforms = new Map<IntType, (IntValue | undefined)[]>();
/** The least of each type's small values kept, made once and shared (values are never changed). */
const LOWEST = -256;
/** One past the greatest kept. */
const KEPT = 4096;

/** An integer known and equal in every lane. */
export function uniformInt(type: IntType, value: number): IntValue {
  // By an array, not a map: this runs for every uniform result (loop counters, constants).
  const small = value >= LOWEST && value < KEPT && (value | 0) === value && !Object.is(value, -0);
  let kept = small ? uniforms.get(type) : undefined;
  const found = kept?.[value - LOWEST];
  if (found) return found;
  const made: IntValue = { kind: 'int', type, lanes: fillLanes(value), unknown: 0, why: null, uniform: true };
  if (small) {
    if (!kept) uniforms.set(type, (kept = new Array<IntValue | undefined>(KEPT - LOWEST).fill(undefined)));
    kept[value - LOWEST] = made;
  }
  return made;
}

/** An integer unknown in every lane. */
export const unknownInt = (type: IntType, why: Unknown): IntValue => ({
  kind: 'int',
  type,
  lanes: makeLanes(),
  unknown: ALL_LANES,
  why,
});

/** `fresh` in the lanes of `mask`, `old` elsewhere: what a masked assignment leaves. */
export function mergeLanes(old: Lanes, fresh: Lanes, mask: Mask): Lanes {
  if (mask === ALL_LANES || mask === -1) return fresh;
  const merged = old.slice();
  for (let lane = 0; lane < LANES; lane++) if (hasLane(mask, lane)) merged[lane] = fresh[lane];
  return merged;
}
