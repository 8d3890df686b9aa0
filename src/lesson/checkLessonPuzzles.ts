import { Value } from '@sinclair/typebox/value';
import { PuzzleSchema } from '../../scenes/puzzleSchema';
import type { LessonPuzzle } from '../../scenes/lessonSchema';
import { checkPuzzle } from '../engine/puzzles';
import type { LessonPath } from './readLesson';

/** `accesses[1].row` as a path: `['accesses', 1, 'row']`. */
const toPath = (field: string): LessonPath =>
  field
    .split(/[.[\]]+/)
    .filter(Boolean)
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));

/**
 * The model's checks of a lesson's puzzles, each at its place (`puzzles[0].accesses[1].col`): what
 * `checkPuzzle` finds (lanes outside the tile, a budget smaller than the tile, a solution that
 * fails, with the grader's own words) and an id used twice. Entries the schema refuses are left
 * to its messages.
 */
export function checkLessonPuzzles(puzzles: unknown): { path: LessonPath; message: string }[] {
  if (!Array.isArray(puzzles)) return [];
  const seen = new Set<string>();
  return puzzles.flatMap((entry: unknown, p) => {
    if (!Value.Check(PuzzleSchema, entry)) return [];
    const puzzle = entry as LessonPuzzle;
    const twice = seen.has(puzzle.id)
      ? [{ path: ['puzzles', p, 'id'], message: `another puzzle is ${puzzle.id}` }]
      : [];
    seen.add(puzzle.id);
    return [
      ...twice,
      ...checkPuzzle(puzzle).map((e) => ({ path: ['puzzles', p, ...toPath(e.field)], message: e.reason })),
    ];
  });
}
