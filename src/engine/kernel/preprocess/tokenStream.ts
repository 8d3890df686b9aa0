import type { PpToken } from './lexPreprocessorTokens';

/**
 * The tokens a preprocessor reads: one file's (or one macro argument's) tokens, with the
 * expansions of macros pushed in front of what is left, as C's rescanning reads them.
 */
export class TokenStream {
  private readonly frames: { readonly tokens: readonly PpToken[]; i: number }[];

  /** `directives`: a `#` first on its line in the base tokens starts a directive (a file, not an argument). */
  constructor(
    base: readonly PpToken[],
    readonly directives: boolean,
  ) {
    this.frames = [{ tokens: base, i: 0 }];
  }

  /** Whether the token next read comes from the base tokens (the file), not an expansion. */
  get atBase(): boolean {
    this.dropSpent();
    return this.frames.length === 1;
  }

  /** The next token, or `null` at the end of the base tokens. */
  next(): PpToken | null {
    this.dropSpent();
    const top = this.frames[this.frames.length - 1];
    return top.i < top.tokens.length ? top.tokens[top.i++] : null;
  }

  /**
   * The next token without reading it, or `null` at the end, or where a directive starts: a
   * function-like macro's name looks past line ends for its `(`, but never into a directive.
   */
  peek(): PpToken | null {
    for (let f = this.frames.length - 1; f >= 0; f--) {
      const { tokens, i } = this.frames[f];
      if (i >= tokens.length) continue;
      const t = tokens[i];
      if (f === 0 && this.directives && t.bol && t.text === '#') return null;
      return t;
    }
    return null;
  }

  /** Puts tokens in front of what is left to read (a macro's expansion, to be rescanned). */
  push(tokens: readonly PpToken[]) {
    if (tokens.length > 0) this.frames.push({ tokens, i: 0 });
  }

  /** The rest of the current line of the base tokens (a directive's tokens), read. */
  readLine(): PpToken[] {
    const base = this.frames[0];
    const line: PpToken[] = [];
    while (base.i < base.tokens.length && !base.tokens[base.i].bol) line.push(base.tokens[base.i++]);
    return line;
  }

  private dropSpent() {
    while (this.frames.length > 1) {
      const top = this.frames[this.frames.length - 1];
      if (top.i < top.tokens.length) return;
      this.frames.pop();
    }
  }
}
