/** The edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`: how far a typo is. */
function countEdits(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  return rows[a.length][b.length];
}

/** "; did you mean busiest?" for a name one or two typos from one of `known`, else nothing. */
export function suggestName(name: string, known: readonly string[]): string {
  const near = known
    .map((k) => ({ k, edits: countEdits(name.toLowerCase(), k.toLowerCase()) }))
    .filter(({ k, edits }) => edits <= Math.min(2, Math.floor(k.length / 3)))
    .sort((x, y) => x.edits - y.edits);
  return near.length > 0 ? `; did you mean ${near[0].k}?` : '';
}
