import { matrixForm, matrixRowLanes, readMatrixPtx } from './matrixRows';
import type { OperationDefinition, OperationPtx } from './operationDefinition';

/**
 * `ldmatrix.sync.aligned.m8n8.x1|x2|x4[.trans].shared.b16` (sm_75): lanes 0 … 8x − 1 give the rows'
 * addresses. `.trans` moves the same rows through the same banks, so it is this entry.
 */
export const LDMATRIX = {
  id: 'ldmatrix',
  label: 'ldmatrix (8×8 matrices of 16-bit elements)',
  summary: 'ldmatrix’s row loads',
  requestNoun: 'load',
  sass: { opcode: 'LDSM', plainWidth: '' },
  ...matrixRowLanes('ldmatrix'),
  writes: false,
  probe: 'ldmatrixProbe',
  arch: 75,
} as const satisfies OperationDefinition;

/** How kernels write ldmatrix: its PTX in inline `asm`. */
export const LDMATRIX_PTX = {
  id: 'ldmatrix',
  ptxName: 'ldmatrix',
  readPtx: /* @__PURE__ */ readMatrixPtx('ldmatrix', 'LDSM'),
  intrinsics: [],
  formOfCount: /* @__PURE__ */ matrixForm('ldmatrix', 'LDSM'),
} as const satisfies OperationPtx<'ldmatrix'>;
