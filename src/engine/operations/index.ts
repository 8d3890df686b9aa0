import { CP_ASYNC } from './cpAsync';
import { LDMATRIX } from './ldmatrix';
import { LOAD } from './load';
import type { OperationDefinition, PtxReading } from './operationDefinition';
import { STMATRIX } from './stmatrix';
import { STORE } from './store';

export * from './operationDefinition';

/**
 * Every operation, the lesson's load first (the default), in the order Explore's menu lists them.
 * An operation is its file in this folder and its line here, with its probe in `../probes/`.
 */
export const OPERATIONS = [LOAD, STORE, LDMATRIX, STMATRIX, CP_ASYNC] as const satisfies readonly OperationDefinition[];

/** What the warp's instruction does: load (`LDS`), store (`STS`), `ldmatrix`'s row loads, `stmatrix`'s row stores, `cp.async`'s copies. */
export type Operation = (typeof OPERATIONS)[number]['id'];

const BY_ID = new Map<string, OperationDefinition<Operation>>(OPERATIONS.map((o) => [o.id, o]));

/** The definition of operation `id`. */
export const getOperation = (id: Operation): OperationDefinition<Operation> => BY_ID.get(id)!;

/**
 * The form of one PTX instruction as the operation whose grammar reads it (`instruction` is the
 * whole of it, opcode first); `null` for an instruction none of them reads.
 */
export function readPtxInstruction(opcode: string, instruction: string): PtxReading<Operation> {
  const parts = opcode.split('.');
  for (const operation of OPERATIONS as readonly OperationDefinition<Operation>[]) {
    const reading = operation.readPtx(parts, instruction);
    if (reading) return reading;
  }
  return null;
}

/** What is said once where a report names these operations: each one's model note, in the table's order. */
export const getModelNotes = (ops: readonly Operation[]): string[] =>
  OPERATIONS.filter((o) => o.modelNote !== null && ops.includes(o.id)).map((o) => o.modelNote!);
