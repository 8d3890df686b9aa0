import { matrixForm, matrixRowLanes, readMatrixPtx } from './matrixRows';
import type { OperationDefinition, OperationPtx } from './operationDefinition';

/**
 * `stmatrix.sync.aligned.m8n8.x1|x2|x4[.trans].shared.b16` (sm_90), ldmatrix's store twin: the PTX
 * ISA gives it ldmatrix's rule, lanes 0 … 8x − 1 giving the rows' 16-byte aligned addresses (addr0
 * to addr7 the first matrix's, and so on); `.trans` writes the same rows, so it is this entry.
 */
export const STMATRIX = {
  id: 'stmatrix',
  label: 'stmatrix (8×8 matrices of 16-bit elements, stored)',
  summary: 'stmatrix’s row stores',
  requestNoun: 'store',
  sass: { opcode: 'STSM', plainWidth: '' },
  ...matrixRowLanes('stmatrix'),
  writes: true,
  probe: 'stmatrixProbe',
  arch: 90,
} as const satisfies OperationDefinition;

/**
 * How kernels write stmatrix: its PTX in inline `asm` (in a macro or a helper as often), and
 * libcu++'s `cuda::ptx::stmatrix_m8n8[_trans](B16* p, const uint32_t (&r)[N])`, of N matrices.
 */
export const STMATRIX_PTX = {
  id: 'stmatrix',
  ptxName: 'stmatrix',
  readPtx: /* @__PURE__ */ readMatrixPtx('stmatrix', 'STSM'),
  intrinsics: [
    { name: 'stmatrix_m8n8', address: 0, count: 1 },
    { name: 'stmatrix_m8n8_trans', address: 0, count: 1, trans: true },
  ],
  formOfCount: /* @__PURE__ */ matrixForm('stmatrix', 'STSM'),
} as const satisfies OperationPtx<'stmatrix'>;
