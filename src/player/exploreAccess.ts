import {
  createAccess,
  createBroadcastAccess,
  createColumnAccess,
  createFirstLanesMask,
  createRowAccess,
  createStridedAccess,
  type Access,
  type LaneMask,
  type Layout,
  type Result,
} from '../engine';

export type Pattern = 'row' | 'column' | 'stride' | 'broadcast' | 'list';

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

/** The spec's active lanes as a mask: its own mask, else the engine's mask of the first N lanes. */
export function getSpecMask(spec: AccessSpec): Result<LaneMask> {
  return spec.mask === null ? createFirstLanesMask(spec.lanes) : { ok: true, value: spec.mask };
}

/** Asks the engine for the access a spec describes; any bad field comes back as its error. */
export function createSpecAccess(spec: AccessSpec): Result<Access> {
  const lanes = getSpecMask(spec);
  if (!lanes.ok) return lanes;
  const mask = lanes.value;
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

/** Presets from the lesson's experiments, as specs. */
export const PRESETS: readonly { readonly name: string; readonly spec: AccessSpec }[] = [
  { name: 'Row read', spec: { ...DEFAULT_ACCESS_SPEC, pattern: 'row' } },
  { name: 'Column, pitch 32', spec: { ...DEFAULT_ACCESS_SPEC, pattern: 'column', pitch: 32 } },
  { name: 'Padded column, pitch 33', spec: { ...DEFAULT_ACCESS_SPEC, pattern: 'column', pitch: 33 } },
  { name: 'Broadcast', spec: { ...DEFAULT_ACCESS_SPEC, pattern: 'broadcast' } },
  { name: 'Every other word, 16 lanes', spec: { ...DEFAULT_ACCESS_SPEC, pattern: 'stride', stride: 2, lanes: 16 } },
];

/**
 * Writes a spec as the URL's parameters (the inverse of `parsePlayerQuery` for the access), naming
 * only what the pattern uses so shared links stay short.
 */
export function getSpecParams(spec: AccessSpec): URLSearchParams {
  const params = new URLSearchParams({ mode: 'explore' });
  if (spec.pattern === 'list') {
    const words = spec.words.map((w) => (w === null ? '-' : String(w)));
    while (words.at(-1) === '-') words.pop();
    params.set('words', words.join(','));
    return params;
  }
  params.set('pattern', spec.pattern);
  if (spec.pattern === 'row' || spec.pattern === 'column') {
    params.set('pitch', String(spec.pitch));
    params.set(spec.pattern === 'row' ? 'row' : 'col', String(spec.pattern === 'row' ? spec.row : spec.col));
    if (spec.layout !== 'plain') params.set('layout', spec.layout);
  }
  if (spec.pattern === 'stride') params.set('stride', String(spec.stride));
  if (spec.pattern === 'stride' || spec.pattern === 'broadcast') params.set('offset', String(spec.offset));
  if (spec.mask !== null) params.set('mask', (spec.mask >>> 0).toString(16));
  else if (spec.lanes !== 32) params.set('lanes', String(spec.lanes));
  return params;
}
