import type { Swizzle } from './swizzle';

/** A run of bits of an element offset: the lowest, and how many. */
export interface BitRange {
  readonly from: number;
  readonly count: number;
}

/** Which bits of an element offset a swizzle reads, which it changes, and the mask of those it changes. */
export interface SwizzleBits {
  readonly read: BitRange;
  readonly changed: BitRange;
  /** The bits changed, as a mask: `((1 << B) − 1) << M` for S ≥ 0. */
  readonly mask: number;
}

/**
 * The bits `Swizzle<B, M, S>` moves: B bits read from M + S XORed into the B bits from M (for a
 * negative S, read from M and XORed into the bits |S| higher), as {@link applySwizzle} applies it.
 */
export function getSwizzleBits({ bits, base, shift }: Swizzle): SwizzleBits {
  const read = base + Math.max(0, shift);
  const changed = shift >= 0 ? base : base - shift;
  return {
    read: { from: read, count: bits },
    changed: { from: changed, count: bits },
    mask: (((1 << bits) - 1) << changed) >>> 0,
  };
}
