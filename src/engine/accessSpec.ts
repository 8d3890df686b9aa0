import type { Access } from './access';
import type { LaneContext } from './kinds/defineAccessKind';
import { ACCESS_FIELDS, type AccessFieldKey, type WrittenLayout } from './accessFields';
import { getAccessKind, PATTERNS, type Pattern } from './accessKinds';
import { createFirstLanesMask, type LaneMask } from './activeLanes';
import { WARP_SIZE } from './bankModel';
import { fail, ok, type EngineError, type Result } from './result';
import { createTileLayout, DEFAULT_COLUMNS, getDefaultColumns, type Layout, type TileLayout } from './tileLayout';
import { DEFAULT_ELEMENT_TYPE, type ElementType } from './elementTypes';
import { parseSharedArray, type SharedArray } from './sharedArray';
import type { Swizzle } from './swizzle';
import { checkWarp, DEFAULT_BLOCK, getThreadIndex, type ThreadBlock } from './threadBlock';
import { createWarpRequest, MATRIX_ROWS, type MatrixCount, type Operation, type WarpRequest } from './warpRequest';

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
  /** A C integer expression over `lane` (and the thread's names, and the shared array) for the `expr` pattern. */
  readonly expr: string;
  /** What each index counts: elements of this type. */
  readonly type: ElementType;
  /** The thread block, and which of its warps makes the access. */
  readonly block: ThreadBlock;
  readonly warp: number;
  readonly op: Operation;
  /** `ldmatrix`'s matrix count. */
  readonly x: MatrixCount;
  /** A `__shared__` declaration (`''`: none); it sets the type. */
  readonly shared: string;
  readonly swizzle: Swizzle | null;
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
  type: DEFAULT_ELEMENT_TYPE,
  block: DEFAULT_BLOCK,
  warp: 0,
  op: 'load',
  x: 4,
  shared: '',
  swizzle: null,
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
  const context = getLaneContext(spec);
  if (!context.ok) return context;
  return getAccessKind(spec.pattern).build(spec, context.value);
}

/**
 * What the lanes of a spec's warp know, for a kind to build its indices: which are active (the
 * spec's lanes, the threads inside the block, and for `ldmatrix` the lanes giving row addresses),
 * each lane's thread, and the shared array an expression may subscript.
 */
export function getLaneContext(spec: AccessSpec): Result<LaneContext> {
  const lanes = getSpecMask(spec);
  if (!lanes.ok) return lanes;
  const warp = checkWarp(spec.block, spec.warp);
  if (!warp.ok) return warp;
  let array: SharedArray | null = null;
  if (spec.shared !== '') {
    const parsed = parseSharedArray(spec.shared);
    if (!parsed.ok) return parsed;
    array = parsed.value;
    if (spec.type !== DEFAULT_ELEMENT_TYPE && spec.type !== array.type)
      return fail(
        'type',
        `the shared array ${array.name} holds ${array.type}, so the type is ${array.type}, not ${spec.type}`,
      );
  }
  let mask = lanes.value;
  const threads = Array.from({ length: WARP_SIZE }, (_, lane) => getThreadIndex(spec.block, spec.warp, lane));
  for (let lane = 0; lane < WARP_SIZE; lane++) {
    const gives = spec.op !== 'ldmatrix' || lane < MATRIX_ROWS * spec.x;
    if (threads[lane] === null || !gives) mask = (mask & ~(1 << lane)) >>> 0;
  }
  if (mask === 0)
    return fail(
      spec.op === 'ldmatrix' ? 'x' : 'lanes',
      'no lane is left active: the lanes chosen are all past the block’s last thread',
    );
  return ok({ mask, threads, block: spec.block, warp: spec.warp, array });
}

/** The element type of a spec: its shared array's, else its own. */
export function getSpecType(spec: AccessSpec): ElementType {
  if (spec.shared === '') return spec.type;
  const array = parseSharedArray(spec.shared);
  return array.ok ? array.value.type : spec.type;
}

/**
 * The wider model's request a spec describes: the kind's indices, checked against the shared
 * array, swizzled, and turned into each lane's bytes and words; any bad field comes back as its error.
 */
export function createSpecRequest(spec: AccessSpec): Result<WarpRequest> {
  const context = getLaneContext(spec);
  if (!context.ok) return context;
  const kind = getAccessKind(spec.pattern);
  const indices = kind.build(spec, context.value);
  if (!indices.ok) return indices;
  const { array } = context.value;
  if (array)
    for (let lane = 0; lane < WARP_SIZE; lane++) {
      const index = indices.value[lane];
      if (index !== null && index >= array.elements)
        return fail(
          kind.fields[0] ?? 'shared',
          `lane ${lane} names element ${index}, past the end of ${array.name} (${array.elements} elements)`,
        );
    }
  return createWarpRequest(
    indices.value,
    {
      op: spec.op,
      type: array?.type ?? spec.type,
      matrices: spec.x,
      block: spec.block,
      warp: spec.warp,
      swizzle: spec.swizzle,
    },
    kind.fields[0] ?? 'words',
  );
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
