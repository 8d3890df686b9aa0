import { getElementBytes, type ElementType } from '../elementTypes';
import { ELEMENT_LANES, getElementPhasing, makeElementForms } from './elementLanes';
import type { OperationDefinition, OperationPtx, OperationShape, PtxReading } from './operationDefinition';
import { namesShared } from './ptxTypes';

const formOf = /* @__PURE__ */ makeElementForms('cp.async', 'LDGSTS');

/** The element type that moves `bytes` a lane, for a copy that has no type of its own. */
const COPY_TYPES: Readonly<Record<number, ElementType>> = { 4: 'int', 8: 'int2', 16: 'int4' };
const SIZES = [4, 8, 16] as const;

/** `cp.async …, [%1], 16`: the copy's size, its third operand. */
const CP_SIZE = /\]\s*,\s*\[[^\]]*\]\s*,\s*(\d+)/;

/** `cp.async.ca|cg.shared[::cta].global[.L2::…] [dst], [src], 4|8|16` (`.cg` copies 16 bytes only). */
function readPtx(parts: readonly string[], instruction: string): PtxReading<'cp.async'> {
  if (parts[0] !== 'cp' || parts[1] !== 'async') return null;
  // commit_group, wait_group and the like touch no address.
  if (!namesShared(parts)) return null;
  const opcode = parts.join('.');
  if ((parts[2] !== 'ca' && parts[2] !== 'cg') || !parts.includes('global'))
    return { refused: `${opcode}: only cp.async.ca|cg.shared.global [dst], [src], 4|8|16 is modelled` };
  const bytes = Number(CP_SIZE.exec(instruction)?.[1]);
  const form = parts[2] === 'cg' && bytes !== 16 ? null : formOfSize(bytes);
  return (
    form ?? {
      refused: `${opcode}: its size must be ${parts[2] === 'cg' ? '16' : '4, 8 or 16'} bytes, written as a number`,
    }
  );
}

/** The copy of `bytes` a lane (`LDGSTS.128`), or `null` for a size cp.async does not copy. */
const formOfSize = (bytes: number) => (COPY_TYPES[bytes] ? formOf(COPY_TYPES[bytes]) : null);

/**
 * `cp.async` (sm_80): each lane copies 4, 8 or 16 bytes from global memory into shared memory,
 * counted as a store of that width by each lane (the SASS `LDGSTS`). A model: NVIDIA documents no
 * bank rule for it.
 */
export const CP_ASYNC = {
  id: 'cp.async',
  label: 'cp.async (a copy into shared memory: a model)',
  summary: 'cp.async’s copies into shared memory',
  requestNoun: 'copy',
  sass: { opcode: 'LDGSTS', plainWidth: '32' },
  ...ELEMENT_LANES,
  misplaced: (lane: number, _element: number, _address: number, shape: OperationShape) =>
    COPY_TYPES[getElementBytes(shape.type)]
      ? null
      : `cp.async copies 4, 8 or 16 bytes a lane, and lane ${lane}'s ${shape.type} is ${getElementBytes(shape.type)}`,
  phasing: getElementPhasing(false),
  writes: true,
  describe: () => 'cp.async',
  probe: 'cpAsyncProbe',
  arch: 80,
  modelNote:
    'cp.async’s rounds are a model: NVIDIA documents no bank rule for it, so each lane’s copy is counted as a write of its width into shared memory.',
} as const satisfies OperationDefinition;

/** How kernels write cp.async: its PTX in inline `asm`, and `__pipeline_memcpy_async(dst, src, bytes)`. */
export const CP_ASYNC_PTX = {
  id: 'cp.async',
  ptxName: 'cp.async',
  readPtx,
  intrinsics: [{ name: '__pipeline_memcpy_async', address: 0, size: 2 }],
  formOfType: formOf,
  formOfSize,
  sizes: SIZES,
} as const satisfies OperationPtx<'cp.async'>;
