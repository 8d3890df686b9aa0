import { getAnswerVerdict, gradePuzzle, type PuzzleVerdict } from './gradePuzzle';
import { readPuzzleAnswer } from './readPuzzleAnswer';
import type { PuzzleDefinition } from './puzzleTypes';

/** Reads a learner's answer as the puzzle's kind asks and grades the layout it makes. */
export function gradePuzzleAnswer(puzzle: PuzzleDefinition, text: string): PuzzleVerdict {
  const layout = readPuzzleAnswer(puzzle.answer, text, puzzle.rows, puzzle.cols);
  return layout.ok ? gradePuzzle(puzzle, layout.value) : getAnswerVerdict(layout.error.reason);
}
