import { getElementBytes } from '../elementTypes';
import type { ElementType } from '../elementTypes';
import type { KernelReport } from './kernelReport';
import { LANES } from './laneMask';

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

/** Whether pattern `b`'s active lanes are pattern `a`'s, each at the address just past its bytes in `a`. */
function follows(addresses: Int32Array, a: number, b: number, bytes: number): boolean {
  let active = false;
  for (let lane = 0; lane < LANES; lane++) {
    const x = addresses[a * LANES + lane];
    const y = addresses[b * LANES + lane];
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
  const table = report.instructions;
  const recent = new Map<string, { pattern: number; type: ElementType; run: number }[]>();
  const byLine = new Map<
    string,
    { line: number; inner: number | null; following: number; run: number; bytes: number }
  >();
  for (let i = 0; i < table.count; i++) {
    const site = table.sites[table.site[i]];
    if (site.op !== 'load') continue;
    const bytes = getElementBytes(site.type);
    // nvcc merges 4- and 8-byte loads into LDS.64 and LDS.128.
    if (bytes < 4 || bytes * 2 > WIDEST) continue;
    const row = `${site.line} ${site.inner}`;
    const key = `${table.warp[i]} ${row}`;
    const pattern = table.pattern[i];
    const earlier = recent.get(key) ?? [];
    let run = 1;
    for (const e of earlier)
      if (e.type === site.type && follows(table.patterns.addresses, e.pattern, pattern, bytes))
        run = Math.max(run, e.run + 1);
    earlier.push({ pattern, type: site.type, run });
    if (earlier.length > WINDOW) earlier.shift();
    recent.set(key, earlier);
    if (run < 2) continue;
    const { line, inner } = site;
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
