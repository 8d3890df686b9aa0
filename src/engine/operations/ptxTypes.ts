import type { ElementType } from '../elementTypes';

/** PTX's scalar types by width, as the engine's element types (floats kept as floats). */
const PTX_TYPES: Readonly<Record<string, ElementType>> = {
  b8: 'char',
  u8: 'char',
  s8: 'char',
  b16: 'short',
  u16: 'short',
  s16: 'short',
  f16: 'half',
  bf16: 'bf16',
  b32: 'int',
  u32: 'int',
  s32: 'int',
  f32: 'float',
  f16x2: 'half2',
  bf16x2: 'bf162',
  b64: 'long',
  u64: 'long',
  s64: 'long',
  f64: 'double',
};

/** Vectors of those, by element type and count (`.v2.f32` is `float2`), where the engine has one. */
const VECTORS: Readonly<Record<string, ElementType>> = {
  'float 2': 'float2',
  'float 4': 'float4',
  'int 2': 'int2',
  'int 4': 'int4',
  'short 2': 'short2',
  'short 4': 'short4',
  'char 2': 'char2',
  'char 4': 'char4',
  'double 2': 'double2',
  'long 2': 'double2',
  'half 2': 'half2',
};

/** Whether an opcode's parts name shared memory (`.shared`, `.shared::cta`). */
export const namesShared = (parts: readonly string[]) => parts.some((p) => p === 'shared' || p.startsWith('shared::'));

/**
 * The element type of a PTX access from its opcode's parts (`ld.shared.v4.f32` is `float4`), or why
 * the analyzer has none for it.
 */
export function readPtxType(parts: readonly string[], opcode: string): ElementType | { readonly refused: string } {
  const vector = parts.find((p) => /^v[24]$/.test(p));
  const scalar = [...parts].reverse().find((p) => p in PTX_TYPES);
  if (!scalar) return { refused: `${opcode}: no element type the analyzer knows` };
  const base = PTX_TYPES[scalar];
  const type = vector ? VECTORS[`${base} ${vector.slice(1)}`] : base;
  return type ?? { refused: `${opcode}: a vector the analyzer has no element type for` };
}
