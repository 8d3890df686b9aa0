import { describe, expect, it } from 'vitest';
import { createSpec, createSpecRequest, getBankConflict, getSchedule, type AccessSpec } from '../../src/engine';
import { describeConflict, describeNumbers } from '../../src/program/describeConflict';

function conflictOf(parts: Partial<AccessSpec>) {
  const request = createSpecRequest(createSpec(parts));
  if (!request.ok) throw new Error(`${request.error.field}: ${request.error.reason}`);
  return getBankConflict(getSchedule(request.value));
}

describe('a conflict in CUDA’s words, from the engine’s schedule', () => {
  it('two rows of a 16×2 block 160 words apart: a 2-way conflict, each half-warp in a wavefront', () => {
    const conflict = conflictOf({
      pattern: 'expr',
      expr: 'threadIdx.y * 160 + 8 + threadIdx.x',
      block: { x: 16, y: 2, z: 1 },
    });
    expect(conflict).toMatchObject({ ways: 2, wavefronts: 2, idealWavefronts: 1, bank: 8, stride: 160 });
    expect(describeConflict(conflict)).toBe(
      '2-way bank conflict: lanes 0–15 and 16–31 (threadIdx.y 0 and 1) ask banks 8–23 for words 160 apart (160 = 5 × 32: the same bank); 2 wavefronts where 1 would do.',
    );
  });

  it('the lesson’s column read at pitch 32: 32-way, every lane in bank 0 a wavefront of its own', () => {
    const conflict = conflictOf({ pattern: 'column', pitch: 32 });
    expect(conflict.ways).toBe(32);
    expect(conflict.groups).toHaveLength(32);
    expect(describeConflict(conflict)).toBe(
      '32-way bank conflict: lanes 0, 1 … 31 (threadIdx.x 0, 1 … 31), one a wavefront, ask bank 0 for words 32 apart (32 = 1 × 32: the same bank); 32 wavefronts where 1 would do.',
    );
  });

  it('the padded column at pitch 33: no conflict, one wavefront', () => {
    expect(describeConflict(conflictOf({ pattern: 'column', pitch: 33 }))).toBe(
      'No bank conflict: each bank serves one word a round (1 wavefront, the ideal).',
    );
  });

  it('a float4 row read: four phases, each conflict-free, four wavefronts the ideal', () => {
    const conflict = conflictOf({ pattern: 'row', type: 'float4' });
    expect(conflict).toMatchObject({ ways: 1, wavefronts: 4, idealWavefronts: 4 });
    expect(describeConflict(conflict)).toBe(
      'No bank conflict: each bank serves one word a round (4 wavefronts, the ideal).',
    );
  });

  it('a float4 read 8 words a lane: its worst phase named, with the lanes it serves', () => {
    const conflict = conflictOf({ pattern: 'expr', type: 'float4', expr: '256 + lane * 2' });
    expect(describeConflict(conflict)).toBe(
      '2-way bank conflict in phase 1 of 4 (lanes 0–7): lanes 0–3 and 4–7 (threadIdx.x 0–3 and 4–7) ask banks 0–3, 8–11, 16–19, 24–27 for words 32 apart (32 = 1 × 32: the same bank); 8 wavefronts where 4 would do.',
    );
  });
});

describe('numbers in a few words', () => {
  it('runs as ranges', () => expect(describeNumbers([0, 1, 2, 3, 8, 9])).toBe('0–3, 8, 9'));
  it('more than four runs by the first two and the last', () =>
    expect(describeNumbers([0, 1, 4, 5, 6, 9, 12, 13, 20])).toBe('0, 1, 4–6 … 20'));
  it('an even spread by its ends', () => expect(describeNumbers([0, 2, 4, 6, 8, 10])).toBe('0, 2, … 10'));
});
