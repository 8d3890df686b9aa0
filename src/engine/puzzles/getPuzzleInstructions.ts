import { WARP_SIZE } from '../bankModel';
import { getElementBytes, type ElementType } from '../elementTypes';
import { evaluateIndex, parseIndexExpression, type IndexNode } from '../indexExpression';
import { MATRIX_ROW_BYTES, MATRIX_ROWS } from '../operations';
import { fail, ok, type Result } from '../result';
import type { PuzzleAccess, PuzzleDefinition } from './puzzleTypes';

/** The most instructions one access may make: enough for any tile a block's shared memory holds. */
export const MAX_PUZZLE_INSTRUCTIONS = 1024;

/** A tile's element: its row and column. */
export interface PuzzleCell {
  readonly row: number;
  readonly col: number;
}

/** One warp instruction of an access: its `i`, and each lane's first element (`null`: takes no part). */
export interface PuzzleInstruction {
  readonly i: number;
  readonly cells: readonly (PuzzleCell | null)[];
}

/** An access's instructions, and the shape they share. */
export interface PuzzleAccessPlan {
  readonly instructions: readonly PuzzleInstruction[];
  /** Elements a lane moves, consecutive in its row. */
  readonly vector: number;
  readonly matrices: 1 | 2 | 4;
}

/** Elements one lane moves: the access's vector, or an `ldmatrix` row's 16 bytes. */
export function getAccessVector(access: PuzzleAccess, type: ElementType): number {
  return access.op === 'ldmatrix' ? MATRIX_ROW_BYTES / getElementBytes(type) : (access.vector ?? 1);
}

/**
 * Works out which element each lane of each instruction of an access touches, from its `row` and
 * `col` expressions over `lane` and `i`; an expression that cannot be read, or that leaves the
 * tile, is an error at `accesses[k].row` (or `.col`, `.count`, `.vector`).
 */
export function getPuzzleInstructions(puzzle: PuzzleDefinition, k: number): Result<PuzzleAccessPlan> {
  const access = puzzle.accesses[k];
  const at = `accesses[${k}]`;
  const count = access.count ?? 1;
  if (!Number.isInteger(count) || count < 1 || count > MAX_PUZZLE_INSTRUCTIONS)
    return fail(`${at}.count`, `must be a whole number of instructions from 1 to ${MAX_PUZZLE_INSTRUCTIONS}`);
  const vector = getAccessVector(access, puzzle.type);
  if (
    !Number.isInteger(vector) ||
    vector < 1 ||
    getElementBytes(puzzle.type) * vector > 16 ||
    (vector & (vector - 1)) !== 0
  )
    return fail(
      `${at}.vector`,
      access.op === 'ldmatrix'
        ? `ldmatrix moves 16-byte rows of 16-bit elements; a ${puzzle.type} tile cannot be read by it`
        : 'must be 1, 2, 4, 8 or 16 elements, and at most 16 bytes',
    );
  const matrices = access.matrices ?? 4;
  const trees: IndexNode[] = [];
  for (const part of ['row', 'col'] as const) {
    const tree = parseIndexExpression(access[part], ['lane', 'i']);
    if (!tree.ok) return fail(`${at}.${part}`, tree.error.reason);
    trees.push(tree.value);
  }
  const instructions: PuzzleInstruction[] = [];
  for (let i = 0; i < count; i++) {
    const cells: (PuzzleCell | null)[] = [];
    for (let lane = 0; lane < WARP_SIZE; lane++) {
      if (access.op === 'ldmatrix' && lane >= MATRIX_ROWS * matrices) {
        cells.push(null);
        continue;
      }
      const values = { lane, i };
      const row = evaluateIndex(trees[0], { values, lane });
      if (!row.ok) return fail(`${at}.row`, `${row.error.reason} (i = ${i})`);
      const col = evaluateIndex(trees[1], { values, lane });
      if (!col.ok) return fail(`${at}.col`, `${col.error.reason} (i = ${i})`);
      if (row.value < 0 || row.value >= puzzle.rows)
        return fail(
          `${at}.row`,
          `gives row ${row.value} for lane ${lane} at i = ${i}, outside the tile’s ${puzzle.rows} rows`,
        );
      if (col.value < 0 || col.value + vector > puzzle.cols)
        return fail(
          `${at}.col`,
          `gives col ${col.value} for lane ${lane} at i = ${i}, but its ${vector} element${vector === 1 ? '' : 's'} must fit the tile’s ${puzzle.cols} columns`,
        );
      cells.push({ row: row.value, col: col.value });
    }
    instructions.push({ i, cells });
  }
  return ok({ instructions, vector, matrices });
}
