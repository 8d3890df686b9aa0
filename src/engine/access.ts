import { WARP_SIZE } from './bankModel';
import { fail, ok, type Result } from './result';

/** The largest word index the engine accepts: 4 MiB of 4-byte words, far beyond any shared memory. */
export const MAX_WORD_INDEX = 2 ** 20 - 1;

declare const validAccess: unique symbol;

/**
 * One warp-wide read: entry `i` is the word lane `i` asks for, or `null` when lane `i` is inactive.
 *
 * @remarks
 * Always exactly {@link WARP_SIZE} entries with at least one active lane. The brand means the only
 * way to hold one is through {@link createAccess}, so the schedule never sees an unchecked access.
 */
export type Access = readonly (number | null)[] & { readonly [validAccess]: true };

/** Validates a list of per-lane words (missing trailing entries are inactive lanes). */
export function createAccess(words: readonly (number | null | undefined)[]): Result<Access> {
  if (!Array.isArray(words)) return fail('words', 'must be a list of word indices');
  if (words.length > WARP_SIZE) {
    return fail('words', `a warp has ${WARP_SIZE} lanes, but ${words.length} were given`);
  }
  const lanes: (number | null)[] = [];
  for (let lane = 0; lane < WARP_SIZE; lane++) {
    const word = words[lane];
    if (word === null || word === undefined) {
      lanes.push(null);
      continue;
    }
    const field = `words[${lane}]`;
    if (typeof word !== 'number' || Number.isNaN(word)) return fail(field, 'must be a number');
    if (!Number.isInteger(word)) return fail(field, `must be a whole word index, not ${word}`);
    if (word < 0) return fail(field, `must not be negative (${word})`);
    if (word > MAX_WORD_INDEX) return fail(field, `must be at most ${MAX_WORD_INDEX}, not ${word}`);
    lanes.push(word + 0); // folds -0 into 0
  }
  if (lanes.every((w) => w === null)) return fail('lanes', 'at least one lane must be active');
  return ok(Object.freeze(lanes) as unknown as Access);
}
