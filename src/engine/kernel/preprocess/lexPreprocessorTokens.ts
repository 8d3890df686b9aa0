/** Where a token stands in a file as written: 1-based line and column. */
export interface FilePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** A preprocessing token, as C's translation phase 3 cuts the text, with where it came from. */
export interface PpToken {
  readonly kind: 'name' | 'number' | 'string' | 'char' | 'punct' | 'other';
  readonly text: string;
  /** Where the token is written: in a macro's expansion, the token in the macro's definition. */
  readonly at: FilePosition;
  /** Whitespace (or a comment) stood before it. */
  readonly space: boolean;
  /** It is the first token of its logical line. */
  readonly bol: boolean;
  /** Macros this token may no longer expand (C's "hide set"); `null` for none. */
  readonly hide: ReadonlySet<string> | null;
  /** In an expansion: the macro's name where the source uses it, outermost first. */
  readonly use: PpToken | null;
  /** In an expansion: the innermost macro whose text made it, and where that macro is defined. */
  readonly macro: { readonly name: string; readonly at: FilePosition } | null;
}

/** Three-, two- and one-character punctuators, longest first as C's lexer takes them. */
const PUNCTUATORS = [
  '<<=',
  '>>=',
  '...',
  '->*',
  '##',
  '::',
  '->',
  '++',
  '--',
  '<<',
  '>>',
  '<=',
  '>=',
  '==',
  '!=',
  '&&',
  '||',
  '+=',
  '-=',
  '*=',
  '/=',
  '%=',
  '&=',
  '|=',
  '^=',
  '.*',
];

const isNameStart = (c: string) => /[A-Za-z_$]/.test(c) || c.charCodeAt(0) > 127;
const isNameChar = (c: string) => isNameStart(c) || (c >= '0' && c <= '9');
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/**
 * The text with every backslash-newline removed (C's phase 2), and for each character left its
 * line and column as written, so that every token still knows where it was typed.
 */
function splice(text: string): { chars: string; lines: Int32Array; columns: Int32Array } {
  const lines = new Int32Array(text.length + 1);
  const columns = new Int32Array(text.length + 1);
  let line = 1;
  let column = 1;
  let k = 0;
  const parts: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === '\n' || (text[i + 1] === '\r' && text[i + 2] === '\n'))) {
      i += text[i + 1] === '\r' ? 2 : 1;
      line++;
      column = 1;
      continue;
    }
    if (c === '\r' && text[i + 1] === '\n') {
      column++;
      continue;
    }
    parts.push(c);
    lines[k] = line;
    columns[k++] = column;
    if (c === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  lines[k] = line;
  columns[k] = column;
  return { chars: parts.join(''), lines, columns };
}

/** Where a string or character literal starting at `i` ends (past its quote), or -1 when the line ends first. */
function literalEnd(s: string, i: number, quote: string): number {
  for (let k = i + 1; k < s.length; k++) {
    if (s[k] === '\\') k++;
    else if (s[k] === quote) return k + 1;
    else if (s[k] === '\n') return -1;
  }
  return -1;
}

/**
 * A file cut into preprocessing tokens, each with its line and column as written; a newline is
 * kept as a token's `bol` mark, since directives are lines. Comments are whitespace.
 */
export function lexPreprocessorTokens(file: string, text: string): PpToken[] {
  const { chars: s, lines, columns } = splice(text);
  const tokens: PpToken[] = [];
  let space = false;
  let bol = true;
  let i = 0;
  const push = (kind: PpToken['kind'], start: number, end: number) => {
    const at = { file, line: lines[start], column: columns[start] };
    tokens.push({ kind, text: s.slice(start, end), at, space, bol, hide: null, use: null, macro: null });
    space = false;
    bol = false;
  };
  while (i < s.length) {
    const c = s[i];
    if (c === '\n') {
      bol = true;
      space = false;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\f' || c === '\v' || c === '\r') {
      space = true;
      i++;
    } else if (c === '/' && s[i + 1] === '/') {
      while (i < s.length && s[i] !== '\n') i++;
      space = true;
    } else if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      space = true;
    } else if (isDigit(c) || (c === '.' && isDigit(s[i + 1]))) {
      let k = i + 1;
      while (k < s.length) {
        const d = s[k];
        if ((d === '+' || d === '-') && /[eEpP]/.test(s[k - 1])) k++;
        else if (d === "'" && isNameChar(s[k + 1] ?? '')) k += 2;
        else if (isNameChar(d) || d === '.') k++;
        else break;
      }
      push('number', i, k);
      i = k;
    } else if (isNameStart(c)) {
      let k = i + 1;
      while (k < s.length && isNameChar(s[k])) k++;
      const quote = s[k];
      const prefix = s.slice(i, k);
      if ((quote === '"' || quote === "'") && /^(u8|u|U|L)$/.test(prefix)) {
        const end = literalEnd(s, k, quote);
        push(end < 0 ? 'other' : quote === '"' ? 'string' : 'char', i, end < 0 ? k + 1 : end);
        i = end < 0 ? k + 1 : end;
      } else {
        push('name', i, k);
        i = k;
      }
    } else if (c === '"' || c === "'") {
      const end = literalEnd(s, i, c);
      // A lone quote (an apostrophe in an #error's words) is a token of its own, as GCC keeps it.
      push(end < 0 ? 'other' : c === '"' ? 'string' : 'char', i, end < 0 ? i + 1 : end);
      i = end < 0 ? i + 1 : end;
    } else {
      const p = PUNCTUATORS.find((q) => s.startsWith(q, i));
      const len = p ? p.length : 1;
      push(/[!-/:-@[-^`{-~]/.test(c) ? 'punct' : 'other', i, i + len);
      i += len;
    }
  }
  return tokens;
}

/** Tokens written back as text, one space where the source had whitespace (as `#` writes an argument). */
export function spellTokens(tokens: readonly PpToken[]): string {
  return tokens.map((t, k) => (k > 0 && t.space ? ' ' : '') + t.text).join('');
}
