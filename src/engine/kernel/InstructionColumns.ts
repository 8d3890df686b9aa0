import type { KernelInstructions } from './kernelReport';

/** Instructions the largest chunk holds: a long run makes few; the first is small, as most runs are. */
const CHUNK = 4096;
const FIRST_CHUNK = 128;

/**
 * A run's instructions as they are recorded: four numbers each (site, warp, pattern, list of loop
 * values), side by side in chunks, so that recording one allocates nothing and nothing is copied
 * until the run ends; then one column each.
 */
export class InstructionColumns {
  count = 0;
  private readonly full: Int32Array[] = [];
  private chunk = new Int32Array(4 * FIRST_CHUNK);
  private used = 0;

  push(site: number, warp: number, pattern: number, loops: number): void {
    if (4 * this.used === this.chunk.length) {
      this.full.push(this.chunk);
      this.chunk = new Int32Array(Math.min(2 * this.chunk.length, 4 * CHUNK));
      this.used = 0;
    }
    const at = 4 * this.used++;
    const chunk = this.chunk;
    chunk[at] = site;
    chunk[at + 1] = warp;
    chunk[at + 2] = pattern;
    chunk[at + 3] = loops;
    this.count++;
  }

  /** The columns, with the tables their numbers name. */
  getTable(tables: Pick<KernelInstructions, 'sites' | 'patterns' | 'lists'>): KernelInstructions {
    const n = this.count;
    const [site, warp, pattern, loops] = [new Int32Array(n), new Int32Array(n), new Int32Array(n), new Int32Array(n)];
    let i = 0;
    for (const chunk of [...this.full, this.chunk]) {
      const end = chunk === this.chunk ? 4 * this.used : chunk.length;
      for (let j = 0; j < end; j += 4, i++) {
        site[i] = chunk[j];
        warp[i] = chunk[j + 1];
        pattern[i] = chunk[j + 2];
        loops[i] = chunk[j + 3];
      }
    }
    return { count: n, site, warp, pattern, loops, ...tables };
  }
}
