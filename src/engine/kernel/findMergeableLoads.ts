import { getElementBytes } from '../elementTypes';
import type { KernelInstruction, KernelReport } from './kernelReport';

/** The widest load a lane makes in one instruction: 16 bytes (`LDS.128`). */
const WIDEST = 16;

/** How many of a line's earlier loads (of one warp) are searched for the one a load follows on from. */
const WINDOW = 8;

/** A line whose loads read, lane by lane, the words right after another load's on that line. */
export interface MergeableLoads {
  /** The kernel's line, and the line inside a called function where the loads are written there. */
  readonly line: number;
  readonly inner: number | null;
  /** Its loads that read the bytes just past another's, in every active lane. */
  readonly following: number;
  /** The longest such run, in loads, and the wider form nvcc may make of it (`LDS.64`, `LDS.128`). */
  readonly run: number;
  readonly form: string;
  /** What the report says of it. */
  readonly note: string;
}

/** Whether `b`'s active lanes are `a`'s, each at the address just past its bytes in `a`. */
function follows(a: KernelInstruction, b: KernelInstruction, bytes: number): boolean {
  let active = false;
  for (let lane = 0; lane < b.addresses.length; lane++) {
    const x = a.addresses[lane];
    const y = b.addresses[lane];
    if (x < 0 || y < 0) {
      if (x !== y) return false;
      continue;
    }
    if (y !== x + bytes) return false;
    active = true;
  }
  return active;
}

/**
 * The lines where a lane's loads read consecutive words of one array (an unrolled loop's
 * `As[ty][k]`, `As[ty][k + 1]` …, or such accesses written side by side): nvcc may merge them into
 * one wider instruction, as it did for the CUDA sample's `matrixMul` line 63 (four `LDS.32` into an
 * `LDS.128`, measured on an H200). The report counts them as written; this only names them.
 *
 * @remarks
 * A pure reading of the report's instructions: per warp and line, each load is set against the
 * last {@link WINDOW} loads of that line before it, and counts where every active lane's address is
 * the earlier one's plus its element's bytes (the same lanes active). A run is the longest chain of
 * such loads; it is named only for 4- and 8-byte loads, which two or more fit in 16 bytes.
 */
export function findMergeableLoads(report: KernelReport): MergeableLoads[] {
  const recent = new Map<string, { instruction: KernelInstruction; run: number }[]>();
  const byLine = new Map<
    string,
    { line: number; inner: number | null; following: number; run: number; bytes: number }
  >();
  for (const instruction of report.instructions) {
    if (instruction.op !== 'load') continue;
    const bytes = getElementBytes(instruction.type);
    // nvcc merges 4- and 8-byte loads into LDS.64 and LDS.128.
    if (bytes < 4 || bytes * 2 > WIDEST) continue;
    const row = `${instruction.line} ${instruction.inner}`;
    const key = `${instruction.warp} ${row}`;
    const earlier = recent.get(key) ?? [];
    let run = 1;
    for (const e of earlier)
      if (e.instruction.type === instruction.type && follows(e.instruction, instruction, bytes))
        run = Math.max(run, e.run + 1);
    earlier.push({ instruction, run });
    if (earlier.length > WINDOW) earlier.shift();
    recent.set(key, earlier);
    if (run < 2) continue;
    const { line, inner } = instruction;
    const sum = byLine.get(row) ?? { line, inner, following: 0, run: 0, bytes };
    sum.following++;
    sum.run = Math.max(sum.run, run);
    byLine.set(row, sum);
  }
  return [...byLine.values()]
    .sort((a, b) => a.line - b.line || (a.inner ?? 0) - (b.inner ?? 0))
    .map(({ line, inner, following, run, bytes }) => {
      const merged = Math.min(2 ** Math.floor(Math.log2(run)), WIDEST / bytes);
      const width = bytes * merged * 8;
      const form = `LDS.${width}`;
      return {
        line,
        inner,
        following,
        run,
        form,
        note: `a lane's loads here read consecutive ${bytes}-byte words of one array, ${run} in a row: nvcc may merge ${merged === 2 ? 'two' : merged === 4 ? 'four' : merged} into one ${form}, as it did for matrixMul line 63 (measured on an H200), and a GPU then counts that one instruction's wavefronts; the report counts the loads as written`,
      };
    });
}
