import type { FilePosition, PpToken } from './lexPreprocessorTokens';

/** One token as written into the output: its line and column there, and the token. */
interface Placed {
  readonly column: number;
  readonly length: number;
  readonly token: PpToken;
}

/** Where a position of the preprocessed text was written, and the macro whose text made it, if any. */
export interface MappedPosition extends FilePosition {
  readonly macro: { readonly name: string; readonly at: FilePosition } | null;
}

const isWordChar = (c: string) => /[\w$]/.test(c) || c.charCodeAt(0) > 127;

/** Two characters that would read as one token (`-` `>`, `/` `*`, `a` `b`) if written side by side. */
function wouldJoin(a: string, b: string): boolean {
  if (isWordChar(a) || a === '.') return isWordChar(b) || (a !== '.' && b === '.') || (a === '.' && b === '.');
  return /^(<<|>>|<=|>=|==|!=|&&|\|\||\+\+|--|->|::|##|\/\/|\/\*|[-+*/%&|^=!<>]=|\.\.|-\d)$/.test(a + b);
}

/**
 * The preprocessor's output: one line for each line of the main file, so that line numbers do not
 * move (a directive leaves its line blank, a macro's expansion is written on its use's line, an
 * included file's tokens on its `#include`'s line), and a map back from every column written.
 */
export class PreprocessedText {
  /** Each line's text in pieces (joined once: appending to one long string would copy it each time). */
  private readonly parts: string[][] = [];
  private readonly lengths: number[] = [];
  private readonly placed: Placed[][] = [];
  private last: PpToken | null = null;
  private lastChar = '';

  constructor(
    readonly file: string,
    lineCount: number,
  ) {
    for (let i = 0; i < lineCount; i++) {
      this.parts.push([]);
      this.lengths.push(0);
      this.placed.push([]);
    }
  }

  /**
   * Writes `token` on line `line` of the main file (1-based); `read` when it was read from the file
   * as it is, not made by an expansion, which puts it at its own column where that is still free.
   */
  write(token: PpToken, line: number, read: boolean) {
    const k = Math.min(line, this.parts.length) - 1;
    const parts = this.parts[k];
    let length = this.lengths[k];
    const own = read && token.at.file === this.file && token.at.line === line;
    const last = this.last;
    const touching =
      last !== null &&
      last.at.file === token.at.file &&
      last.at.line === token.at.line &&
      last.at.column + last.text.length === token.at.column;
    if (own && length < token.at.column - 1) {
      parts.push(' '.repeat(token.at.column - 1 - length));
      length = token.at.column - 1;
    } else if (length > 0 && !touching && (token.space || wouldJoin(this.lastChar, token.text[0]))) {
      parts.push(' ');
      length++;
    }
    this.placed[k].push({ column: length + 1, length: token.text.length, token });
    parts.push(token.text);
    this.lengths[k] = length + token.text.length;
    this.last = token;
    this.lastChar = token.text[token.text.length - 1];
  }

  /** The text to parse: as many lines as the main file. */
  get text(): string {
    return this.parts.map((p) => p.join('')).join('\n');
  }

  private find(line: number, column: number): { placed: Placed; offset: number } | null {
    const row = this.placed[line - 1];
    if (!row || row.length === 0) return null;
    let found: Placed | null = null;
    for (const p of row) {
      if (p.column > column) break;
      found = p;
    }
    found ??= row[0];
    return { placed: found, offset: Math.max(0, Math.min(column - found.column, found.length)) };
  }

  /**
   * Where a position of the output was written, in whichever file: a macro's expansion maps to
   * the macro's use (and names the macro), an included file's text to that file.
   */
  mapToFile(line: number, column: number): MappedPosition {
    const hit = this.find(line, column);
    if (!hit) return { file: this.file, line, column, macro: null };
    const t = hit.placed.token;
    if (t.use) return { ...t.use.at, macro: t.macro };
    return { file: t.at.file, line: t.at.line, column: t.at.column + hit.offset, macro: null };
  }

  /** The position in the main file that a position of the output counts at: an included file's text counts at its `#include`. */
  mapToMain(line: number, column: number): { line: number; column: number } {
    const at = this.mapToFile(line, column);
    return at.file === this.file && at.line === line ? { line, column: at.column } : { line, column: 1 };
  }
}
