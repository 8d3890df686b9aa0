import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../src/engine';

describe('groupDigits', () => {
  it('sets off thousands with commas', () => {
    expect([0, 7, 999, 1000, 4224, 65_536, 1_234_567, -1234].map(groupDigits)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '4,224',
      '65,536',
      '1,234,567',
      '-1,234',
    ]);
  });

  it('writes every whole number as toLocaleString("en") does', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.integer({ min: -9999, max: 9999 })), (n) => {
        expect(groupDigits(n)).toBe(n.toLocaleString('en'));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not a whole number rather than group its decimals', () => {
    for (const n of [1.5, NaN, Infinity, 2 ** 60]) expect(() => groupDigits(n)).toThrow(RangeError);
  });
});
