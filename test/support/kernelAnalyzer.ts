import { readdirSync, readFileSync } from 'node:fs';
import {
  type KernelInstruction,
  type KernelLaunch,
  type KernelLine,
  type KernelParse,
  type KernelReport,
  type KernelResult,
} from '../../src/engine';
import { analyzeKernel, findRowInstructions, getInstruction } from '../../src/engine/kernel';
import { loadCppParser } from '../../scripts/kernel/loadCppParser';
import type { LessonKernels } from '../../src/lesson/resolveKernelScene';

let parser: Promise<KernelParse> | null = null;

/** The Node C++ parser, loaded once for every kernel test. */
export const getKernelParser = () => (parser ??= loadCppParser());

/**
 * Analyzes `source` as the command does, but with ten minutes of time budget unless the test gives
 * one: on a machine this busy a long kernel may take seconds, and a test's outcome must not depend
 * on the load (the step budget, a count, still refuses a loop that does not end).
 */
export async function analyze(source: string, launch: KernelLaunch): Promise<KernelResult> {
  return analyzeKernel(source, { timeBudgetMs: TEST_TIME_BUDGET_MS, ...launch }, await getKernelParser());
}

/** The time budget of {@link analyze}, named in a step-budget refusal's message. */
export const TEST_TIME_BUDGET_MS = 600_000;

/** A preset's source, from `assets/kernels/`. */
export const readPreset = (name: string) => readFileSync(`assets/kernels/${name}.cu`, 'utf8');

/** The report of a source the test expects to be accepted; a refusal fails the test with its message. */
export async function analyzeOk(source: string, launch: KernelLaunch): Promise<KernelReport> {
  const result = await analyze(source, launch);
  if (!result.ok) throw new Error(result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`).join('\n'));
  return result.report;
}

/** Instruction `index` of a report, made as an object from its columns. */
export const instructionAt = (report: KernelReport, index: number): KernelInstruction =>
  getInstruction(report.instructions, index);

/** Every instruction of a report as objects, in the order the warps ran them. */
export const instructionsOf = (report: KernelReport): KernelInstruction[] =>
  Array.from({ length: report.instructions.count }, (_, i) => getInstruction(report.instructions, i));

/** A row's instructions as objects, in the order the warps ran them. */
export const rowInstructionsOf = (report: KernelReport, row: KernelLine): KernelInstruction[] =>
  Array.from(findRowInstructions(report.instructions, row).indices, (i) => getInstruction(report.instructions, i));

/** The lines of a report as `line op: executions rounds/ideal`, for a test to compare at a glance. */
export const summarize = (report: KernelReport) =>
  report.lines.map((l) => `${l.line} ${l.op} ${l.type}: ${l.executions} × → ${l.rounds}/${l.ideal}`);

/** The 1-based line of the first line of `source` that contains `text`. */
export const lineOf = (source: string, text: string) => source.split('\n').findIndex((l) => l.includes(text)) + 1;

/** What a lesson's kernel scenes are read with in Node: the parser, and every preset by name. */
export const getLessonKernels = async (): Promise<LessonKernels> => ({
  parse: await getKernelParser(),
  files: Object.fromEntries(
    readdirSync('assets/kernels')
      .filter((f) => f.endsWith('.cu'))
      .map((f) => [f.replace(/\.cu$/, ''), readPreset(f.replace(/\.cu$/, ''))]),
  ),
});
