import { ELEMENT_TYPES } from '../elementTypes';
import { OPERATIONS, type Operation } from '../operations';
import type { KernelInstruction, KernelLine, KernelReport } from './kernelReport';

// By a map, not a search of the tables: every instruction of a run is summed.
const OP_INDEX = new Map<Operation, number>(OPERATIONS.map((o, i) => [o.id, i]));
const TYPE_INDEX = new Map<string, number>(ELEMENT_TYPES.map((t, i) => [t, i]));
const opIndex = (op: Operation) => OP_INDEX.get(op) ?? -1;

/** One line's instructions of one operation and type, summed as the warps run them. */
export interface LineSum {
  line: number;
  column: number;
  op: KernelInstruction['op'];
  type: KernelInstruction['type'];
  form: string;
  inner: number | null;
  executions: number;
  rounds: number;
  ideal: number;
  racing: number;
  worst: number;
  worstExcess: number;
  source: string;
}

// A line number's room in a row's key: more lines than a source of 1 MB can have.
const LINE_ROOM = 2 ** 21;

/**
 * Adds an instruction to its row's sum (its kernel line, its line inside a called function, its
 * operation and type): the one whose excess is largest (the first such) is the worst.
 */
export function sumLine(lines: Map<number, LineSum>, i: KernelInstruction, source: readonly string[]) {
  const where = i.line * LINE_ROOM + (i.inner ?? 0);
  const key = (where * OPERATIONS.length + opIndex(i.op)) * ELEMENT_TYPES.length + (TYPE_INDEX.get(i.type) ?? -1);
  let sum = lines.get(key);
  if (!sum) {
    sum = {
      line: i.line,
      column: i.column,
      op: i.op,
      type: i.type,
      form: i.form,
      inner: i.inner,
      executions: 0,
      rounds: 0,
      ideal: 0,
      racing: 0,
      worst: i.index,
      worstExcess: -1,
      source: (source[(i.inner ?? i.line) - 1] ?? '').trim(),
    };
    lines.set(key, sum);
  }
  sum.column = Math.min(sum.column, i.column);
  sum.executions++;
  sum.rounds += i.rounds;
  sum.ideal += i.ideal;
  if (i.racing) sum.racing++;
  if (i.rounds - i.ideal > sum.worstExcess) {
    sum.worstExcess = i.rounds - i.ideal;
    sum.worst = i.index;
  }
}

/** The report's lines, in the kernel's line order (a call's lines in theirs) then the operations table's, and their total. */
export function getKernelLines(sums: ReadonlyMap<number, LineSum>): Pick<KernelReport, 'lines' | 'total'> {
  const lines: KernelLine[] = [...sums.values()]
    .sort(
      (a, b) =>
        a.line - b.line ||
        (a.inner ?? 0) - (b.inner ?? 0) ||
        opIndex(a.op) - opIndex(b.op) ||
        a.type.localeCompare(b.type),
    )
    .map(({ line, column, op, type, form, inner, executions, rounds, ideal, racing, worst, source }) => ({
      line,
      column,
      op,
      type,
      form,
      inner,
      executions,
      rounds,
      ideal,
      excess: rounds - ideal,
      racing,
      worst,
      source,
    }));
  const total = { executions: 0, rounds: 0, ideal: 0, excess: 0 };
  for (const l of lines) {
    total.executions += l.executions;
    total.rounds += l.rounds;
    total.ideal += l.ideal;
    total.excess += l.excess;
  }
  return { lines, total };
}
