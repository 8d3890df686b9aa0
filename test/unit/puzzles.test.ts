import { describe, expect, it } from 'vitest';
import { PUZZLES } from '../../scenes/puzzles';
import { checkPuzzle, gradePuzzleAnswer, readPuzzleAnswer, type PuzzleDefinition } from '../../src/engine/puzzles';
import { createSpecRequest, getSchedule } from '../../src/engine';

const puzzle = (id: string): PuzzleDefinition => PUZZLES.find((p) => p.id === id)!;

/** Grades a puzzle's own solution and one wrong answer, and returns the wrong one's verdict. */
function gradeBoth(id: string, wrong: string) {
  const right = gradePuzzleAnswer(puzzle(id), puzzle(id).solution);
  expect(right.passed, right.message).toBe(true);
  expect(right.failure).toBeNull();
  const verdict = gradePuzzleAnswer(puzzle(id), wrong);
  expect(verdict.passed).toBe(false);
  return verdict;
}

describe('the built-in puzzles', () => {
  it('are at least ten, each with its own id, and every one passes the lesson checks', () => {
    expect(PUZZLES.length).toBeGreaterThanOrEqual(10);
    expect(new Set(PUZZLES.map((p) => p.id)).size).toBe(PUZZLES.length);
    for (const p of PUZZLES) expect(checkPuzzle(p), p.id).toEqual([]);
  });

  it('pad-column is the lesson’s: a 32 × 32 float tile in 4,224 bytes, one round each, by an index function', () => {
    const p = PUZZLES[0];
    expect([p.id, p.type, p.rows, p.cols, p.budget, p.answer]).toEqual(['pad-column', 'float', 32, 32, 4224, 'index']);
    expect(p.accesses.map((a) => [a.name, a.rounds])).toEqual([
      ['row write', 1],
      ['column read', 1],
    ]);
    const verdict = gradeBoth('pad-column', 'row * 32 + col');
    expect(verdict.failure).toBe('rounds');
    expect(verdict.message).toBe(
      'The column read takes 32 rounds at i = 0, over the 1 allowed: lanes 0 and 1 both want bank 0, for words 0 and 32 (elements (0, 0) and (1, 0)).',
    );
    expect(verdict.conflict).toEqual({ lanes: [0, 1], bank: 0 });
  });

  it('narrow-tile: a skew passes; plain rows leave a column in two banks', () => {
    expect(gradeBoth('narrow-tile', 'row * 16 + col').message).toContain('column read takes 16 rounds');
  });

  it('half-column: a pitch of 66 halves passes; 65 moves every other row by half a word, in the same bank', () => {
    const verdict = gradeBoth('half-column', '65');
    expect(verdict.message).toContain('takes 2 rounds');
    expect(verdict.message).toContain('lanes 0 and 1 both want bank 0');
  });

  it('double-column: a pitch of 33 doubles passes; 32 puts a phase’s 16 rows in one pair of banks', () => {
    const verdict = gradeBoth('double-column', '32');
    expect(verdict.failure).toBe('rounds');
    // How many rounds over the 2 allowed is the schedule's word on 8-byte loads; the lanes are a phase's first two.
    expect(verdict.message).toMatch(
      /^The column read takes \d+ rounds at i = 0, over the 2 allowed: lanes 0 and 1 both want bank 0/,
    );
  });

  it('xor-column: XOR passes in 4,096 bytes; padding runs past the budget, naming the element', () => {
    const verdict = gradeBoth('xor-column', 'row * 33 + col');
    expect(verdict.failure).toBe('budget');
    expect(verdict.message).toBe(
      'Element (31, 1) is at index 1,024, bytes 4,096–4,099: past the budget of 4,096 bytes.',
    );
  });

  it('swizzle-column: Swizzle<5,0,5> passes; <3,2,3> leaves four rows to a bank', () => {
    const verdict = gradeBoth('swizzle-column', 'Swizzle<3,2,3>');
    expect(verdict.message).toContain('column read takes 4 rounds');
    expect(verdict.conflict).toEqual({ lanes: [0, 8], bank: 0 });
  });

  it('two-columns: a pitch of 34 passes; 33 puts row 1 of one column in the bank of row 0 of the next', () => {
    expect(gradeBoth('two-columns', 'row * 33 + col').message).toContain('lanes 1 and 16 both want bank 1');
  });

  it('float4-rows: XOR of whole float4s passes; a plain tile’s column read takes 32 rounds', () => {
    expect(gradeBoth('float4-rows', 'row * 32 + col').message).toContain(
      'column read takes 32 rounds at i = 0, over the 4 allowed',
    );
  });

  it('float4-cutlass: Swizzle<3,2,3> passes; <5,0,5> splits a float4, which the verdict names', () => {
    const verdict = gradeBoth('float4-cutlass', '5,0,5');
    expect(verdict.failure).toBe('vector');
    expect(verdict.message).toBe(
      'The float4 row read (i = 0): lane 8 moves elements (1, 0) to (1, 3) as one 16-byte vector, but the layout does not keep them consecutive.',
    );
  });

  it('ldmatrix-pad: a pitch of 72 passes; 68 leaves a row start off 16-byte alignment', () => {
    const verdict = gradeBoth('ldmatrix-pad', '68');
    expect(verdict.failure).toBe('vector');
    expect(verdict.message).toContain('starts at byte 136, which is not 16-byte aligned');
  });

  it('ldmatrix-swizzle: Swizzle<3,3,3> passes; the plain tile puts a matrix’s eight rows in one bank', () => {
    const verdict = gradeBoth('ldmatrix-swizzle', '0,0,0');
    expect(verdict.message).toBe(
      'The ldmatrix.x4 takes 32 rounds at i = 0, over the 4 allowed: lanes 0 and 1 both want bank 0, for words 0 and 32 (elements (0, 0) and (1, 0)).',
    );
  });
});

