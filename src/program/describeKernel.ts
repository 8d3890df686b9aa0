import { getBankConflict, groupDigits, type KernelInstruction, type KernelLine, type KernelReport } from '../engine';
import { findRowInstructions, getInstruction, type InstructionList } from '../engine/kernel/kernelInstructions';
import { getInstructionSchedule } from '../engine/kernel/getInstructionSpec';
import { getAccessLine, writeRowPlace } from '../engine/kernel/kernelRows';
import { describeConflict } from './describeConflict';

const rounds = (n: number) => `${groupDigits(n)} round${n === 1 ? '' : 's'}`;

/** The report's lines, the most excess first (then in source order): the order a person fixes them in. */
export const sortByExcess = (lines: readonly KernelLine[]): KernelLine[] =>
  [...lines].sort((a, b) => b.excess - a.excess || getAccessLine(a) - getAccessLine(b) || a.line - b.line);

/** The report's lines in the order of the lines they are written on (a called function's line, each call in the kernel's order). */
export const sortByAccessLine = (lines: readonly KernelLine[]): KernelLine[] =>
  [...lines].sort((a, b) => getAccessLine(a) - getAccessLine(b) || a.line - b.line);

/** Where an instruction ran: its warp and its loops' variables ("warp 3, j = 8"; "varies" where its lanes differ). */
export function describePlace(instruction: KernelInstruction): string {
  const loops = instruction.loops.flatMap((loop) =>
    Object.entries(loop.values).map(([name, value]) => `${name} = ${value === null ? 'varies' : groupDigits(value)}`),
  );
  return [`warp ${instruction.warp}`, ...loops].join(', ');
}

/** What an instruction costs against its ideal ("32 rounds where 1 would do", "1 round, the ideal"). */
export function describeCost(spent: number, ideal: number): string {
  return spent > ideal ? `${rounds(spent)} where ${groupDigits(ideal)} would do` : `${rounds(spent)}, the ideal`;
}

/**
 * One line of the report in words, every number from the analysis: what the line costs against
 * its ideal over the block, and where its worst instruction ran and why it costs what it does
 * (`conflict`: its conflict in words, from {@link getInstructionConflict}).
 */
export function describeKernelLine(report: KernelReport, line: KernelLine, conflict?: string): string {
  const place = writeRowPlace(line);
  const what = `${place.charAt(0).toUpperCase()}${place.slice(1)} (${line.op}, ${line.form})`;
  const count = `${groupDigits(line.executions)} instruction${line.executions === 1 ? '' : 's'}`;
  if (line.excess === 0) return `${what}: ${count}, ${describeCost(line.rounds, line.ideal)}.`;
  const worst = getInstruction(report.instructions, line.worst);
  const why = conflict ? ` It is a ${conflict.charAt(0).toLowerCase()}${conflict.slice(1)}` : '';
  return `${what} costs ${describeCost(line.rounds, line.ideal)} over ${count}; the worst, in ${describePlace(worst)}, takes ${describeCost(worst.rounds, worst.ideal)}.${why}`;
}

/** An instruction's conflict in one line ("2-way bank conflict: lanes 0–15 and 16–31 …"), from the engine's schedule of it. */
export function getInstructionConflict(report: KernelReport, instruction: KernelInstruction): string {
  const schedule = getInstructionSchedule(report, instruction);
  return schedule.ok ? describeConflict(getBankConflict(schedule.value)) : '';
}

/** The whole report in one sentence: how many lines conflict, the excess, and the worst line. */
export function describeKernelTotal(report: KernelReport): string {
  const conflicting = sortByExcess(report.lines).filter((l) => l.excess > 0);
  const { rounds: spent, ideal, excess } = report.total;
  if (report.lines.length === 0) return 'The kernel makes no shared-memory access in this launch.';
  if (conflicting.length === 0) return 'No bank conflict: every instruction takes its ideal rounds.';
  const lines = conflicting.length === 1 ? '1 line conflicts' : `${conflicting.length} lines conflict`;
  return `${lines}: ${rounds(excess)} past the ideal (${(spent / ideal).toFixed(2)}× the ideal); the worst is ${writeRowPlace(conflicting[0])}.`;
}

/**
 * Where the report's loops step by `gridDim` (a grid-stride loop), the grid and block it assumed,
 * since its counts hold for that launch only; empty where no loop does.
 */
export function describeKernelGrid(report: KernelReport): string {
  const loops = report.gridLoops ?? [];
  if (loops.length === 0) return '';
  const { x, y, z } = report.blockIdx;
  const g = report.grid;
  const which = loops.length === 1 ? `Line ${loops[0]}'s loop steps` : `Lines ${loops.join(', ')}'s loops step`;
  return `${which} by gridDim: this is block (${x}, ${y}, ${z}) of a grid of ${g.x}×${g.y}×${g.z}; give the grid the kernel is launched with.`;
}

// Kernel mode asks for the chosen row's instructions several times an answer and at every step
// through them: each row (an object of one report) is searched for once.
const rowInstructions = new WeakMap<KernelLine, InstructionList>();

/** A row's instructions (one operation and type of its line), in the order the warps ran them. */
export function getLineInstructions(report: KernelReport, line: KernelLine): InstructionList {
  let found = rowInstructions.get(line);
  if (found?.table !== report.instructions)
    rowInstructions.set(line, (found = findRowInstructions(report.instructions, line)));
  return found;
}
