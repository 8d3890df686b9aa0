import { OPERATIONS, type Operation } from '../operations';
import type { KernelInstructions, KernelLine, KernelReport } from './kernelReport';

const OP_INDEX = new Map<Operation, number>(OPERATIONS.map((o, i) => [o.id, i]));
const opIndex = (op: Operation) => OP_INDEX.get(op) ?? -1;

/** One site's instructions, summed: the columns of a pass over every instruction. */
interface SiteSums {
  readonly executions: Int32Array;
  readonly rounds: Float64Array;
  readonly ideal: Float64Array;
  readonly racing: Int32Array;
  /** The first instruction with the most rounds past its ideal, and that excess. */
  readonly worst: Int32Array;
  readonly worstExcess: Float64Array;
  /** The site's first instruction. */
  readonly first: Int32Array;
}

/** Each site's instructions summed, by site and pattern number (no object or key per instruction). */
function sumSites(table: KernelInstructions): SiteSums {
  const n = table.sites.length;
  const sums: SiteSums = {
    executions: new Int32Array(n),
    rounds: new Float64Array(n),
    ideal: new Float64Array(n),
    racing: new Int32Array(n),
    worst: new Int32Array(n),
    worstExcess: new Float64Array(n).fill(-1),
    first: new Int32Array(n).fill(-1),
  };
  const { site, pattern, count } = table;
  const { rounds, ideal, racing } = table.patterns;
  for (let i = 0; i < count; i++) {
    const s = site[i];
    const p = pattern[i];
    if (sums.executions[s]++ === 0) sums.first[s] = i;
    sums.rounds[s] += rounds[p];
    sums.ideal[s] += ideal[p];
    sums.racing[s] += racing[p];
    const excess = rounds[p] - ideal[p];
    if (excess > sums.worstExcess[s]) {
      sums.worstExcess[s] = excess;
      sums.worst[s] = i;
    }
  }
  return sums;
}

/** A row being summed from its sites, with the first instruction it has so far (whose form it takes). */
type RowSum = { -readonly [K in keyof KernelLine]: KernelLine[K] } & { first: number; worstExcess: number };

/**
 * The report's lines from its instructions: a row for each kernel line, line inside a called
 * function, operation and type (its sites' sums together: the form of its first instruction, the
 * leftmost column, the first instruction whose excess is largest as the worst), in the kernel's
 * line order (a call's lines in theirs) then the operations table's; and their total.
 */
export function getKernelLines(
  table: KernelInstructions,
  source: readonly string[],
): Pick<KernelReport, 'lines' | 'total'> {
  const sums = sumSites(table);
  const rows = new Map<string, RowSum>();
  table.sites.forEach((site, s) => {
    if (sums.executions[s] === 0) return;
    const key = `${site.line} ${site.inner} ${site.op} ${site.type}`;
    let row = rows.get(key);
    if (!row) {
      const { line, column, op, type, form, inner } = site;
      const text = (source[(inner ?? line) - 1] ?? '').trim();
      const empty = { executions: 0, rounds: 0, ideal: 0, excess: 0, racing: 0, worst: 0, worstExcess: -1 };
      row = { line, column, op, type, form, inner, ...empty, source: text, first: sums.first[s] };
      rows.set(key, row);
    }
    row.column = Math.min(row.column, site.column);
    if (sums.first[s] < row.first) {
      row.first = sums.first[s];
      row.form = site.form;
    }
    row.executions += sums.executions[s];
    row.rounds += sums.rounds[s];
    row.ideal += sums.ideal[s];
    row.racing += sums.racing[s];
    const excess = sums.worstExcess[s];
    if (excess > row.worstExcess || (excess === row.worstExcess && sums.worst[s] < row.worst)) {
      row.worstExcess = excess;
      row.worst = sums.worst[s];
    }
  });
  const lines: KernelLine[] = [...rows.values()]
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
