import { ELEMENT_TYPES, getElementBytes } from '../elementTypes';
import { groupDigits } from '../groupDigits';
import type { EngineError } from '../result';
import { getPuzzleInstructions } from './getPuzzleInstructions';
import { gradePuzzleAnswer } from './gradePuzzleAnswer';
import { PUZZLE_ANSWER_KINDS, PUZZLE_OPERATIONS, type PuzzleDefinition } from './puzzleTypes';

/** The largest tile a puzzle may have, and the most shared memory a block may use (227 KB, compute capability 9.0). */
export const MAX_PUZZLE_SIDE = 256;
export const MAX_PUZZLE_BUDGET = 232_448;

/**
 * What is wrong with a puzzle as an instructor wrote it, each at its field (`rows`, `accesses[1].col`,
 * `solution`): sizes and budget in range, every access's lanes inside the tile, and a solution
 * that the grader passes, so no learner meets a puzzle without an answer.
 */
export function checkPuzzle(puzzle: PuzzleDefinition): EngineError[] {
  const errors: EngineError[] = [];
  const check = (field: string, good: boolean, reason: string) => {
    if (!good) errors.push({ field, reason });
  };
  check(
    'id',
    /^[a-z0-9][a-z0-9-]{0,63}$/.test(puzzle.id),
    'must be lowercase letters, digits and dashes (it goes in links)',
  );
  check('type', ELEMENT_TYPES.includes(puzzle.type), `must be one of ${ELEMENT_TYPES.join(', ')}`);
  for (const side of ['rows', 'cols'] as const)
    check(
      side,
      Number.isInteger(puzzle[side]) && puzzle[side] >= 1 && puzzle[side] <= MAX_PUZZLE_SIDE,
      `must be a whole number from 1 to ${MAX_PUZZLE_SIDE}`,
    );
  check('answer', PUZZLE_ANSWER_KINDS.includes(puzzle.answer), `must be ${PUZZLE_ANSWER_KINDS.join(', ')}`);
  if (errors.length > 0) return errors;
  const least = puzzle.rows * puzzle.cols * getElementBytes(puzzle.type);
  check(
    'budget',
    Number.isInteger(puzzle.budget) && puzzle.budget >= least && puzzle.budget <= MAX_PUZZLE_BUDGET,
    `must be whole bytes from the tile’s own ${groupDigits(least)} to ${groupDigits(MAX_PUZZLE_BUDGET)}`,
  );
  check('accesses', puzzle.accesses.length > 0, 'a puzzle needs at least one access to serve');
  puzzle.accesses.forEach((access, k) => {
    check(`accesses[${k}].op`, PUZZLE_OPERATIONS.includes(access.op), `must be ${PUZZLE_OPERATIONS.join(', ')}`);
    check(
      `accesses[${k}].rounds`,
      Number.isInteger(access.rounds) && access.rounds >= 1,
      'must be a whole number of rounds from 1',
    );
    const plan = getPuzzleInstructions(puzzle, k);
    if (!plan.ok) errors.push(plan.error);
  });
  if (errors.length > 0) return errors;
  const verdict = gradePuzzleAnswer(puzzle, puzzle.solution);
  check('solution', verdict.passed, `does not pass its own puzzle: ${verdict.message}`);
  return errors;
}
