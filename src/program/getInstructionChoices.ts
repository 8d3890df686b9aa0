import { groupDigits } from '../engine';
import type { InstructionList } from '../engine/kernel/kernelInstructions';

/** One loop around a line, as a menu of its iterations for the warp on stage. */
export interface LoopChoice {
  /** The loop's line in the kernel. */
  readonly line: number;
  /** Its iterations the warp ran this line in (with the loops outside it where they are now), and their words. */
  readonly options: readonly { readonly iteration: number; readonly label: string }[];
  readonly chosen: number;
}

/** What a person can go to from a line's instruction `current` (0-based in `instructions`): its warps and each loop's iterations. */
export interface InstructionChoices {
  readonly warps: readonly number[];
  readonly warp: number;
  readonly loops: readonly LoopChoice[];
}

/** A loop's iteration in words: its variables' values ("j = 8"), else its count ("iteration 3"). */
const describeIteration = (values: Readonly<Record<string, number | null>>, iteration: number) => {
  const named = Object.entries(values).map(([n, v]) => `${n} = ${v === null ? 'varies' : groupDigits(v)}`);
  return named.length > 0 ? named.join(', ') : `iteration ${iteration + 1}`;
};

// Read from the report's columns: a line of a long kernel runs tens of thousands of instructions.
const warpOf = ({ table, indices }: InstructionList, at: number) => table.warp[indices[at]];
const loopsOf = ({ table, indices }: InstructionList, at: number) => table.lists[table.loops[indices[at]]];

/** The first instruction past `at`'s warp (a binary search: the warps' runs are in order). */
function endOfWarp(list: InstructionList, at: number): number {
  const warp = warpOf(list, at);
  let low = at + 1;
  let high = list.indices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (warpOf(list, middle) > warp) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Whether instruction `at` ran in warp `warp` and in the first `depth` loops' iterations of `path`. */
function matches(list: InstructionList, at: number, warp: number, path: readonly number[], depth: number): boolean {
  if (warpOf(list, at) !== warp) return false;
  const loops = loopsOf(list, at);
  for (let k = 0; k < depth; k++) if (loops[k]?.iteration !== path[k]) return false;
  return true;
}

/** The warps and loop iterations of a line's instructions, as menus around instruction `current`. */
export function getInstructionChoices(instructions: InstructionList, current: number): InstructionChoices {
  const { table, indices } = instructions;
  // The warps ran one after another, so a line's instructions are in runs of one warp each, in
  // order: a line of a long kernel runs tens of thousands, a warp's a few of them.
  const warps: number[] = [];
  for (let at = 0; at < indices.length; at = endOfWarp(instructions, at)) warps.push(warpOf(instructions, at));
  const warp = warpOf(instructions, current);
  const now = loopsOf(instructions, current);
  const path = now.map((l) => l.iteration);
  let from = current;
  while (from > 0 && warpOf(instructions, from - 1) === warp) from--;
  const to = endOfWarp(instructions, current);
  const loops = now.map((loop, depth) => {
    const seen = new Map<number, string>();
    let last = -1;
    for (let at = from; at < to; at++) {
      const i = indices[at];
      if (table.loops[i] === last) continue;
      last = table.loops[i];
      const there = table.lists[last][depth];
      if (there && !seen.has(there.iteration) && matches(instructions, at, warp, path, depth))
        seen.set(there.iteration, describeIteration(there.values, there.iteration));
    }
    const options = [...seen].sort(([a], [b]) => a - b).map(([iteration, label]) => ({ iteration, label }));
    return { line: loop.line, options, chosen: loop.iteration };
  });
  return { warps, warp, loops };
}

/**
 * The instruction (0-based) a person goes to by choosing warp `warp` and, loop by loop, the
 * iterations `path`: the first that ran there, keeping as many of the loops' iterations as it can.
 */
export function findInstruction(instructions: InstructionList, warp: number, path: readonly number[]) {
  for (let depth = path.length; depth >= 0; depth--)
    for (let at = 0; at < instructions.indices.length; at++)
      if (matches(instructions, at, warp, path, depth)) return at;
  return 0;
}

/** The next instruction (0-based) after `current` that costs more than its ideal, round the line; `null`: none does. */
export function findNextConflict({ table, indices }: InstructionList, current: number): number | null {
  const { rounds, ideal } = table.patterns;
  for (let step = 1; step <= indices.length; step++) {
    const at = (current + step) % indices.length;
    const p = table.pattern[indices[at]];
    if (rounds[p] > ideal[p]) return at;
  }
  return null;
}
