/**
 * Puzzles mode's part of a link: the puzzle open (`puzzle=<id>`) and, in a link made to share one,
 * an answer to put in its editor and check (`answer=`).
 *
 * @remarks
 * Kept as text: Puzzles mode, loaded on first use, finds the puzzle and names a missing one.
 */
export interface PuzzleLink {
  readonly puzzle?: string;
  readonly answer?: string;
}

export const NO_PUZZLE_LINK: PuzzleLink = Object.freeze({});

/** Puzzles mode's parameters of a link. */
export function readPuzzleParams(params: URLSearchParams): PuzzleLink {
  const puzzle = params.get('puzzle');
  const answer = params.get('answer');
  return { ...(puzzle !== null && { puzzle }), ...(puzzle !== null && answer !== null && { answer }) };
}

/** Writes Puzzles mode's parameters: the inverse of {@link readPuzzleParams}. */
export function writePuzzleParams(params: URLSearchParams, link: PuzzleLink): void {
  if (link.puzzle === undefined) return;
  params.set('puzzle', link.puzzle);
  if (link.answer !== undefined) params.set('answer', link.answer);
}
