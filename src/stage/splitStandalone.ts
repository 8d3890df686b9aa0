/**
 * Characters each of which is a grapheme cluster of its own, whatever stands beside it: printable
 * ASCII and the line feed (a code listing's; the carriage return, which joins it, is not among
 * them); Latin-1 but the soft hyphen (a format character); Latin Extended and the spacing modifier
 * letters; general punctuation (dashes, quotes, bullets, the ellipsis, primes); arrows, mathematical
 * operators and technical symbols; box drawing, shapes, symbols and dingbats. Unicode joins a
 * character to its neighbour only as a combining mark, a joiner, a spacing or prepended mark, CR LF,
 * a Hangul jamo or a regional indicator, and none of these is among them; a symbol that is also an
 * emoji joins only through a joiner or a variation selector, which are not among them either.
 */
const STANDALONE = /^[\n\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u2010-\u2027\u2030-\u205e\u2190-\u23ff\u2500-\u27bf]*$/;

/**
 * `text` split into its characters where each is a grapheme cluster of its own (as in the lesson's
 * labels, captions and code), else null.
 */
export function splitStandalone(text: string): string[] | null {
  return STANDALONE.test(text) ? text.split('') : null;
}
