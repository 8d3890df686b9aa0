import type { FilePosition, PpToken } from './lexPreprocessorTokens';

/** A macro as `#define` (or `-D`, or the checker itself) made it. */
export interface MacroDefinition {
  readonly name: string;
  /** Parameter names of a function-like macro (the variadic one as `__VA_ARGS__`); `null` when object-like. */
  readonly params: readonly string[] | null;
  readonly variadic: boolean;
  readonly body: readonly PpToken[];
  readonly at: FilePosition;
  /** `__LINE__`, `__FILE__` and `__COUNTER__` take their value where they are used. */
  readonly dynamic?: 'line' | 'file' | 'counter';
}

/** A preprocessing error, where it is in the file as written. */
export interface PreprocessError extends FilePosition {
  readonly message: string;
}

/** At most this many errors are kept: a person fixes the first ones and runs again. */
export const MAX_PREPROCESS_ERRORS = 20;

/** Tokens all expansions together may make: `#define X2 X1 X1` nested thirty deep is a billion, and a kernel never needs this many. */
export const MAX_EXPANDED_TOKENS = 200_000;

/** What every part of one preprocessing run shares: the macros defined so far and the errors. */
export class MacroTable {
  readonly macros = new Map<string, MacroDefinition>();
  readonly errors: PreprocessError[] = [];
  counter = 0;
  /** Tokens made by expansions so far, against {@link MAX_EXPANDED_TOKENS}. */
  expanded = 0;

  /** Notes an error at `at` (past the twentieth, dropped). */
  error(at: FilePosition, message: string) {
    if (this.errors.length < MAX_PREPROCESS_ERRORS) this.errors.push({ ...at, message });
  }
}

/** A token made by the preprocessor at `at` (a stringized argument, `__LINE__`'s value, `defined`'s 0 or 1). */
export function makeToken(kind: PpToken['kind'], text: string, like: PpToken): PpToken {
  return { ...like, kind, text };
}
