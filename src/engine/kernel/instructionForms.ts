import type { ElementType } from '../elementTypes';
import { getOperationPtx, readPtxInstruction, type InstructionForm as FormOf, type Operation } from '../operations';

/**
 * What one shared-memory instruction is to the engine: its operation, the element type each lane
 * moves, and (for a matrix instruction) its matrix count; with the SASS form a person reads.
 *
 * @remarks
 * Each operation reads its own PTX and names its own forms (`../operations/`): this file only asks.
 */
export type InstructionForm = FormOf<Operation>;

const loadForm = getOperationPtx('load').formOfType!;
const storeForm = getOperationPtx('store').formOfType!;

/** A C load or store of one element of `type` (`LDS.32`, `STS.128`): one object for each, made once. */
export const getPlainForm = (op: 'load' | 'store', type: ElementType): InstructionForm =>
  op === 'load' ? loadForm(type) : storeForm(type);

const copyForm = getOperationPtx('cp.async').formOfSize!;

/**
 * An asynchronous copy into shared memory (`cp.async`, `__pipeline_memcpy_async`,
 * `cuda::memcpy_async`) of `bytes` a lane: the operations table's `cp.async` of that width; `null`
 * for a width it cannot copy.
 */
export const getCopyForm = (bytes: number): InstructionForm | null => copyForm(bytes);

/** An inline-asm shared-memory instruction the engine models, read from its opcode; `null` for any other. */
export type AsmForm = InstructionForm | { readonly refused: string } | null;

/**
 * The form of one PTX instruction (`opcode`, and `instruction`, the whole of it): the operation
 * whose grammar reads it; another opcode touching shared memory (`atom.shared`, `cp.async.bulk` …)
 * is refused, and the rest are not memory accesses.
 */
export function getAsmForm(opcode: string, instruction = opcode): AsmForm {
  const reading = readPtxInstruction(opcode, instruction);
  if (reading) return reading;
  const shared = opcode.split('.').some((p) => p === 'shared' || p.startsWith('shared::'));
  return shared ? { refused: `${opcode} touches shared memory in a way the model leaves out` } : null;
}
