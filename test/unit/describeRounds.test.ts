import { describe, expect, it } from 'vitest';
import { createSpec, createSpecRequest, getRoundsVerdict, getSchedule, type AccessSpec } from '../../src/engine';
import { describeRounds } from '../../src/program/describeRounds';
import { getQuestionHint } from '../../src/program/getQuestionHint';
import { unwrap } from '../unwrap';

const scheduleOf = (parts: Partial<AccessSpec>) => getSchedule(unwrap(createSpecRequest(createSpec(parts))));

// Each access worked out by hand first; the words must say what the count comes from.
describe('why an access takes its rounds', () => {
  it('a lesson column read: the busiest bank’s distinct words, as the lesson says', () => {
    // Pitch 32: lane i reads word 32i, all in bank 0.
    expect(describeRounds(scheduleOf({ pattern: 'column', pitch: 32 }))).toBe(
      'The busiest bank, B0, is asked for 32 distinct words (32 requests), so the read takes 32 rounds.',
    );
  });

  it('a float4 load two elements apart: 2-way inside each 8-lane phase, ideal 4, excess 4', () => {
    // Lane i reads element 2i: words 8i–8i+3; in a phase of 8 lanes, lanes i and i+4 meet in bank 8i mod 32.
    const schedule = scheduleOf({ pattern: 'expr', type: 'float4', expr: 'lane * 2' });
    expect(getRoundsVerdict(schedule)).toMatchObject({ rounds: 8, ideal: 4, excess: 4 });
    const text = describeRounds(schedule);
    expect(text).toContain('at least 4 rounds, one a phase');
    expect(text).toContain('In every phase, the busiest bank is asked for 2 distinct words');
    expect(text).toContain('8 rounds in all: 4 more than the ideal.');
    expect(text).not.toContain('8 distinct words');
  });

  it('a float4 load each pair of lanes shares (lane / 2): pairs served as one, 2 phases of 16 lanes, 2 rounds', () => {
    const text = describeRounds(scheduleOf({ pattern: 'expr', type: 'float4', expr: 'lane / 2' }));
    expect(text).toBe(
      'Every lane reads the same address as lane n^1 (lanes 0 and 1, 2 and 3 …), so each pair is served as one: a rule measured on Volta to Hopper for 8- and 16-byte loads (NVIDIA’s developer forum), which puts 16 lanes in a phase. Served in 2 phases of 16 lanes, the read takes at least 2 rounds, one a phase. No phase conflicts: 2 rounds, the ideal.',
    );
  });

  it('the same addresses stored: no pairs, 4 phases of 8 lanes', () => {
    const text = describeRounds(scheduleOf({ pattern: 'expr', type: 'float4', expr: 'lane / 2', op: 'store' }));
    expect(text).toMatch(/^Served in 4 phases of 8 lanes, the store takes at least 4 rounds/);
  });

  it('a float4 read of lane × 8 + lane / 8: every phase 8-way, its own busiest bank', () => {
    // Lane i of phase p (i = 8p + k) reads element 8i + p: word 32i + 4p, bank 4p for all 8 lanes.
    const text = describeRounds(scheduleOf({ pattern: 'expr', type: 'float4', expr: 'lane * 8 + lane / 8' }));
    expect(text).toContain('(B0, B4, B8 and B12), so each takes 8 rounds. 32 rounds in all: 28 more than the ideal.');
  });

  it('one conflicting phase is named with its lanes; the others take a round each', () => {
    // Lanes 8 and 9 read elements 8 and 16 (bank 0, words 32 and 64): phase 2 alone is 2-way.
    const words = [0, 1, 2, 3, 4, 5, 6, 7, 8, 16, 10, 11, 12, 13, 14, 15];
    const text = describeRounds(scheduleOf({ pattern: 'list', type: 'float4', words }));
    expect(text).toContain(
      'In phase 2 (lanes 8–15), bank B0 is asked for 2 distinct words (2 requests), so it takes 2 rounds.',
    );
    expect(text).toContain('The other phase takes one round.');
    expect(text).toContain('(the other 2 carry no request)');
  });

  it('ldmatrix.x4 down a column of chunks: matrix by matrix, 8 rows to a bank each', () => {
    // Rows 128 bytes apart: matrix j's eight rows all start in bank 4j.
    const schedule = scheduleOf({
      pattern: 'expr',
      op: 'ldmatrix',
      x: 4,
      shared: 'half tile[8][64]',
      expr: 'tile[lane % 8][lane / 8 * 8]',
    });
    const text = describeRounds(schedule);
    expect(text).toContain('ldmatrix.x4 loads 4 matrices, each served as a phase of 8 rows');
    expect(text).toContain('In every matrix, the busiest bank is asked for 8 distinct words (B0, B4, B8 and B12)');
    expect(text).toContain('32 rounds in all: 28 more than the ideal.');
  });

  it('a conflict-free wide load says it reaches the ideal', () => {
    expect(describeRounds(scheduleOf({ pattern: 'row', type: 'float4' }))).toBe(
      'Served in 4 phases of 8 lanes, the read takes at least 4 rounds, one a phase. No phase conflicts: 4 rounds, the ideal.',
    );
  });
});

describe('the hint after a first wrong answer', () => {
  it('counts phase by phase for a wide access and matrix by matrix for ldmatrix; per bank for the lesson', () => {
    expect(getQuestionHint('number', 'rounds', scheduleOf({ pattern: 'column' }))).toContain(
      'busiest bank is asked for',
    );
    expect(getQuestionHint('number', 'rounds', scheduleOf({ pattern: 'row', type: 'float4' }))).toContain(
      'a phase at a time',
    );
    const ldmatrix = scheduleOf({ pattern: 'expr', op: 'ldmatrix', x: 4, type: 'half', expr: 'lane * 8' });
    expect(getQuestionHint('number', 'q1.rounds', ldmatrix)).toContain('a matrix at a time');
  });

  it('talks of bytes, not banks, for a race', () => {
    const hint = getQuestionHint('choice', 'raceFree', scheduleOf({ pattern: 'expr', op: 'store', expr: 'lane / 2' }));
    expect(hint).toContain('store to the same bytes');
    expect(hint).not.toMatch(/busiest bank|which banks/);
  });
});
