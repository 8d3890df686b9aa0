import type { KernelInstructions } from './kernelReport';

/**
 * A run's instructions as they are recorded: four numbers each (site, warp, pattern, list of loop
 * values) in columns doubled when full, so that recording one allocates nothing.
 */
export class InstructionColumns {
  count = 0;
  private site = new Int32Array(1024);
  private warp = new Int32Array(1024);
  private pattern = new Int32Array(1024);
  private loops = new Int32Array(1024);

  push(site: number, warp: number, pattern: number, loops: number): void {
    const i = this.count++;
    if (i === this.site.length) this.grow();
    this.site[i] = site;
    this.warp[i] = warp;
    this.pattern[i] = pattern;
    this.loops[i] = loops;
  }

  /** The columns cut to their length, with the tables their numbers name. */
  getTable(tables: Pick<KernelInstructions, 'sites' | 'patterns' | 'lists'>): KernelInstructions {
    const n = this.count;
    return {
      count: n,
      site: this.site.slice(0, n),
      warp: this.warp.slice(0, n),
      pattern: this.pattern.slice(0, n),
      loops: this.loops.slice(0, n),
      ...tables,
    };
  }

  private grow(): void {
    const double = (column: Int32Array) => {
      const bigger = new Int32Array(column.length * 2);
      bigger.set(column);
      return bigger;
    };
    this.site = double(this.site);
    this.warp = double(this.warp);
    this.pattern = double(this.pattern);
    this.loops = double(this.loops);
  }
}
