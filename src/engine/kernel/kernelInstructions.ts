import { isRowSite } from './kernelRows';
import { LANES } from './laneMask';
import type { KernelInstruction, KernelInstructions, KernelLine } from './kernelReport';

/** Instruction `index` of a report's columns as an object: made for the one a consumer asks for. */
export function getInstruction(table: KernelInstructions, index: number): KernelInstruction {
  if (!(index >= 0 && index < table.count)) throw new RangeError(`no instruction ${index} of ${table.count}`);
  const site = table.sites[table.site[index]];
  const p = table.pattern[index];
  const { addresses, rounds, ideal, racing } = table.patterns;
  // The fields in the order the report's objects always had them (a snapshot digests them as JSON).
  return {
    index,
    line: site.line,
    inner: site.inner,
    column: site.column,
    op: site.op,
    type: site.type,
    matrices: site.matrices,
    form: site.form,
    warp: table.warp[index],
    addresses: addresses.subarray(p * LANES, (p + 1) * LANES),
    rounds: rounds[p],
    ideal: ideal[p],
    racing: racing[p] === 1,
    loops: table.lists[table.loops[index]],
  };
}

/** Some of a report's instructions (a row's): their numbers in its columns, in the order the warps ran them. */
export interface InstructionList {
  readonly table: KernelInstructions;
  readonly indices: Int32Array;
}

/** A row's instructions (one operation and type of its line), in the order the warps ran them. */
export function findRowInstructions(table: KernelInstructions, row: KernelLine): InstructionList {
  const inRow = table.sites.map((site) => isRowSite(row, site));
  let n = 0;
  for (let i = 0; i < table.count; i++) if (inRow[table.site[i]]) n++;
  const indices = new Int32Array(n);
  n = 0;
  for (let i = 0; i < table.count; i++) if (inRow[table.site[i]]) indices[n++] = i;
  return { table, indices };
}

/** The buffers of a report's columns, to transfer with it to another thread (the sender's become empty). */
export function getInstructionBuffers(table: KernelInstructions): ArrayBuffer[] {
  const { site, warp, pattern, loops, patterns } = table;
  const arrays = [site, warp, pattern, loops, patterns.addresses, patterns.rounds, patterns.ideal, patterns.racing];
  return [...new Set(arrays.map((a) => a.buffer as ArrayBuffer))];
}
