import { CP_ASYNC, CP_ASYNC_PTX } from './cpAsync';
import { LDMATRIX, LDMATRIX_PTX } from './ldmatrix';
import { LOAD, LOAD_PTX } from './load';
import type { OperationDefinition, OperationPtx, PtxReading } from './operationDefinition';
import { STMATRIX, STMATRIX_PTX } from './stmatrix';
import { STORE, STORE_PTX } from './store';

export * from './operationDefinition';

/**
 * Every operation, the lesson's load first (the default), in the order Explore's menu lists them.
 * An operation is its file in this folder and its lines here (its definition in `OPERATIONS`, how
 * kernels write it in `OPERATION_PTX`), with its probe in `../probes/`.
 */
export const OPERATIONS = [LOAD, STORE, LDMATRIX, STMATRIX, CP_ASYNC] as const satisfies readonly OperationDefinition[];

/** What the warp's instruction does: load (`LDS`), store (`STS`), `ldmatrix`'s row loads, `stmatrix`'s row stores, `cp.async`'s copies. */
export type Operation = (typeof OPERATIONS)[number]['id'];

const BY_ID = new Map<string, OperationDefinition<Operation>>(OPERATIONS.map((o) => [o.id, o]));

/** The definition of operation `id`. */
export const getOperation = (id: Operation): OperationDefinition<Operation> => BY_ID.get(id)!;

/**
 * How kernels write each operation, in the table's order: only the kernel analyzer reads these, so
 * the page's build leaves them out.
 */
export const OPERATION_PTX = [
  LOAD_PTX,
  STORE_PTX,
  LDMATRIX_PTX,
  STMATRIX_PTX,
  CP_ASYNC_PTX,
] as const satisfies readonly OperationPtx<Operation>[];

/** How kernels write operation `id`. */
export const getOperationPtx = (id: Operation): OperationPtx<Operation> =>
  (OPERATION_PTX as readonly OperationPtx<Operation>[]).find((o) => o.id === id)!;

/**
 * The form of one PTX instruction as the operation whose grammar reads it (`instruction` is the
 * whole of it, opcode first); `null` for an instruction none of them reads.
 */
export function readPtxInstruction(opcode: string, instruction: string): PtxReading<Operation> {
  const parts = opcode.split('.');
  for (const operation of OPERATION_PTX as readonly OperationPtx<Operation>[]) {
    const reading = operation.readPtx(parts, instruction);
    if (reading) return reading;
  }
  return null;
}

/** What is said once where a report names these operations: each one's model note, in the table's order. */
export const getModelNotes = (ops: readonly Operation[]): string[] =>
  OPERATIONS.filter((o) => o.modelNote !== null && ops.includes(o.id)).map((o) => o.modelNote!);
