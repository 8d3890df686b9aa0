import { checkInteger, fail, ok, type Result } from './result';

/**
 * How a tile's rows sit in shared memory.
 *
 * - `plain`: row `r`, column `c` at word `r·pitch + c`.
 * - `padded`: one unused word ends every row, so rows start `pitch + 1` words apart.
 * - `xor`: column `c` of row `r` is stored at physical column `c ^ (r mod pitch)`; no extra words.
 */
export type Layout = 'plain' | 'padded' | 'xor';

export const LAYOUTS: readonly Layout[] = ['plain', 'padded', 'xor'];

export const MAX_PITCH = 1024;
export const MAX_ROW = 1023;

/** A tile's geometry: `pitch` useful words per row, stored with `layout`. */
export interface TileLayout {
  readonly pitch: number;
  readonly layout: Layout;
}

/** Where one word of shared memory falls in a tile. */
export interface TileCell {
  readonly row: number;
  /** The column the program means (before any swizzle); `null` for a padding word. */
  readonly column: number | null;
  /** The column the word occupies in memory. */
  readonly physicalColumn: number;
}

/** Validates a tile layout. A swizzle needs a power-of-two pitch so `c ^ r` stays inside the row. */
export function createTileLayout(pitch: number, layout: Layout): Result<TileLayout> {
  const p = checkInteger('pitch', pitch, 1, MAX_PITCH);
  if (!p.ok) return p;
  if (!LAYOUTS.includes(layout)) return fail('layout', 'must be plain, padded or xor');
  if (layout === 'xor' && (pitch & (pitch - 1)) !== 0) {
    return fail('pitch', `an XOR swizzle needs a power-of-two pitch (like 32 or 64), not ${pitch}`);
  }
  return ok(Object.freeze({ pitch, layout }));
}

/** Words allocated per row: the pitch, plus one for padding. */
export function getRowPitch(tile: TileLayout): number {
  return tile.layout === 'padded' ? tile.pitch + 1 : tile.pitch;
}

/** The word index of logical cell (`row`, `column`). */
export function getWordAt(tile: TileLayout, row: number, column: number): number {
  const physical = tile.layout === 'xor' ? column ^ (row % tile.pitch) : column;
  return row * getRowPitch(tile) + physical;
}

/** The cell that word `word` falls in: the inverse of {@link getWordAt}. */
export function getTileCell(tile: TileLayout, word: number): TileCell {
  const rowPitch = getRowPitch(tile);
  const row = Math.floor(word / rowPitch);
  const physicalColumn = word % rowPitch;
  if (physicalColumn >= tile.pitch) return { row, column: null, physicalColumn };
  const column = tile.layout === 'xor' ? physicalColumn ^ (row % tile.pitch) : physicalColumn;
  return { row, column, physicalColumn };
}

/** A tile's memory: its bytes, and how many of them are padding. */
export interface TileFootprint {
  readonly bytes: number;
  readonly usefulBytes: number;
  readonly paddingBytes: number;
  /** Padding as a share of the useful bytes (0.03125 for one word on 32). */
  readonly overhead: number;
}

/** The footprint of `rows` rows of `tile`, at `wordBytes` bytes a word. */
export function getTileFootprint(tile: TileLayout, rows: number, wordBytes: number): TileFootprint {
  const usefulBytes = rows * tile.pitch * wordBytes;
  const bytes = rows * getRowPitch(tile) * wordBytes;
  return { bytes, usefulBytes, paddingBytes: bytes - usefulBytes, overhead: (bytes - usefulBytes) / usefulBytes };
}
