/**
 * A warp's lanes as one 32-bit number, bit `i` lane `i`: which lanes run a statement, which hold
 * an unknown value. JavaScript's bitwise operators give signed 32-bit results; `toMask` brings one
 * back to the unsigned form every mask is kept in.
 */
export type Mask = number;

export const LANES = 32;
export const ALL_LANES: Mask = 0xffffffff;

/** A bitwise result as a mask (unsigned). */
export const toMask = (bits: number): Mask => bits >>> 0;

/** The lanes in `a` or `b`. */
export const union = (a: Mask, b: Mask): Mask => (a | b) >>> 0;

/** The lanes in both `a` and `b`. */
export const both = (a: Mask, b: Mask): Mask => (a & b) >>> 0;

/** The lanes of `a` not in `b`. */
export const without = (a: Mask, b: Mask): Mask => (a & ~b) >>> 0;

/** Whether lane `lane` is in `mask`. */
export const hasLane = (mask: Mask, lane: number) => ((mask >>> lane) & 1) === 1;

/** The lowest lane of a mask (the mask must not be 0). */
export const lowestLane = (mask: Mask) => 31 - Math.clz32(mask & -mask);

/** The lanes of `mask` where `lanes` holds a value other than 0. */
export function lanesTrue(lanes: readonly number[], mask: Mask): Mask {
  let yes = 0;
  for (let lane = 0; lane < LANES; lane++) if (hasLane(mask, lane) && lanes[lane] !== 0) yes |= 1 << lane;
  return yes >>> 0;
}
