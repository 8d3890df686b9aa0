/**
 * What the engine returns instead of throwing.
 *
 * @remarks
 * Every input that reaches the engine comes from a person (a URL, a form, a scene file), so a bad
 * one is an expected outcome, not an exception: callers get the field and the reason to show.
 */
export interface EngineError {
  /** The input that was wrong, as the user knows it (`pitch`, `words[3]`, `mask`). */
  readonly field: string;
  /** Why, in a sentence a learner can act on. */
  readonly reason: string;
}

export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

export const fail = <T = never>(field: string, reason: string): Result<T> => ({
  ok: false,
  error: { field, reason },
});

/** Checks that `value` is an integer in `[min, max]`, naming `field` when it is not. */
export function checkInteger(field: string, value: number, min: number, max: number): Result<number> {
  if (typeof value !== 'number' || Number.isNaN(value)) return fail(field, 'must be a number');
  if (!Number.isInteger(value)) return fail(field, `must be a whole number, not ${value}`);
  if (value < min || value > max) return fail(field, `must be from ${min} to ${max}, not ${value}`);
  return ok(value);
}
