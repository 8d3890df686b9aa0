import type { ElementType } from '../elementTypes';
import { ELEMENT_BYTES } from '../elementTypes';
import type { MatrixCount, Operation } from '../operations';

/**
 * What one shared-memory instruction is to the engine: its operation, the element type each lane
 * moves, and (for `ldmatrix`) its matrix count; with the SASS form a person reads.
 *
 * @remarks
 * The one place instruction forms meet the engine's table of operations (`../operations.ts`):
 * `ldmatrix…trans` moves the same rows through the same banks as `ldmatrix`, so it is that entry.
 */
export interface InstructionForm {
  readonly op: Operation;
  readonly type: ElementType;
  readonly matrices: MatrixCount;
  readonly form: string;
}

const SASS_WIDTH: Readonly<Record<number, string>> = { 1: 'U8', 2: 'U16', 4: '32', 8: '64', 16: '128' };

const plainForms = { load: new Map<ElementType, InstructionForm>(), store: new Map<ElementType, InstructionForm>() };

/** A C load or store of one element of `type` (`LDS.32`, `STS.128`): one object for each, made once. */
export function getPlainForm(op: 'load' | 'store', type: ElementType): InstructionForm {
  let form = plainForms[op].get(type);
  if (!form) {
    form = { op, type, matrices: 1, form: `${op === 'load' ? 'LDS' : 'STS'}.${SASS_WIDTH[ELEMENT_BYTES[type]]}` };
    plainForms[op].set(type, form);
  }
  return form;
}

/** The element type that moves `bytes` a lane, for a copy that has no type of its own. */
const COPY_TYPES: Readonly<Record<number, ElementType>> = { 4: 'int', 8: 'int2', 16: 'int4' };

/**
 * An asynchronous copy into shared memory (`cp.async`, `__pipeline_memcpy_async`) of `bytes` a lane:
 * a store of that width by each lane, as the SASS `LDGSTS` writes it. A model: NVIDIA documents no
 * bank rule for it; `null` for a width it cannot copy.
 */
export function getCopyForm(bytes: number): InstructionForm | null {
  const type = COPY_TYPES[bytes];
  return type ? { op: 'store', type, matrices: 1, form: `LDGSTS.${SASS_WIDTH[bytes]}` } : null;
}

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

/** An inline-asm shared-memory instruction the engine models, read from its opcode; `null` for any other. */
export type AsmForm = InstructionForm | { readonly refused: string } | null;

/**
 * The form of one PTX instruction's opcode: `ldmatrix.sync.aligned.m8n8.x4[.trans].shared.b16`,
 * `ld.shared[.v2|.v4].<type>`, `st.shared[.v2|.v4].<type>`; another opcode touching shared memory
 * (`cp.async`, `atom.shared`, `stmatrix` …) is refused, and the rest are not memory accesses.
 */
export function getAsmForm(opcode: string): AsmForm {
  const parts = opcode.split('.');
  const shared = parts.some((p) => p === 'shared' || p.startsWith('shared::'));
  if (parts[0] === 'ldmatrix') {
    const x = parts.find((p) => /^x[124]$/.test(p));
    if (!shared || !parts.includes('m8n8') || !parts.includes('b16') || !x)
      return { refused: `${opcode}: only ldmatrix.sync.aligned.m8n8.x1|x2|x4[.trans].shared.b16 is modelled` };
    const matrices = Number(x.slice(1)) as MatrixCount;
    return { op: 'ldmatrix', type: 'half', matrices, form: `LDSM.x${matrices}${parts.includes('trans') ? '.T' : ''}` };
  }
  if ((parts[0] === 'ld' || parts[0] === 'st') && shared) {
    const vector = parts.find((p) => /^v[24]$/.test(p));
    const scalar = [...parts].reverse().find((p) => p in PTX_TYPES);
    if (!scalar) return { refused: `${opcode}: no element type the analyzer knows` };
    const base = PTX_TYPES[scalar];
    const type = vector ? VECTORS[`${base} ${vector.slice(1)}`] : base;
    if (!type) return { refused: `${opcode}: a vector the analyzer has no element type for` };
    return getPlainForm(parts[0] === 'ld' ? 'load' : 'store', type);
  }
  if (shared) return { refused: `${opcode} touches shared memory in a way the model leaves out` };
  return null;
}
