import { WARP_SIZE } from './bankModel';
import { checkInteger, fail, ok, type Result } from './result';

/**
 * Which lanes of the warp take part, as a 32-bit mask (bit `i` set: lane `i` is active).
 *
 * @remarks
 * A mask, not a count, because CUDA's own active masks are bit sets and the lesson's partial warps
 * are easier to reason about as one.
 */
export type LaneMask = number;

export const FULL_MASK: LaneMask = 0xffffffff;

/** The mask of the first `count` lanes (1–32). */
export function createFirstLanesMask(count: number): Result<LaneMask> {
  const c = checkInteger('lanes', count, 1, WARP_SIZE);
  if (!c.ok) return c;
  return ok(count === WARP_SIZE ? FULL_MASK : (2 ** count - 1) >>> 0);
}

/** Parses a mask written in hex (`ffff`, `0x5555`, 1–8 digits) and rejects one with no lane set. */
export function parseLaneMask(text: string): Result<LaneMask> {
  const digits = typeof text === 'string' ? text.trim().replace(/^0x/i, '') : '';
  if (!/^[0-9a-f]{1,8}$/i.test(digits)) {
    const shown = typeof text === 'string' ? `"${text.slice(0, 40)}"` : 'that';
    return fail('mask', `must be 1 to 8 hexadecimal digits (like ffff or 0x5555), not ${shown}`);
  }
  const mask = Number.parseInt(digits, 16) >>> 0;
  if (mask === 0) return fail('mask', 'must set at least one lane');
  return ok(mask);
}

/** Whether lane `lane` is set in `mask`. */
export function isLaneActive(mask: LaneMask, lane: number): boolean {
  return ((mask >>> lane) & 1) === 1;
}
