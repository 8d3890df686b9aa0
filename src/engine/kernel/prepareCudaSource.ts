/**
 * CUDA's declaration qualifiers, which a C++ grammar does not know. Each `__name__` is rewritten
 * as the C++ attribute `[[name]]` (and `__name__(args)` as `[[name(args)]]`), exactly as long, so
 * the parser keeps them as attributes in the tree at the columns the source has.
 */
const QUALIFIERS = new Set([
  'global',
  'device',
  'host',
  'shared',
  'constant',
  'managed',
  'forceinline',
  'noinline',
  'grid_constant',
  'align',
  'launch_bounds',
  'cluster_dims',
  'maxnreg',
]);

/** Qualifiers written with an argument list: `__align__(16)`, `__launch_bounds__(256, 2)`. */
const WITH_ARGUMENTS = new Set(['align', 'launch_bounds', 'cluster_dims', 'maxnreg']);

const isWordStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isWord = (c: string) => isWordStart(c) || (c >= '0' && c <= '9');

/**
 * The source as a C++ parser can read it, every offset, line and column unchanged: CUDA's
 * qualifiers become attributes of the same length, and a host's kernel launch configuration
 * (`<<<grid, block>>>`) becomes spaces, so the launch reads as a call.
 *
 * @remarks
 * A lexical pass, not a parse: it steps over comments, string and character literals and
 * preprocessor lines' continuations as C's lexer does, and rewrites only whole identifiers.
 */
export function prepareCudaSource(source: string): string {
  const out = source.split('');
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '<' && source.startsWith('<<<', i)) {
      const end = source.indexOf('>>>', i + 3);
      if (end < 0) {
        i += 3;
        continue;
      }
      for (let k = i; k < end + 3; k++) if (out[k] !== '\n') out[k] = ' ';
      i = end + 3;
    } else if (isWordStart(c) && (i === 0 || !isWord(source[i - 1]))) {
      let end = i;
      while (end < n && isWord(source[end])) end++;
      const word = source.slice(i, end);
      const name = word.length > 4 && word.startsWith('__') && word.endsWith('__') ? word.slice(2, -2) : '';
      if (QUALIFIERS.has(name)) rewrite(source, out, i, end, name);
      i = end;
    } else i++;
  }
  return out.join('');
}

/** Writes `__name__` at [start, end) as `[[name]]`, taking an argument list inside when it has one. */
function rewrite(source: string, out: string[], start: number, end: number, name: string) {
  let close = -1;
  if (WITH_ARGUMENTS.has(name)) {
    let k = end;
    while (k < source.length && (source[k] === ' ' || source[k] === '\t')) k++;
    if (source[k] === '(') close = findClosing(source, k);
  }
  out[start] = '[';
  out[start + 1] = '[';
  for (let k = 0; k < name.length; k++) out[start + 2 + k] = name[k];
  if (close < 0) {
    out[end - 2] = ']';
    out[end - 1] = ']';
    return;
  }
  // `__align__(16)` → `[[align(16)]]`: the name moves two places left, the argument list with it,
  // and the two closing brackets take the place of the trailing underscores.
  for (let k = end; k <= close; k++) out[k - 2] = source[k];
  out[close - 1] = ']';
  out[close] = ']';
}

/** The index of the parenthesis closing the one at `open`, or -1 when the line ends first. */
function findClosing(source: string, open: number): number {
  let depth = 0;
  for (let k = open; k < source.length; k++) {
    const c = source[k];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return k;
    else if (c === ';' || c === '{' || c === '}') return -1;
  }
  return -1;
}
