import { describe, expect, it } from 'vitest';
import { createSpecRequest, getSchedule, type AccessSpec, type KernelReport } from '../../src/engine';
import { getInstructionSpec } from '../../src/engine/kernel';
import {
  chooseKernelInstruction,
  type ChosenInstruction,
  type KernelPick,
} from '../../src/kernel/chooseKernelInstruction';
import { analyzeOk, instructionAt, readPreset, rowInstructionsOf } from '../support/kernelAnalyzer';
import { unwrap } from '../unwrap';

const WARPS_8 = { x: 32, y: 8, z: 1 };
const TRANSPOSE = readPreset('transposeCoalesced');
/** A line that reads one word a lane and writes every other word: a load and a store on one line. */
const COPY = '__global__ void k() {\n  __shared__ float t[64];\n  t[threadIdx.x * 2] = t[threadIdx.x];\n}\n';

const transpose = () => analyzeOk(TRANSPOSE, { block: WARPS_8 });
const copy = () => analyzeOk(COPY, { block: { x: 32, y: 1, z: 1 } });

function choose(report: KernelReport, pick: Partial<KernelPick> & { line: number }): ChosenInstruction {
  const chosen = chooseKernelInstruction(report, { op: null, instance: null, ...pick });
  if (!chosen.ok) throw new Error(chosen.message);
  return chosen;
}

/** The rounds the engine schedules for an access spec. */
const roundsOf = (spec: AccessSpec) => getSchedule(unwrap(createSpecRequest(spec))).rounds;

const loadsOf = (report: KernelReport, line: number) =>
  rowInstructionsOf(
    report,
    report.lines.find((l) => l.line === line && l.op === 'load')!,
  );

describe('chooseKernelInstruction', () => {
  // The lesson's kernel scene (resolveKernelScene): a line, its worst instruction.
  it('takes a line’s worst instruction, as Explore would show it, when no instance is asked', async () => {
    const report = await transpose();
    const row = report.lines.find((l) => l.line === 27)!;
    const chosen = choose(report, { line: 27 });
    expect(chosen.instruction).toEqual(instructionAt(report, row.worst));
    expect(chosen.spec).toEqual(getInstructionSpec(report, instructionAt(report, row.worst)));
    expect(roundsOf(chosen.spec)).toBe(32);
    expect([chosen.worst, chosen.instance, chosen.instructions.indices.length]).toEqual([1, 1, 32]);
  });

  // The lesson's `instance: 3` on the padded transpose.
  it('takes the instance asked, counted from 1 in the order the warps ran them', async () => {
    const padded = TRANSPOSE.replace('tile[TILE_DIM][TILE_DIM];', 'tile[TILE_DIM][TILE_DIM + 1];');
    const report = await analyzeOk(padded, { block: WARPS_8 });
    const chosen = choose(report, { line: 27, instance: 3 });
    expect(chosen.instruction).toEqual(loadsOf(report, 27)[2]);
    expect(chosen.spec).toEqual(getInstructionSpec(report, loadsOf(report, 27)[2]));
    expect(roundsOf(chosen.spec)).toBe(1);
  });

  // The lesson's refusal of `line: 14`.
  it('says which lines make an access when the line asked makes none', async () => {
    expect(chooseKernelInstruction(await transpose(), { line: 14, op: null, instance: null })).toEqual({
      ok: false,
      message: 'line 14 makes no shared-memory access; the lines that do: 19, 27',
    });
  });

  // The panel opening a link whose instance is past the line's (the lesson refuses it by the count).
  it('takes the line’s last instruction for an instance past its count, and says the count', async () => {
    const report = await transpose();
    const chosen = choose(report, { line: 27, instance: 40 });
    expect([chosen.instance, chosen.instructions.indices.length]).toEqual([32, 32]);
    expect(chosen.instruction).toEqual(loadsOf(report, 27)[31]);
    expect(chosen.link).toEqual({ line: 27, inner: null, op: null, instance: 32 });
  });

  // The panel's stage title.
  it('names the instruction as the stage titles it: the kernel, the line, the warp and its loop', async () => {
    const report = await transpose();
    expect(choose(report, { line: 27 }).title).toBe('transposeCoalesced, line 27: warp 0, j = 0');
    expect(choose(report, { line: 27, instance: 2 }).title).toBe('transposeCoalesced, line 27: warp 0, j = 8');
  });

  // The panel's link: no instance while the worst is shown unasked, the one asked otherwise.
  it('writes the link’s instance only when one was asked, and no operation for a line of one', async () => {
    const report = await transpose();
    expect(choose(report, { line: 27 }).link).toEqual({ line: 27, inner: null, op: null, instance: null });
    expect(choose(report, { line: 27, instance: 1 }).link).toEqual({ line: 27, inner: null, op: null, instance: 1 });
  });

  // The panel's rows of a line with a load and a store.
  it('takes the operation asked of a line that has two, and writes it in the link', async () => {
    const report = await copy();
    const load = choose(report, { line: 3, op: 'load' });
    expect([load.row.op, roundsOf(load.spec)]).toEqual(['load', 1]);
    expect(load.link).toEqual({ line: 3, inner: null, op: 'load', instance: null });
    const store = choose(report, { line: 3, op: 'store' });
    expect([store.row.op, roundsOf(store.spec)]).toEqual(['store', 2]);
  });

  it('takes the costliest operation of a line when none is asked', async () => {
    const chosen = choose(await copy(), { line: 3 });
    expect(chosen.row.op).toBe('store');
    expect(chosen.link).toEqual({ line: 3, inner: null, op: 'store', instance: null });
  });

  it('says which operations a line makes when the one asked is not among them', async () => {
    expect(chooseKernelInstruction(await transpose(), { line: 27, op: 'store', instance: null })).toEqual({
      ok: false,
      message: 'line 27 makes no store, only load',
    });
  });
});
