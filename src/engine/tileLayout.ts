import type { Access } from './access';
import {
  ADDRESS_TRANSFORMS,
  LAYOUTS,
  type AddressTransform,
  type Layout,
  type TileGeometry,
} from './addressTransforms';
import { WARP_SIZE } from './bankModel';
import { checkInteger, fail, ok, type Result } from './result';

export { LAYOUTS, type Layout };

/** The most words a row may allocate (and so the most useful columns). */
export const MAX_PITCH = 1024;
export const MAX_ROW = 1023;
/** The lesson's tile: 32 useful columns, and as many rows as a warp has lanes. */
export const DEFAULT_COLUMNS = 32;

/**
 * A tile's geometry: `columns` useful words per row, `pitch` allocated words per row (the lesson's
 * "row pitch"), and where the useful columns sit in a row. Padding is `pitch − columns` words a row.
 *
 * @remarks
 * Its layout is one of the address transforms: `plain` keeps useful column `c` of row `r` at word
 * `r·pitch + c`; `xor` stores it at position `c ^ (r mod columns)` of its row, so a column is spread
 * across positions with no extra words (it needs a power-of-two column count).
 */
export interface TileLayout {
  readonly columns: number;
  readonly pitch: number;
  readonly layout: Layout;
}

/** A tile as a person describes it; what is left out takes the lesson's defaults. */
export interface TileShape {
  /** Useful columns; 32, or the pitch when that is smaller. */
  readonly cols?: number;
  /** Allocated words per row; the column count when left out. */
  readonly pitch?: number;
  readonly layout?: Layout;
}

/** Where one word of shared memory falls in a tile. */
export interface TileCell {
  readonly row: number;
  /** The useful column the program means (before any swizzle); `null` for a padding word. */
  readonly column: number | null;
  /** The word's position in its row of memory. */
  readonly physicalColumn: number;
}

/** The useful columns of a tile whose column count is not given: 32, or the pitch when smaller. */
export const getDefaultColumns = (pitch?: number) => Math.min(DEFAULT_COLUMNS, pitch ?? DEFAULT_COLUMNS);

/** Validates a tile: 1–1024 useful columns, a pitch of at least that many words, a known layout. */
export function createTileLayout(shape: TileShape): Result<TileLayout> {
  if (shape.pitch !== undefined) {
    const p = checkInteger('pitch', shape.pitch, 1, MAX_PITCH);
    if (!p.ok) return p;
  }
  const columns = shape.cols ?? getDefaultColumns(shape.pitch);
  const c = checkInteger('cols', columns, 1, MAX_PITCH);
  if (!c.ok) return c;
  const pitch = shape.pitch ?? columns;
  if (pitch < columns) {
    return fail(
      'pitch',
      `the row pitch (words allocated per row) must be at least the ${columns} useful columns, not ${pitch}`,
    );
  }
  const layout = shape.layout ?? 'plain';
  if (!LAYOUTS.includes(layout)) return fail('layout', `must be ${LAYOUTS.join(' or ')}`);
  const transform: AddressTransform<TileGeometry> = ADDRESS_TRANSFORMS[layout];
  const misfit = transform.misfit?.({ columns, pitch });
  if (misfit) return fail('cols', misfit);
  return ok(Object.freeze({ columns, pitch, layout }));
}

/** Unused words at the end of every row. */
export const getPaddingWords = (tile: TileLayout) => tile.pitch - tile.columns;

/** The word index of useful cell (`row`, `column`). */
export function getWordAt(tile: TileLayout, row: number, column: number): number {
  return ADDRESS_TRANSFORMS[tile.layout].apply(tile, row * tile.pitch + column);
}

/** The cell that word `word` falls in: the inverse of {@link getWordAt}. */
export function getTileCell(tile: TileLayout, word: number): TileCell {
  const row = Math.floor(word / tile.pitch);
  const physicalColumn = word % tile.pitch;
  if (physicalColumn >= tile.columns) return { row, column: null, physicalColumn };
  // A layout is its own inverse: the place a word is stored at holds the column stored there.
  const column = ADDRESS_TRANSFORMS[tile.layout].apply(tile, word) - row * tile.pitch;
  return { row, column, physicalColumn };
}

/**
 * How many rows a tile needs to hold every word `access` reads: at least the lesson's square tile
 * (one row per lane of a warp).
 */
export function getTileRows(tile: TileLayout, access: Access): number {
  const rows = access.filter((w) => w !== null).map((w) => getTileCell(tile, w).row + 1);
  return Math.max(WARP_SIZE, ...rows);
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
  const usefulBytes = rows * tile.columns * wordBytes;
  const bytes = rows * tile.pitch * wordBytes;
  return { bytes, usefulBytes, paddingBytes: bytes - usefulBytes, overhead: (bytes - usefulBytes) / usefulBytes };
}

/**
 * Whether a full warp's column read of this tile is conflict-free by the XOR swizzle's rule: with
 * at least as many useful columns as banks and a pitch that is a multiple of the bank count, lane
 * `i` finds column `c` at position `c ^ i`, and those positions fall in different banks.
 */
export function isSwizzleConflictFree(tile: TileLayout, banks: number): boolean {
  return tile.layout === 'xor' && tile.columns >= banks && tile.pitch % banks === 0;
}
