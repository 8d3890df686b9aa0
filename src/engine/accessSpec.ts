import type { Access } from './access';
import { ACCESS_FIELDS, type AccessFieldKey, type WrittenLayout } from './accessFields';
import { getAccessKind, PATTERNS, type Pattern } from './accessKinds';
import { createFirstLanesMask, type LaneMask } from './activeLanes';
import { WARP_SIZE } from './bankModel';
import { fail, ok, type EngineError, type Result } from './result';
import { createTileLayout, DEFAULT_COLUMNS, getDefaultColumns, type Layout, type TileLayout } from './tileLayout';

export type { Pattern };

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
export const readsTile = (pattern: Pattern) => getAccessKind(pattern).readsTile;

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
  return getAccessKind(spec.pattern).build(spec, lanes.value);
}

/** An access as written in a link or a lesson file: any of its fields, and `layout: padded` allowed. */
export type WrittenSpec = Partial<Omit<AccessSpec, 'layout'>> & { readonly layout?: WrittenLayout };

/**
 * The whole spec of a written one: what is left out takes its default, and `layout: padded` is
 * one word of padding a row. A pitch that contradicts `padded` is reported, and padded wins.
 */
export function resolveWrittenSpec(written: WrittenSpec): { spec: AccessSpec; error: EngineError | null } {
  const { layout, ...rest } = written;
  if (layout !== 'padded') return { spec: createSpec({ ...rest, ...(layout ? { layout } : {}) }), error: null };
  const padded = getPaddedTile(rest.cols, rest.pitch);
  const cols = rest.cols ?? DEFAULT_COLUMNS;
  return { spec: createSpec({ ...rest, cols, pitch: cols + 1 }), error: padded.ok ? null : padded.error };
}

/**
 * Reads an access from a lesson file's object (already checked against the lesson schema): every
 * field through its own definition, so a lesson and a link can never read one differently.
 */
export function readWrittenSpec(value: Readonly<Record<string, unknown>>): Result<AccessSpec> {
  const parts: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    if (key === 'pattern') {
      if (!(PATTERNS as readonly unknown[]).includes(raw))
        return fail('pattern', `must be one of ${PATTERNS.join(', ')}`);
      parts.pattern = raw;
      continue;
    }
    const field = ACCESS_FIELDS[key as AccessFieldKey];
    if (!field) return fail(key, 'is not a field of an access');
    const read = field.read(raw);
    if (!read.ok) return read;
    parts[key] = read.value;
  }
  const { spec, error } = resolveWrittenSpec(parts as WrittenSpec);
  return error ? { ok: false, error } : ok(spec);
}

/** Whether a spec's field holds the value it would take if left out (so a link may leave it out). */
export function isDefaultField(spec: AccessSpec, key: AccessFieldKey): boolean {
  if (key === 'cols') return spec.cols === getDefaultColumns(spec.pitch);
  if (key === 'pitch') return spec.pitch === spec.cols;
  return JSON.stringify(spec[key]) === JSON.stringify(DEFAULT_ACCESS_SPEC[key]);
}
