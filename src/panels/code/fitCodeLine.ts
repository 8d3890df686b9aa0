/**
 * C++ tokens, so a line is never cut inside one: names, numbers, `%0` operands, two-character
 * operators, runs of spaces, and any other character alone.
 */
const TOKEN = /[A-Za-z_]\w*|\d+(?:\.\d+)?[fFuUlL]*|%\d+|->|<<=?|>>=?|&&|\|\||::|\+\+|--|[-+*/%&|^=!<>]=|\s+|./g;

/**
 * Where a line of code may be cut: before each of its tokens, except after a dot (a member or a
 * PTX modifier carries its dot onto the next line) and before closing punctuation.
 */
function getTokenStarts(line: string): number[] {
  return [...line.matchAll(TOKEN)]
    .map((match) => match.index)
    .filter((at) => line[at - 1] !== '.' && !/[),;\]]/.test(line[at]));
}

/**
 * A source line as it fits `fit` characters, at a size a room can read: a trailing comment goes
 * (the code stays whole), and code longer than that wraps, its continuation indented under it.
 *
 * @remarks
 * A wrap falls between tokens, never inside one (`ldmatrix.sync.aligned` / `.m8n8.x4`, not
 * `ldmatrix.sync.aligned.m` / `8n8.x4`): after a comma or at a space where one comes late enough in
 * the line, else before the last token that fits. Only a single token longer than the whole width
 * is cut inside.
 */
export function fitCodeLine(line: string, fit: number): string[] {
  if (line.length <= fit) return [line];
  const comment = line.indexOf('//');
  // A comment on a line of its own is shortened; one after code goes.
  if (comment >= 0 && line.slice(0, comment).trim() === '') return [`${line.slice(0, fit - 1)}…`];
  let rest = comment >= 0 ? line.slice(0, comment).trimEnd() : line;
  // The continuation hangs under the line's own indent, unless that leaves too little room.
  const own = /^\s*/.exec(rest)![0];
  const indent = `${own.length <= fit / 2 ? own : ''}    `;
  const parts: string[] = [];
  while (rest.length > fit) {
    const starts = getTokenStarts(rest).filter((at) => at > indent.length && at <= fit);
    const spaces = starts.filter((at) => /\s/.test(rest[at]) || rest[at - 1] === ',');
    const late = spaces.filter((at) => at >= fit / 2);
    const at = late.at(-1) ?? starts.at(-1) ?? spaces.at(-1) ?? fit;
    parts.push(rest.slice(0, at).trimEnd());
    rest = indent + rest.slice(at).trimStart();
  }
  return [...parts, rest];
}
