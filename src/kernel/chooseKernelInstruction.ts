import type { AccessSpec, KernelInstruction, KernelLine, KernelReport } from '../engine';
import { getInstructionSpec } from '../engine/kernel/getInstructionSpec';
import { getInstruction, type InstructionList } from '../engine/kernel/kernelInstructions';
import { writeRowPlace } from '../engine/kernel/kernelRows';
import { describePlace, getLineInstructions, sortByExcess } from '../program/describeKernel';
import type { KernelChoice } from './readKernelLink';

/**
 * The part of a Kernel mode link that names an instruction: a source line, which of its operations
 * (`null`: the costliest), and which of its instructions (1-based; `null`: the worst).
 */
export type KernelPick = Pick<KernelChoice, 'op' | 'instance'> & {
  readonly line: number;
  /** The line inside a function the kernel's line calls (`undefined`: any, the costliest; a link names none). */
  readonly inner?: number | null;
};

/** An instruction of a report as Kernel mode and a lesson's kernel scene put it on stage. */
export interface ChosenInstruction {
  readonly ok: true;
  /** The report's row it belongs to: the line and operation. */
  readonly row: KernelLine;
  /** That row's instructions, in the order the warps ran them (numbers in the report's columns). */
  readonly instructions: InstructionList;
  /** Which of them is the worst, and which is chosen, 1-based. */
  readonly worst: number;
  readonly instance: number;
  readonly instruction: KernelInstruction;
  /** Its access, as "Open in Explore" opens it. */
  readonly spec: AccessSpec;
  /** What the stage calls it: "transposeCoalesced, line 27: warp 3, j = 8". */
  readonly title: string;
  /** The pick as a link writes it: the operation only where the line has several. */
  readonly link: Pick<KernelChoice, 'line' | 'inner' | 'op' | 'instance'>;
}

/**
 * A line's instruction of a report: the row of `pick.line` (of `pick.op`, or its most costly),
 * and its instruction `pick.instance` (its worst when `null`; an instance past the line's count is
 * its last, and the caller that must refuse one compares with `instructions.indices.length`); or why the
 * line has none.
 */
export function chooseKernelInstruction(
  report: KernelReport,
  pick: KernelPick,
): ChosenInstruction | { readonly ok: false; readonly message: string } {
  const onLine = report.lines.filter((l) => l.line === pick.line);
  const row = sortByExcess(
    onLine.filter(
      (l) => (pick.op === null || l.op === pick.op) && (pick.inner === undefined || l.inner === pick.inner),
    ),
  )[0];
  if (!row) {
    if (onLine.length > 0)
      return {
        ok: false,
        message: `line ${pick.line} makes no ${pick.op}, only ${onLine.map((l) => l.op).join(', ')}`,
      };
    const places = [...new Set(report.lines.map((l) => l.line))].sort((a, b) => a - b).join(', ');
    return { ok: false, message: `line ${pick.line} makes no shared-memory access; the lines that do: ${places}` };
  }
  const instructions = getLineInstructions(report, row);
  const worst = instructions.indices.indexOf(row.worst) + 1;
  const instance = Math.min(pick.instance ?? worst, instructions.indices.length);
  const instruction = getInstruction(report.instructions, instructions.indices[instance - 1]);
  return {
    ok: true,
    row,
    instructions,
    worst,
    instance,
    instruction,
    spec: getInstructionSpec(report, instruction),
    title: `${report.kernel}, ${writeRowPlace(row)}: ${describePlace(instruction)}`,
    link: {
      line: row.line,
      inner: row.inner,
      op: onLine.length > 1 ? row.op : null,
      instance: pick.instance === null ? null : instance,
    },
  };
}
