import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySwizzle, createSwizzle, getSwizzleBits } from '../../src/engine';

/** A swizzle CuTe accepts (|S| ≥ B) whose bits stay below bit 31, and an offset. */
const input = fc
  .record({
    bits: fc.integer({ min: 0, max: 5 }),
    base: fc.integer({ min: 0, max: 8 }),
    shift: fc.integer({ min: -10, max: 10 }),
    offset: fc.nat(2 ** 20),
  })
  .filter(({ bits, base, shift }) => createSwizzle({ bits, base, shift }).ok);

describe('the bits a swizzle moves', () => {
  it('it changes only the bits of its mask', () => {
    fc.assert(
      fc.property(input, ({ offset, ...swizzle }) => {
        const { mask } = getSwizzleBits(swizzle);
        expect(((applySwizzle(swizzle, offset) ^ offset) & ~mask) >>> 0).toBe(0);
      }),
    );
  });

  it('the bits it changes are the bits it reads, XORed in', () => {
    fc.assert(
      fc.property(input, ({ offset, ...swizzle }) => {
        const { read, changed } = getSwizzleBits(swizzle);
        expect(read.count).toBe(swizzle.bits);
        const taken = (offset >>> read.from) & ((1 << read.count) - 1);
        expect(applySwizzle(swizzle, offset) ^ offset).toBe(taken << changed.from);
      }),
    );
  });

  it('Swizzle<3,3,3> reads bits 6–8 and changes bits 3–5 (mask 56); Swizzle<3,3,−3> the other way round', () => {
    expect(getSwizzleBits({ bits: 3, base: 3, shift: 3 })).toEqual({
      read: { from: 6, count: 3 },
      changed: { from: 3, count: 3 },
      mask: 56,
    });
    expect(getSwizzleBits({ bits: 3, base: 3, shift: -3 })).toMatchObject({ read: { from: 3 }, changed: { from: 6 } });
  });
});
