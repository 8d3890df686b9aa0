import type { Result } from '../src/engine';

/** The value of a result a test expects to be good; a bad one fails the test with its reason. */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.field}: ${result.error.reason}`);
  return result.value;
}
