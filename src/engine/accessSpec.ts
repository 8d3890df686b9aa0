import { createAccess, type Access } from './access';
import { createFirstLanesMask, isLaneActive, type LaneMask } from './activeLanes';
import { WARP_SIZE } from './bankModel';
import {
  createBroadcastAccess,
  createColumnAccess,
  createExpressionAccess,
  createRowAccess,
  createStridedAccess,
} from './generators';
import { fail, ok, type Result } from './result';
import { createTileLayout, DEFAULT_COLUMNS, getDefaultColumns, type Layout, type TileLayout } from './tileLayout';

export type Pattern = 'row' | 'column' | 'stride' | 'broadcast' | 'list' | 'expr';

export const PATTERNS: readonly Pattern[] = ['row', 'column', 'stride', 'broadcast', 'list', 'expr'];

/**
 * An access as a person describes it: a pattern and its parameters, named as the URL, Explore's
 * form and lesson files name them.
 */
export interface AccessSpec {
  readonly pattern: Pattern;
  /** Useful words per row of the tile (row and column reads). */
  readonly cols: number;
  /** Allocated words per row: the row pitch. At least `cols`; the difference is padding. */
  readonly pitch: number;
  readonly row: number;
  readonly col: number;
  readonly stride: number;
  /** The first word of a strided read; the word of a broadcast. */
  readonly offset: number;
  /** First N lanes active; used when `mask` is null. */
  readonly lanes: number;
  readonly mask: number | null;
  readonly layout: Layout;
  /** Per-lane words for the `list` pattern (`null`: inactive). */
  readonly words: readonly (number | null)[];
  /** A C integer expression over `lane` for the `expr` pattern. */
  readonly expr: string;
}

/** The lesson's opening puzzle: a column read of a 32 × 32 tile. */
export const DEFAULT_ACCESS_SPEC: AccessSpec = Object.freeze({
  pattern: 'column',
  cols: DEFAULT_COLUMNS,
  pitch: DEFAULT_COLUMNS,
  row: 0,
  col: 0,
  stride: 1,
  offset: 0,
  lanes: WARP_SIZE,
  mask: null,
  layout: 'plain',
  words: [],
  expr: 'lane',
});

/**
 * A whole spec from the parts a person wrote: what is left out takes the default, and a tile's
 * columns and pitch follow each other (columns: 32, or the pitch when smaller; pitch: the columns).
 */
export function createSpec(parts: Partial<AccessSpec>): AccessSpec {
  const cols = parts.cols ?? getDefaultColumns(parts.pitch);
  return { ...DEFAULT_ACCESS_SPEC, ...parts, cols, pitch: parts.pitch ?? cols };
}

/**
 * `layout: padded`, the lesson's shorthand for one padding word a row: the columns (32 unless
 * given) and a pitch of columns + 1. A pitch that says otherwise is an error naming it, never a
 * silent third meaning.
 */
export function getPaddedTile(cols?: number, pitch?: number): Result<{ cols: number; pitch: number }> {
  const columns = cols ?? DEFAULT_COLUMNS;
  if (pitch !== undefined && pitch !== columns + 1)
    return fail('pitch', `layout padded means a row pitch of cols + 1 = ${columns + 1} words, not ${pitch}`);
  return ok({ cols: columns, pitch: columns + 1 });
}

/** The spec's active lanes as a mask: its own mask, else the mask of the first N lanes. */
export function getSpecMask(spec: AccessSpec): Result<LaneMask> {
  return spec.mask === null ? createFirstLanesMask(spec.lanes) : ok(spec.mask);
}

/** Whether the pattern reads a tile, so that columns, pitch and layout mean something. */
export const readsTile = (pattern: Pattern) => pattern === 'row' || pattern === 'column';

/** The tile a row or column read reads; `null` for patterns that read no tile. */
export function getSpecTile(spec: AccessSpec): Result<TileLayout> | null {
  return readsTile(spec.pattern) ? createTileLayout(spec) : null;
}

/**
 * Builds the access a spec describes; any bad field comes back as its error.
 *
 * @remarks
 * A word list honours the active lanes too: a lane left out of `mask` (or past `lanes`) reads
 * nothing, whatever word the list gives it.
 */
export function createSpecAccess(spec: AccessSpec): Result<Access> {
  const lanes = getSpecMask(spec);
  if (!lanes.ok) return lanes;
  const mask = lanes.value;
  const tile = { cols: spec.cols, pitch: spec.pitch, layout: spec.layout, mask };
  switch (spec.pattern) {
    case 'row':
      return createRowAccess({ ...tile, row: spec.row });
    case 'column':
      return createColumnAccess({ ...tile, col: spec.col });
    case 'stride':
      return createStridedAccess({ stride: spec.stride, offset: spec.offset, mask });
    case 'broadcast':
      return createBroadcastAccess({ word: spec.offset, mask });
    case 'list':
      return createAccess(spec.words.map((w, lane) => (isLaneActive(mask, lane) ? w : null)));
    case 'expr':
      return createExpressionAccess({ expr: spec.expr, mask });
  }
}
