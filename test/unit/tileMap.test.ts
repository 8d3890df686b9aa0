import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createAccess,
  createColumnAccess,
  createTileLayout,
  DEFAULT_BANK_MODEL,
  ELEMENT_BYTES,
  FULL_MASK,
  getTileMap,
  type ElementType,
} from '../../src/engine';
import { unwrap } from '../unwrap';

/** A tile (plain, or XOR-swizzled with a power-of-two column count), a column of it, and an element type. */
const input = fc
  .record({
    xor: fc.boolean(),
    columnsLog: fc.integer({ min: 0, max: 6 }),
    extra: fc.integer({ min: 0, max: 40 }),
    plainColumns: fc.integer({ min: 1, max: 90 }),
    col: fc.nat(),
    type: fc.constantFrom<ElementType>('char', 'half', 'float', 'double', 'float4'),
    maxRows: fc.integer({ min: 1, max: 64 }),
  })
  .map(({ xor, columnsLog, extra, plainColumns, col, type, maxRows }) => {
    const columns = xor ? 2 ** columnsLog : plainColumns;
    const tile = unwrap(createTileLayout({ cols: columns, pitch: columns + extra, layout: xor ? 'xor' : 'plain' }));
    return { tile, col: col % columns, type, maxRows };
  });

describe('the tile map, cell by cell', () => {
  it('each element’s bank is its first word’s, and the padding past the useful columns has none', () => {
    fc.assert(
      fc.property(input, ({ tile, col, type, maxRows }) => {
        const access = unwrap(
          createColumnAccess({ cols: tile.columns, pitch: tile.pitch, layout: tile.layout, col, mask: FULL_MASK }),
        );
        const map = getTileMap(tile, access, type, DEFAULT_BANK_MODEL, maxRows);
        const banks = Array.from({ length: map.rows * tile.pitch }, (_, element) =>
          element % tile.pitch >= tile.columns ? null : Math.floor((element * ELEMENT_BYTES[type]) / 4) % 32,
        );
        expect(map.cells).toEqual(banks);
      }),
      { numRuns: 40 },
    );
  });

  it('the cells the read asks for are where its elements are stored, in the rows mapped', () => {
    fc.assert(
      fc.property(input, ({ tile, col, type, maxRows }) => {
        const access = unwrap(
          createColumnAccess({ cols: tile.columns, pitch: tile.pitch, layout: tile.layout, col, mask: FULL_MASK }),
        );
        const map = getTileMap(tile, access, type, DEFAULT_BANK_MODEL, maxRows);
        const stored = access.filter((e): e is number => e !== null && Math.floor(e / tile.pitch) < map.rows);
        expect(map.read.map(({ row, column }) => row * tile.pitch + column)).toEqual(stored);
        // A column of a plain tile stays one column; XOR moves it to another place in each row.
        if (tile.layout === 'plain') expect(new Set(map.read.map((c) => c.column))).toEqual(new Set([col]));
      }),
    );
  });

  it('maps every row a warp’s read reaches (32 at least), up to the limit asked for', () => {
    const tile = unwrap(createTileLayout({ cols: 32, pitch: 33 }));
    const column = unwrap(createColumnAccess({ cols: 32, pitch: 33, layout: 'plain', col: 0, mask: FULL_MASK }));
    expect(getTileMap(tile, column, 'float', DEFAULT_BANK_MODEL, 64).rows).toBe(32);
    expect(getTileMap(tile, column, 'float', DEFAULT_BANK_MODEL, 20).rows).toBe(20);
    const far = unwrap(createAccess([...column.slice(0, 31), 100 * 33]));
    expect(getTileMap(tile, far, 'float', DEFAULT_BANK_MODEL, 64).rows).toBe(64);
  });
});
