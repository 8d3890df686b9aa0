import { defineField, quote } from '../accessField';
import { getElementBytes, type ElementType } from '../elementTypes';
import { fail, ok, type Result } from '../result';
import {
  MATRIX_COUNTS,
  MATRIX_ELEMENT_TYPE,
  MATRIX_ROW_BYTES,
  MATRIX_ROWS,
  type InstructionForm,
  type MatrixCount,
  type OperationShape,
  type Phasing,
  type PtxReading,
} from './operationDefinition';
import { namesShared } from './ptxTypes';

/** `x`: how many matrices an `ldmatrix` or `stmatrix` moves. */
function parseMatrices(text: string): Result<MatrixCount> {
  const n = Number(text);
  return (MATRIX_COUNTS as readonly number[]).includes(n) && /^\s*[124]\s*$/.test(text)
    ? ok(n as MatrixCount)
    : fail('x', `must be 1, 2 or 4 (the matrix instruction's .x1, .x2 or .x4), not ${quote(text)}`);
}

const MATRICES_FIELD = defineField<MatrixCount, number | string, 'x'>({
  key: 'x',
  label: 'Matrices per ldmatrix or stmatrix (.x1, .x2, .x4)',
  description: 'How many 8×8 matrices one ldmatrix or stmatrix moves: 1, 2 or 4.',
  shape: { kind: 'choice', values: MATRIX_COUNTS.map(String) },
  choices: MATRIX_COUNTS.map((n) => [String(n), `.x${n}`] as const),
  default: 4,
  parse: parseMatrices,
  read: (value) =>
    typeof value === 'number' || typeof value === 'string'
      ? parseMatrices(String(value))
      : fail('x', 'must be 1, 2 or 4'),
  write: String,
});

/**
 * An instruction of 8×8 matrices of 16-bit elements (`name`: `ldmatrix` or `stmatrix`): lanes
 * 0 … 8x − 1 each give one 16-byte row address, 16-byte aligned, and each matrix's 8 rows are a phase.
 */
export const matrixRowLanes = (name: string) =>
  ({
    fields: [MATRICES_FIELD],
    elementType: MATRIX_ELEMENT_TYPE,
    phaseNoun: 'matrix',
    typeNote: (type: ElementType) =>
      getElementBytes(type) === getElementBytes(MATRIX_ELEMENT_TYPE)
        ? null
        : `${name} moves 16-bit elements (.b16), so its indices usually count half or bf16; as ${type}, each index counts ${getElementBytes(type)} byte${getElementBytes(type) === 1 ? '' : 's'}`,
    laneBytes: () => MATRIX_ROW_BYTES,
    givesAddress: (lane: number, shape: OperationShape) => lane < MATRIX_ROWS * shape.matrices,
    warpWide: true,
    addressField: 'x',
    misplaced: (lane: number, element: number, address: number, shape: OperationShape) =>
      address % MATRIX_ROW_BYTES === 0
        ? null
        : `lane ${lane}'s ${name} row starts at byte ${address}, which is not 16-byte aligned (element ${element} of ${getElementBytes(shape.type)}-byte ${shape.type})`,
    matrices: (shape: OperationShape) => shape.matrices,
    phasing: (shape: OperationShape): Phasing => ({ lanesPerPhase: MATRIX_ROWS, phases: shape.matrices, pairs: null }),
    describe: (shape: OperationShape) => `${name}.x${shape.matrices}`,
    modelNote: null,
  }) as const;

/** The form of a matrix instruction of `matrices` matrices (`STSM.x4.T`), or `null` for another count. */
export const matrixForm =
  <Id extends string>(op: Id, opcode: string) =>
  (matrices: number, trans: boolean): InstructionForm<Id> | null =>
    (MATRIX_COUNTS as readonly number[]).includes(matrices)
      ? {
          op,
          type: MATRIX_ELEMENT_TYPE,
          matrices: matrices as MatrixCount,
          form: `${opcode}.x${matrices}${trans ? '.T' : ''}`,
        }
      : null;

/**
 * PTX's `<name>.sync.aligned.m8n8.x1|x2|x4[.trans].shared.b16` (the qualifiers in any order, as
 * people write them), as operation `op` whose SASS opcode is `opcode` (`LDSM.x4.T`); another shape
 * or type of it is refused.
 */
export const readMatrixPtx =
  <Id extends string>(op: Id, opcode: string) =>
  (parts: readonly string[]): PtxReading<Id> => {
    if (parts[0] !== op) return null;
    const x = parts.find((p) => /^x[124]$/.test(p));
    if (!namesShared(parts) || !parts.includes('m8n8') || !parts.includes('b16') || !x)
      return { refused: `${parts.join('.')}: only ${op}.sync.aligned.m8n8.x1|x2|x4[.trans].shared.b16 is modelled` };
    return matrixForm(op, opcode)(Number(x.slice(1)), parts.includes('trans'));
  };
