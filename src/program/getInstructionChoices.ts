import { groupDigits, type KernelInstruction } from '../engine';

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

/** Whether `a` ran in warp `warp` and in the first `depth` loops' iterations of `path`. */
const matches = (a: KernelInstruction, warp: number, path: readonly number[], depth: number) =>
  a.warp === warp && path.slice(0, depth).every((it, k) => a.loops[k]?.iteration === it);

/** The warps and loop iterations of a line's instructions, as menus around instruction `current`. */
export function getInstructionChoices(instructions: readonly KernelInstruction[], current: number): InstructionChoices {
  const now = instructions[current];
  const warps = [...new Set(instructions.map((i) => i.warp))].sort((a, b) => a - b);
  const path = now.loops.map((l) => l.iteration);
  const loops = now.loops.map((loop, depth) => {
    const seen = new Map<number, string>();
    for (const i of instructions)
      if (matches(i, now.warp, path, depth) && i.loops[depth] && !seen.has(i.loops[depth].iteration))
        seen.set(i.loops[depth].iteration, describeIteration(i.loops[depth].values, i.loops[depth].iteration));
    const options = [...seen].sort(([a], [b]) => a - b).map(([iteration, label]) => ({ iteration, label }));
    return { line: loop.line, options, chosen: loop.iteration };
  });
  return { warps, warp: now.warp, loops };
}

/**
 * The instruction (0-based) a person goes to by choosing warp `warp` and, loop by loop, the
 * iterations `path`: the first that ran there, keeping as many of the loops' iterations as it can.
 */
export function findInstruction(instructions: readonly KernelInstruction[], warp: number, path: readonly number[]) {
  for (let depth = path.length; depth >= 0; depth--) {
    const found = instructions.findIndex((i) => matches(i, warp, path, depth));
    if (found >= 0) return found;
  }
  return 0;
}

/** The next instruction (0-based) after `current` that costs more than its ideal, round the line; `null`: none does. */
export function findNextConflict(instructions: readonly KernelInstruction[], current: number): number | null {
  for (let step = 1; step <= instructions.length; step++) {
    const at = (current + step) % instructions.length;
    if (instructions[at].rounds > instructions[at].ideal) return at;
  }
  return null;
}
