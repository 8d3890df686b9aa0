import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCESS_FIELDS, ADDRESS_TRANSFORMS, createSwizzle, LAYOUTS } from '../../src/engine';

describe('the address transforms', () => {
  const tiles = fc
    .record({
      log: fc.integer({ min: 0, max: 8 }),
      extra: fc.integer({ min: 0, max: 64 }),
      rows: fc.integer({ min: 1, max: 40 }),
    })
    .map(({ log, extra, rows }) => ({ columns: 2 ** log, pitch: 2 ** log + extra, rows }));

  it('the XOR layout is its own inverse, keeps each word in its row and leaves padding where it is', () => {
    const xor = ADDRESS_TRANSFORMS.xor;
    fc.assert(
      fc.property(tiles, fc.nat(), (tile, at) => {
        const offset = at % (tile.rows * tile.pitch);
        const stored = xor.apply(tile, offset);
        expect(xor.apply(tile, stored)).toBe(offset);
        expect(Math.floor(stored / tile.pitch)).toBe(Math.floor(offset / tile.pitch));
        if (offset % tile.pitch >= tile.columns) expect(stored).toBe(offset);
        else expect(stored % tile.pitch).toBeLessThan(tile.columns);
      }),
    );
  });

  it('CuTe’s Swizzle<B,M,S> is its own inverse for every B, M and S it takes', () => {
    const swizzles = fc
      .record({
        bits: fc.integer({ min: 0, max: 6 }),
        base: fc.integer({ min: 0, max: 8 }),
        shift: fc.integer({ min: -12, max: 12 }),
      })
      .map(createSwizzle)
      .filter((s) => s.ok)
      .map((s) => (s.ok ? s.value : null)!);
    fc.assert(
      fc.property(swizzles, fc.integer({ min: 0, max: 2 ** 20 - 1 }), (swizzle, offset) => {
        expect(ADDRESS_TRANSFORMS.swizzle.apply(swizzle, ADDRESS_TRANSFORMS.swizzle.apply(swizzle, offset))).toBe(
          offset,
        );
      }),
    );
  });

  it('a tile’s layouts are the transforms of its rows, offered by the layout field under their names', () => {
    expect(LAYOUTS).toEqual(['plain', 'xor']);
    expect(ACCESS_FIELDS.layout.choices).toEqual(LAYOUTS.map((id) => [id, ADDRESS_TRANSFORMS[id].label]));
    expect(ACCESS_FIELDS.layout.parse('diag')).toEqual({
      ok: false,
      error: { field: 'layout', reason: 'must be plain, padded or xor, not "diag"' },
    });
  });
});
