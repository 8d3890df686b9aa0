import { fail, ok, type Result } from './result';

/**
 * CuTe's `Swizzle<B, M, S>`: B bits taken S places higher (lower, for a negative S), XORed into the
 * bits from M up.
 */
export interface Swizzle {
  readonly bits: number;
  readonly base: number;
  readonly shift: number;
}

/** Reads `B,M,S` (whole numbers, S may be negative; every bit it touches inside an int). */
export function parseSwizzle(text: string): Result<Swizzle> {
  const parts = typeof text === 'string' ? text.trim().split(/\s*,\s*/) : [];
  if (parts.length !== 3 || !parts.every((p, i) => (i === 2 ? /^-?\d{1,2}$/ : /^\d{1,2}$/).test(p)))
    return fail('swizzle', `must be three whole numbers B,M,S (like 3,3,3), not "${String(text).slice(0, 40)}"`);
  const [bits, base, shift] = parts.map(Number);
  return createSwizzle({ bits, base, shift });
}

/**
 * Checks a swizzle as CuTe's `static_assert`s do: B and M at least 0 and |S| ≥ B, so the bits it
 * reads never overlap the bits it changes (B = 0 changes nothing); and, beyond CuTe, that every bit
 * it reads or changes sits below bit 31, where an element offset's int keeps it.
 */
export function createSwizzle(swizzle: Swizzle): Result<Swizzle> {
  const { bits, base, shift } = swizzle;
  if (![bits, base, shift].every(Number.isInteger) || bits < 0 || base < 0)
    return fail('swizzle', 'B and M must be whole numbers from 0 up, and S a whole number');
  if (Math.abs(shift) < bits)
    return fail(
      'swizzle',
      `|S| (${Math.abs(shift)}) must be at least B (${bits}), or the bits it reads overlap the bits it changes`,
    );
  if (bits + base + Math.abs(shift) > 31)
    return fail(
      'swizzle',
      `B + M + |S| is ${bits + base + Math.abs(shift)}, but the bits it touches must stay below bit 31`,
    );
  return ok(Object.freeze({ bits, base, shift }));
}

/** The swizzle as a link writes it: `B,M,S`. */
export const writeSwizzle = (s: Swizzle) => `${s.bits},${s.base},${s.shift}`;
