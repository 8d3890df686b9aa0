import { createSpec, type AccessSpec } from '../../engine';

export interface Preset {
  readonly name: string;
  readonly spec: AccessSpec;
}

/** Explore's presets: the lesson's experiments, and the swizzle as a third way out of the conflict. */
export const PRESETS: readonly Preset[] = [
  { name: 'Row read', spec: createSpec({ pattern: 'row' }) },
  { name: 'Column, pitch 32', spec: createSpec({ pattern: 'column', cols: 32, pitch: 32 }) },
  { name: 'Padded column, pitch 33', spec: createSpec({ pattern: 'column', cols: 32, pitch: 33 }) },
  { name: 'XOR-swizzled column', spec: createSpec({ pattern: 'column', cols: 32, pitch: 32, layout: 'xor' }) },
  { name: 'Broadcast', spec: createSpec({ pattern: 'broadcast' }) },
  { name: 'Every other word, 16 lanes', spec: createSpec({ pattern: 'stride', stride: 2, lanes: 16 }) },
];

const TRANSPOSE = { pattern: 'expr', expr: 'tile[threadIdx.x][threadIdx.y]', block: { x: 32, y: 8, z: 1 } } as const;
const LDMATRIX = {
  pattern: 'expr',
  op: 'ldmatrix',
  x: 4,
  shared: '__shared__ half tile[8][64];',
  expr: 'tile[lane % 8][lane / 8 * 8]',
} as const;

/** The accesses real kernels make, beyond the lesson: wider elements, a 2-D block, ldmatrix, a store. */
export const KERNEL_PRESETS: readonly Preset[] = [
  { name: 'float4 along a row', spec: createSpec({ pattern: 'row', type: 'float4' }) },
  { name: 'float4 column, pitch 8', spec: createSpec({ pattern: 'column', type: 'float4', pitch: 8 }) },
  { name: 'float4 column, pitch 9', spec: createSpec({ pattern: 'column', type: 'float4', pitch: 9 }) },
  { name: 'Transpose, 32×8 block', spec: createSpec({ ...TRANSPOSE, shared: '__shared__ float tile[32][32];' }) },
  { name: 'Transpose, tile[32][33]', spec: createSpec({ ...TRANSPOSE, shared: '__shared__ float tile[32][33];' }) },
  { name: 'ldmatrix.x4 columns', spec: createSpec(LDMATRIX) },
  { name: 'ldmatrix.x4, Swizzle<3,3,3>', spec: createSpec({ ...LDMATRIX, swizzle: { bits: 3, base: 3, shift: 3 } }) },
  { name: 'Stores paired on a word', spec: createSpec({ pattern: 'expr', expr: 'lane / 2', op: 'store' }) },
];
