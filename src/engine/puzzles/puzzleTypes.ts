import type { ElementType } from '../elementTypes';
import type { MatrixCount } from '../operations';

/** What a learner writes: a C index function's return value, a pitch, or CuTe's `Swizzle<B,M,S>`. */
export type PuzzleAnswerKind = 'index' | 'pitch' | 'swizzle';

export const PUZZLE_ANSWER_KINDS: readonly PuzzleAnswerKind[] = ['index', 'pitch', 'swizzle'];

/** The operations a puzzle's access may make (the engine's operations). */
export type PuzzleOperation = 'load' | 'store' | 'ldmatrix';

export const PUZZLE_OPERATIONS: readonly PuzzleOperation[] = ['load', 'store', 'ldmatrix'];

/**
 * One access the layout must serve: `count` warp instructions (`i` = 0 … count − 1), in each of
 * which lane `lane` touches the tile's element (`row`, `col`) and the `vector − 1` after it in its row.
 */
export interface PuzzleAccess {
  /** What it is called in a verdict: "column read". */
  readonly name: string;
  readonly op: PuzzleOperation;
  /** C integer expressions over `lane` and `i`. */
  readonly row: string;
  readonly col: string;
  /** How many instructions make the access (1 when left out). */
  readonly count?: number;
  /** Elements one lane moves, consecutive in a row (1 when left out; an `ldmatrix` row is 16 bytes). */
  readonly vector?: number;
  /** `ldmatrix`'s `.x1|.x2|.x4` (4 when left out). */
  readonly matrices?: MatrixCount;
  /** The most rounds one of its instructions may take. */
  readonly rounds: number;
}

/** A layout exercise: a tile, the accesses it must serve, a budget, and what the learner answers with. */
export interface PuzzleDefinition {
  readonly id: string;
  readonly title: string;
  /** The goal in words. */
  readonly goal: string;
  readonly type: ElementType;
  readonly rows: number;
  readonly cols: number;
  /** Bytes of shared memory the layout may use: every element inside `[0, budget)`. */
  readonly budget: number;
  readonly answer: PuzzleAnswerKind;
  readonly accesses: readonly PuzzleAccess[];
  /** Shown one at a time after wrong tries. */
  readonly hints: readonly string[];
  /** An answer that passes (a test and the lesson checks grade it). */
  readonly solution: string;
  /** Why the solution works, shown with it. */
  readonly explanation: string;
}
