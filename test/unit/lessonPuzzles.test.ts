import { readFileSync } from 'node:fs';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { PUZZLES } from '../../scenes/puzzles';
import { PuzzleSchema } from '../../scenes/puzzleSchema';
import { readLesson } from '../../src/lesson/readLesson';
import { writeLessonYaml } from '../../src/lesson/writeLessonYaml';

/** A lesson of one scene and one puzzle, with `puzzle` lines in place of the puzzle's defaults. */
const lessonWith = (puzzle: string) => `title: A course with a puzzle
scenes:
  - id: one
    title: One
    access: { pattern: column }
    beats:
      - { cue: start, text: A column read. }
puzzles:
  - id: my-pad
    title: Pad it
    goal: Make the column read take one round.
    type: float
    rows: 32
    cols: 32
${puzzle}
    hints: [Try an odd pitch.]
    explanation: An odd pitch moves each row to another bank.
`;

const GOOD = `    budget: 4224
    answer: pitch
    accesses:
      - { name: column read, op: load, row: lane, col: i, count: 32, rounds: 1 }
    solution: "33"`;

describe('puzzles in a lesson file', () => {
  it('the built-in puzzles are lesson entries: each passes the schema a file’s puzzles pass', () => {
    for (const puzzle of PUZZLES) expect([...Value.Errors(PuzzleSchema, puzzle)], puzzle.id).toEqual([]);
  });

  it('reads a lesson with a puzzle whose solution passes', () => {
    const reading = readLesson(lessonWith(GOOD));
    expect(reading.ok).toBe(true);
    expect(reading.ok && reading.lesson.puzzles?.[0].accesses[0].name).toBe('column read');
  });

  it('reports an access that leaves the tile at its line and column', () => {
    const reading = readLesson(lessonWith(GOOD.replace('row: lane,', 'row: lane + 1,')));
    expect(reading).toMatchObject({
      ok: false,
      issues: [
        {
          path: 'puzzles[0].accesses[0].row',
          line: 18,
          column: 45,
          message: 'gives row 32 for lane 31 at i = 0, outside the tile’s 32 rows',
        },
      ],
    });
  });

  it('reports a solution that fails its own puzzle with the grader’s words', () => {
    const reading = readLesson(lessonWith(GOOD.replace('"33"', '"32"')));
    expect(reading).toMatchObject({
      ok: false,
      issues: [
        {
          path: 'puzzles[0].solution',
          line: 19,
          message:
            'does not pass its own puzzle: The column read takes 32 rounds at i = 0, over the 1 allowed: lanes 0 and 1 both want bank 0, for words 0 and 32 (elements (0, 0) and (1, 0)).',
        },
      ],
    });
  });

  it('reports an answer kind the format lacks, naming the ones it has', () => {
    const reading = readLesson(lessonWith(GOOD.replace('answer: pitch', 'answer: type')));
    expect(reading).toMatchObject({
      ok: false,
      issues: [{ path: 'puzzles[0].answer', line: 16, message: 'must be one of index, pitch, swizzle' }],
    });
  });
});

describe('the example lesson of puzzles (assets/lessons/puzzles.yaml)', () => {
  it('reads cleanly, its puzzles passing their own solutions, and writes back with them', () => {
    const reading = readLesson(readFileSync('assets/lessons/puzzles.yaml', 'utf8'));
    expect(reading.ok && reading.lesson.puzzles?.map((p) => p.id)).toEqual(['gemm-pad', 'gemm-half-rows']);
    if (!reading.ok) return;
    const again = readLesson(writeLessonYaml(reading.lesson));
    expect(again.ok && again.lesson.puzzles).toEqual(reading.lesson.puzzles);
  });
});
