/** Lines past which the middle of two texts is compared as one block rather than line by line. */
const MAX_COMPARED = 4_000_000;
const CONTEXT = 3;

type Op = { readonly kind: ' ' | '-' | '+'; readonly text: string };

/** The line-by-line edit from `a` to `b`: a longest common subsequence of the lines between equal ends. */
function diffLines(a: readonly string[], b: readonly string[]): Op[] {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const x = a.slice(head, a.length - tail);
  const y = b.slice(head, b.length - tail);
  const middle: Op[] = [];
  if (x.length * y.length > MAX_COMPARED) {
    middle.push(...x.map((text) => ({ kind: '-' as const, text })), ...y.map((text) => ({ kind: '+' as const, text })));
  } else {
    // lengths[i][j]: the longest common subsequence of x[i..] and y[j..].
    const lengths = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--)
      for (let j = y.length - 1; j >= 0; j--)
        lengths[i][j] = x[i] === y[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) {
        middle.push({ kind: ' ', text: x[i++] });
        j++;
      } else if (i < x.length && (j === y.length || lengths[i + 1][j] >= lengths[i][j + 1]))
        middle.push({ kind: '-', text: x[i++] });
      else middle.push({ kind: '+', text: y[j++] });
    }
  }
  const same = (text: string): Op => ({ kind: ' ', text });
  return [...a.slice(0, head).map(same), ...middle, ...a.slice(a.length - tail).map(same)];
}

/**
 * A unified diff from `before` to `after` (as `diff -u` and `git apply` read it), each file named
 * `a/<path>` and `b/<path>`; empty when the texts are the same.
 */
export function writeUnifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const split = (text: string) => (text.endsWith('\n') ? text.slice(0, -1) : text).split('\n');
  const ops = diffLines(split(before), split(after));
  const lastOf = (skip: Op['kind']) => ops.reduce((last, o, m) => (o.kind === skip ? last : m), -1);
  const lastBefore = lastOf('+');
  const lastAfter = lastOf('-');
  const out = [`--- a/${path}`, `+++ b/${path}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].kind === ' ') {
      k++;
      continue;
    }
    // A hunk: from CONTEXT lines before this change to CONTEXT after the last change within reach.
    const start = Math.max(0, k - CONTEXT);
    let end = k;
    for (let m = k; m < ops.length && m <= end + 2 * CONTEXT; m++) if (ops[m].kind !== ' ') end = m;
    const stop = Math.min(ops.length, end + CONTEXT + 1);
    const lineOf = (kind: '-' | '+') => ops.slice(0, start).filter((o) => o.kind === ' ' || o.kind === kind).length;
    const hunk = ops.slice(start, stop);
    const count = (kind: '-' | '+') => hunk.filter((o) => o.kind === ' ' || o.kind === kind).length;
    const range = (kind: '-' | '+') => {
      const n = count(kind);
      return `${n === 0 ? lineOf(kind) : lineOf(kind) + 1},${n}`;
    };
    out.push(`@@ -${range('-')} +${range('+')} @@`);
    for (let m = start; m < stop; m++) {
      out.push(`${ops[m].kind}${ops[m].text}`);
      // diff's own marker, without which a patch tool would add a newline the file did not have.
      if ((m === lastBefore && !before.endsWith('\n')) || (m === lastAfter && !after.endsWith('\n')))
        out.push('\\ No newline at end of file');
    }
    k = stop;
  }
  return `${out.join('\n')}\n`;
}
