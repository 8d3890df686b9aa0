import {
  createAccess,
  createBroadcastAccess,
  createColumnAccess,
  createFirstLanesMask,
  createRowAccess,
  createStridedAccess,
  FULL_MASK,
  type Access,
  type Layout,
  type Result,
} from '../engine';

export type Pattern = 'row' | 'column' | 'stride' | 'broadcast' | 'list';
export const PATTERNS: readonly Pattern[] = ['row', 'column', 'stride', 'broadcast', 'list'];

/** An access as the learner describes it: a pattern and its parameters (the URL's words). */
export interface AccessSpec {
  readonly pattern: Pattern;
  readonly pitch: number;
  readonly row: number;
  readonly col: number;
  readonly stride: number;
  readonly offset: number;
  /** First N lanes active; used when `mask` is null. */
  readonly lanes: number;
  readonly mask: number | null;
  readonly layout: Layout;
  /** Per-lane words for the `list` pattern. */
  readonly words: readonly (number | null)[];
}

/** The lesson's opening puzzle: a column read at pitch 32. */
export const DEFAULT_ACCESS_SPEC: AccessSpec = Object.freeze({
  pattern: 'column',
  pitch: 32,
  row: 0,
  col: 0,
  stride: 1,
  offset: 0,
  lanes: 32,
  mask: null,
  layout: 'plain',
  words: [],
});

/** Asks the engine for the access a spec describes; any bad field comes back as its error. */
export function createSpecAccess(spec: AccessSpec): Result<Access> {
  let mask = spec.mask ?? FULL_MASK;
  if (spec.mask === null) {
    const first = createFirstLanesMask(spec.lanes);
    if (!first.ok) return first;
    mask = first.value;
  }
  const tile = { pitch: spec.pitch, layout: spec.layout, mask };
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
      return createAccess(spec.words);
  }
}
