/** The line numbers (1-based) of `text` that hold any of `pieces`: how beats point at code. */
export function getCodeLines(text: string, pieces: readonly string[]): number[] {
  return text.split('\n').flatMap((line, i) => (pieces.some((piece) => line.includes(piece)) ? [i + 1] : []));
}
