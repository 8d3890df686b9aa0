import { createSpec, type AccessSpec } from '../../engine';

/** Explore's presets: the lesson's experiments, and the swizzle as a third way out of the conflict. */
export const PRESETS: readonly { readonly name: string; readonly spec: AccessSpec }[] = [
  { name: 'Row read', spec: createSpec({ pattern: 'row' }) },
  { name: 'Column, pitch 32', spec: createSpec({ pattern: 'column', cols: 32, pitch: 32 }) },
  { name: 'Padded column, pitch 33', spec: createSpec({ pattern: 'column', cols: 32, pitch: 33 }) },
  { name: 'XOR-swizzled column', spec: createSpec({ pattern: 'column', cols: 32, pitch: 32, layout: 'xor' }) },
  { name: 'Broadcast', spec: createSpec({ pattern: 'broadcast' }) },
  { name: 'Every other word, 16 lanes', spec: createSpec({ pattern: 'stride', stride: 2, lanes: 16 }) },
];
