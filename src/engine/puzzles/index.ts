/**
 * Layout puzzles: a tile, the accesses it must serve and a budget, graded by the engine's schedule.
 *
 * @remarks
 * Imported from here, not from the engine's index: only Puzzles mode and lesson files with puzzles
 * use it, and the page's first load must not carry it.
 */
export * from './puzzleTypes';
export * from './readPuzzleAnswer';
export * from './getPuzzleInstructions';
export * from './gradePuzzle';
export * from './gradePuzzleAnswer';
export * from './checkPuzzle';
