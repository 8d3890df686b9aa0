import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSpecRequest, getSchedule, readWrittenSpec, type AccessSpec } from '../../src/engine';
import { getPitchSweep } from '../../src/engine/pitchSweep';
import { unwrap } from '../unwrap';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const spec = (written: Record<string, unknown>): AccessSpec =>
  unwrap(readWrittenSpec(written as { pattern: 'column' }));

describe('the pitch sweep, from the engine', () => {
  it('a whole warp’s plain column read at each pitch from its columns to 32 past them: gcd(pitch, 32) rounds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (cols) => {
        const sweep = getPitchSweep(spec({ pattern: 'column', cols }))!;
        expect(sweep.pitches.map((p) => p.pitch)).toEqual(Array.from({ length: 33 }, (_, i) => cols + i));
        expect(sweep.pitches.map((p) => p.rounds)).toEqual(sweep.pitches.map((p) => gcd(p.pitch, 32)));
        expect(sweep.most).toBe(Math.max(...sweep.pitches.map((p) => gcd(p.pitch, 32))));
      }),
      { numRuns: 30 },
    );
  });

  it('any tile read at any pitch: the rounds of the access loaded at that pitch, or its refusal', () => {
    const written = fc.record({
      pattern: fc.constantFrom('row', 'column'),
      cols: fc.integer({ min: 1, max: 64 }),
      type: fc.constantFrom('half', 'float', 'double', 'float4'),
      op: fc.constantFrom('load', 'store', 'ldmatrix'),
      lanes: fc.integer({ min: 1, max: 32 }),
    });
    fc.assert(
      fc.property(written, (fields) => {
        const read = readWrittenSpec(fields);
        if (!read.ok) return;
        for (const swept of getPitchSweep(read.value)!.pitches) {
          const access = createSpecRequest({ ...read.value, pitch: swept.pitch });
          expect(swept.padding).toBe(swept.pitch - read.value.cols);
          if (access.ok) expect(swept).toMatchObject({ rounds: getSchedule(access.value).rounds, refused: null });
          else expect(swept).toMatchObject({ rounds: null, refused: access.error });
        }
      }),
      { numRuns: 15 },
    );
  });

  it('a pitch the engine refuses is refused with its reason, never counted as 0 rounds', () => {
    // ldmatrix rows must start 16 bytes apart: a column of halves at an odd pitch does not.
    const sweep = getPitchSweep(spec({ pattern: 'column', type: 'half', op: 'ldmatrix' }))!;
    const at = (pitch: number) => sweep.pitches.find((p) => p.pitch === pitch)!;
    expect(at(33).rounds).toBeNull();
    expect(at(33).refused?.reason).toContain('not 16-byte aligned');
    expect(at(40)).toMatchObject({ refused: null, rounds: expect.any(Number) });
    expect(sweep.pitches.some((p) => p.rounds === 0)).toBe(false);
  });

  it('says what holds across pitches where the access’s kind knows a rule, and nothing elsewhere', () => {
    expect(getPitchSweep(spec({ pattern: 'column' }))!.note).toContain('greatest common divisor');
    expect(getPitchSweep(spec({ pattern: 'column', lanes: 16 }))!.note).toBeNull();
  });

  it('an access that reads no tile has no sweep: a pitch means nothing to it', () => {
    expect(getPitchSweep(spec({ pattern: 'expr', expr: 'lane * 33' }))).toBeNull();
  });
});
