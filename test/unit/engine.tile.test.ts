import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createColumnAccess,
  createFirstLanesMask,
  createSpec,
  createSpecAccess,
  createTileLayout,
  DEFAULT_BANK_MODEL,
  getSchedule,
  getTileCell,
  getTileFootprint,
  getWordAt,
  isSwizzleConflictFree,
} from '../../src/engine';
import { unwrap } from '../unwrap';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const roundsAt = (parts: Parameters<typeof createSpec>[0]) =>
  getSchedule(unwrap(createSpecAccess(createSpec(parts)))).rounds;

describe('a tile: useful columns and a row pitch of allocated words', () => {
  it('defaults: 32 columns, the pitch following the columns, the columns never more than the pitch', () => {
    expect(unwrap(createTileLayout({}))).toEqual({ columns: 32, pitch: 32, layout: 'plain' });
    expect(unwrap(createTileLayout({ pitch: 33 }))).toEqual({ columns: 32, pitch: 33, layout: 'plain' });
    expect(unwrap(createTileLayout({ pitch: 8 }))).toEqual({ columns: 8, pitch: 8, layout: 'plain' });
    expect(unwrap(createTileLayout({ cols: 40 }))).toEqual({ columns: 40, pitch: 40, layout: 'plain' });
  });

  it('the lesson’s padded tile: 32 × 33 × 4 = 4,224 bytes, 128 of them padding, 3.1% over the useful 4,096', () => {
    const tile = unwrap(createTileLayout({ cols: 32, pitch: 33 }));
    const cost = getTileFootprint(tile, 32, 4);
    expect(cost).toEqual({ bytes: 4224, usefulBytes: 4096, paddingBytes: 128, overhead: 128 / 4096 });
    expect((cost.overhead * 100).toFixed(1)).toBe('3.1');
    expect(getTileCell(tile, 32)).toEqual({ row: 0, column: null, physicalColumn: 32 });
    expect(getTileCell(tile, 33)).toEqual({ row: 1, column: 0, physicalColumn: 0 });
  });

  it('getTileCell inverts getWordAt for every useful cell, in both layouts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 4, 8, 16, 32, 64),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('plain', 'xor') as fc.Arbitrary<'plain' | 'xor'>,
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        (cols, extra, layout, row, c) => {
          const tile = unwrap(createTileLayout({ cols, pitch: cols + extra, layout }));
          const column = c % cols;
          const word = getWordAt(tile, row, column);
          expect(getTileCell(tile, word)).toMatchObject({ row, column });
        },
      ),
    );
  });

  it('a whole warp’s plain column read at pitch p needs gcd(p, 32) rounds (the sweep’s closed form)', () => {
    for (let pitch = 32; pitch <= 96; pitch++) {
      expect(roundsAt({ pattern: 'column', cols: 32, pitch }), `pitch ${pitch}`).toBe(gcd(pitch, 32));
    }
  });

  it('with fewer lanes, the busiest bank holds no more words than lanes that share it', () => {
    for (let lanes = 1; lanes <= 32; lanes++) {
      const mask = unwrap(createFirstLanesMask(lanes));
      for (let pitch = 32; pitch <= 64; pitch++) {
        const rounds = getSchedule(unwrap(createColumnAccess({ col: 0, cols: 32, pitch, mask }))).rounds;
        // Lanes i and j share a bank when (i − j)·p ≡ 0 (mod 32): every 32/gcd(p, 32) lanes.
        expect(rounds, `${lanes} lanes, pitch ${pitch}`).toBe(Math.ceil(lanes / (32 / gcd(pitch, 32))));
      }
    }
  });

  it('the XOR swizzle’s promise holds: conflict-free wherever isSwizzleConflictFree says so', () => {
    const banks = DEFAULT_BANK_MODEL.banks;
    for (const cols of [32, 64, 128]) {
      for (const pitch of [cols, cols + 32, cols * 2]) {
        const tile = unwrap(createTileLayout({ cols, pitch, layout: 'xor' }));
        expect(isSwizzleConflictFree(tile, banks)).toBe(true);
        for (let col = 0; col < cols; col += 7) {
          expect(roundsAt({ pattern: 'column', cols, pitch, col, layout: 'xor' }), `${cols}/${pitch}/${col}`).toBe(1);
        }
      }
    }
    // Outside its conditions the rule promises nothing, and the model finds conflicts.
    expect(isSwizzleConflictFree(unwrap(createTileLayout({ cols: 16, layout: 'xor' })), banks)).toBe(false);
    expect(roundsAt({ pattern: 'column', cols: 16, pitch: 32, layout: 'xor' })).toBe(2);
    expect(isSwizzleConflictFree(unwrap(createTileLayout({ cols: 32, pitch: 33, layout: 'xor' })), banks)).toBe(false);
    expect(roundsAt({ pattern: 'column', cols: 32, pitch: 33, layout: 'xor' })).toBe(2);
  });
});
