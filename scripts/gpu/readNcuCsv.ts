/** The fields of one CSV line: commas inside double quotes are the field's, `""` a quote. */
export function readCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted && c === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/**
 * Nsight Compute's raw page as CSV (`ncu --csv --page raw`): one row per kernel launch, in launch
 * order, each metric by its name. The program's own output before the header, and the row of
 * units after it, are passed over.
 */
export function readNcuCsv(text: string): Record<string, number>[] {
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((l) => l.startsWith('"ID"'));
  if (start < 0) return [];
  const header = readCsvLine(lines[start]);
  return lines
    .slice(start + 1)
    .filter((l) => l.startsWith('"'))
    .map(readCsvLine)
    .filter((fields) => /^\d+$/.test(fields[0]))
    .map((fields) => Object.fromEntries(header.map((name, i) => [name, Number((fields[i] ?? '').replace(/,/g, ''))])));
}