describe('the grader', () => {
  it('names the two elements an index function puts in one place', () => {
    const verdict = gradePuzzleAnswer(puzzle('pad-column'), 'row + col');
    expect(verdict.failure).toBe('overlap');
    expect(verdict.message).toBe(
      'Elements (0, 1) and (1, 0) overlap: both are at index 1. Every element needs its own word.',
    );
    expect(verdict.overlap).toEqual([
      { row: 0, col: 1 },
      { row: 1, col: 0 },
    ]);
  });

  it('puts the failing instruction on stage, as a word list the engine schedules the same', () => {
    const verdict = gradePuzzleAnswer(puzzle('pad-column'), 'row * 32 + col');
    const request = createSpecRequest(verdict.stage!.access);
    expect(request.ok && getSchedule(request.value).rounds).toBe(32);
    expect(verdict.stage!.title).toBe('Pad the column: column read, i = 0');
  });

  it('reads the whole function, a return statement or the bare expression alike', () => {
    for (const text of [
      '__device__ int at(int row, int col) { return row * 33 + col; }',
      'int at(int row, int col) {\n  return row * 33 + col;\n}',
      'return row * 33 + col;',
      'row * 33 + col',
    ])
      expect(gradePuzzleAnswer(puzzle('pad-column'), text).passed, text).toBe(true);
  });

  it('names what it cannot read in an answer, never throwing', () => {
    expect(readPuzzleAnswer('index', 'row * 33 + x', 32, 32)).toMatchObject({ ok: false, error: { field: 'answer' } });
    expect(gradePuzzleAnswer(puzzle('pad-column'), 'int x = 1; return x;').message).toContain('write one expression');
    expect(gradePuzzleAnswer(puzzle('narrow-tile'), 'row / (col - col)').message).toContain('at row 0, col 0');
    expect(gradePuzzleAnswer(puzzle('half-column'), 'sixty').message).toContain('whole number of elements');
    expect(gradePuzzleAnswer(puzzle('swizzle-column'), 'Swizzle<5,0>').message).toContain('three whole numbers');
  });

  it('checks an instructor’s puzzle at its fields, and grades its solution', () => {
    const bad: PuzzleDefinition = {
      ...puzzle('pad-column'),
      budget: 4096,
      accesses: [{ name: 'column read', op: 'load', row: 'lane + 1', col: 'i', count: 32, rounds: 1 }],
    };
    expect(checkPuzzle(bad)).toEqual([
      { field: 'accesses[0].row', reason: 'gives row 32 for lane 31 at i = 0, outside the tile’s 32 rows' },
    ]);
    expect(checkPuzzle({ ...puzzle('pad-column'), budget: 4096 })).toEqual([
      {
        field: 'solution',
        reason:
          'does not pass its own puzzle: Element (31, 1) is at index 1,024, bytes 4,096–4,099: past the budget of 4,096 bytes.',
      },
    ]);
  });
});
