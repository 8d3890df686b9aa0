import { createSpec, getDefaultColumns, readsTile, WARP_SIZE, type AccessSpec } from '../engine';

/** Presets from the lesson's experiments, as specs. */
export const PRESETS: readonly { readonly name: string; readonly spec: AccessSpec }[] = [
  { name: 'Row read', spec: createSpec({ pattern: 'row' }) },
  { name: 'Column, pitch 32', spec: createSpec({ pattern: 'column', cols: 32, pitch: 32 }) },
  { name: 'Padded column, pitch 33', spec: createSpec({ pattern: 'column', cols: 32, pitch: 33 }) },
  { name: 'XOR-swizzled column', spec: createSpec({ pattern: 'column', cols: 32, pitch: 32, layout: 'xor' }) },
  { name: 'Broadcast', spec: createSpec({ pattern: 'broadcast' }) },
  { name: 'Every other word, 16 lanes', spec: createSpec({ pattern: 'stride', stride: 2, lanes: 16 }) },
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
  } else params.set('pattern', spec.pattern);
  if (readsTile(spec.pattern)) {
    params.set('pitch', String(spec.pitch));
    if (spec.cols !== getDefaultColumns(spec.pitch)) params.set('cols', String(spec.cols));
    params.set(spec.pattern === 'row' ? 'row' : 'col', String(spec.pattern === 'row' ? spec.row : spec.col));
    if (spec.layout !== 'plain') params.set('layout', spec.layout);
  }
  if (spec.pattern === 'stride') params.set('stride', String(spec.stride));
  if (spec.pattern === 'stride' || spec.pattern === 'broadcast') params.set('offset', String(spec.offset));
  if (spec.mask !== null) params.set('mask', (spec.mask >>> 0).toString(16));
  else if (spec.lanes !== WARP_SIZE) params.set('lanes', String(spec.lanes));
  return params;
}
