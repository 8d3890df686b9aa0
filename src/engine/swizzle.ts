import { fail, ok, type Result } from './result';

/** CuTe's `Swizzle<B, M, S>`: B bits taken S places higher, XORed into the bits from M up. */
export interface Swizzle {
  readonly bits: number;
  readonly base: number;
  readonly shift: number;
}

/** Reads `B,M,S` (each a whole number; B + M + S at most 31, so every bit stays inside an int). */
export function parseSwizzle(text: string): Result<Swizzle> {
  const parts = typeof text === 'string' ? text.trim().split(/\s*,\s*/) : [];
  if (parts.length !== 3 || !parts.every((p) => /^\d{1,2}$/.test(p)))
    return fail('swizzle', `must be three whole numbers B,M,S (like 3,3,3), not "${String(text).slice(0, 40)}"`);
  const [bits, base, shift] = parts.map(Number);
  return createSwizzle({ bits, base, shift });
}

/**
 * Checks a swizzle as CuTe does: S ≥ B, so the bits it reads never overlap the bits it changes
 * (B = 0 changes nothing), and the bits it reads sit below bit 31 of an int.
 */
export function createSwizzle(swizzle: Swizzle): Result<Swizzle> {
  const { bits, base, shift } = swizzle;
  if (![bits, base, shift].every((n) => Number.isInteger(n) && n >= 0))
    return fail('swizzle', 'B, M and S must be whole numbers');
  if (shift < bits)
    return fail(
      'swizzle',
      `S (${shift}) must be at least B (${bits}), or the bits it reads overlap the bits it changes`,
    );
  if (bits + base + shift > 31)
    return fail('swizzle', `B + M + S is ${bits + base + shift}, but the bits it reads must stay below bit 31`);
  return ok(Object.freeze({ bits, base, shift }));
}

/** The swizzle as a link writes it: `B,M,S`. */
export const writeSwizzle = (s: Swizzle) => `${s.bits},${s.base},${s.shift}`;

/** Where element offset `o` is stored: `o ^ ((o >> S) & (((1 << B) − 1) << M))`. */
export function applySwizzle(swizzle: Swizzle, offset: number): number {
  const mask = ((1 << swizzle.bits) - 1) << swizzle.base;
  return offset ^ ((offset >> swizzle.shift) & mask);
}
