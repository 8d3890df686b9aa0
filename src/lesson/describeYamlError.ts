/** What an unclosed quote is called: errors after it follow from it. */
export const QUOTE_LEFT_OPEN = 'a quote opened here is never closed';

/** The YAML parser's error codes this says in plain words; the others keep the parser's words. */
const PLAIN: Readonly<Record<string, (message: string) => string | null>> = {
  BAD_INDENT: (message) =>
    /sequence/i.test(message)
      ? 'this list item is indented differently from the items above it: line up its dash under theirs'
      : 'this line is indented differently from the keys above it: keys of one thing line up under one another (two spaces a level)',
  MULTILINE_IMPLICIT_KEY: () =>
    'a key and its value start on one line ("title: …"): this key runs on past its line, often because the line is indented too far or a colon is missing above it',
  BLOCK_AS_IMPLICIT_KEY: (message) =>
    /compact/.test(message)
      ? 'the line below this one is indented more than it: keys of one thing line up under one another'
      : null,
  TAB_AS_INDENT: () => 'indent with spaces, not tabs',
  DUPLICATE_KEY: () => 'this key is given twice in the same place: keep one',
  MISSING_CHAR: (message) =>
    /closing .?quote/i.test(message)
      ? QUOTE_LEFT_OPEN
      : /followed by map values/.test(message)
        ? 'a key needs a colon and its value after it ("title: My lesson")'
        : null,
};

/** The YAML parser's error in plain words an author can act on. */
export function describeYamlError(code: string, message: string): string {
  return PLAIN[code]?.(message) ?? message.split('\n')[0];
}

/**
 * Where in the text to point for a YAML error given over `pos`: a key that runs on past its line is
 * pointed at where it ends, the line that was slipped, not where the key began.
 */
export const getYamlErrorOffset = (code: string, pos: readonly [number, number]) =>
  code === 'MULTILINE_IMPLICIT_KEY' ? pos[1] : pos[0];
