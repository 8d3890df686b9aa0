import { describe, expect, it } from 'vitest';
import { findRowInstructions, getInstruction, getInstructionBuffers } from '../../src/engine/kernel';
import { analyzeOk, instructionsOf, readPreset } from '../support/kernelAnalyzer';

const MATRIX_MUL = { block: { x: 16, y: 16, z: 1 }, args: { BLOCK_SIZE: 16, wA: 64, wB: 64 } };

// The report's instructions are columns (typed arrays and small tables): Kernel mode's worker moves
// them to the page with their buffers transferred, and the page reads them as the worker did.
describe('a report’s instructions in columns', () => {
  it('moved to another thread with its buffers transferred, gives the same instructions there', async () => {
    const report = await analyzeOk(readPreset('matrixMul'), MATRIX_MUL);
    const before = instructionsOf(report).map((i) => ({ ...i, addresses: Array.from(i.addresses) }));
    const moved = structuredClone(report, { transfer: getInstructionBuffers(report.instructions) });
    // The sender keeps nothing of them: every column's buffer went, not a copy.
    const { site, warp, pattern, loops, patterns } = report.instructions;
    const left = [site, warp, pattern, loops, patterns.addresses, patterns.rounds, patterns.ideal, patterns.racing];
    expect(left.map((column) => column.length)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(instructionsOf(moved).map((i) => ({ ...i, addresses: Array.from(i.addresses) }))).toEqual(before);
    expect(moved.instructions.count).toBe(before.length);
  });

  it('makes an instruction at its index, and refuses one past the count', async () => {
    const report = await analyzeOk(readPreset('transposeCoalesced'), { block: { x: 32, y: 8, z: 1 } });
    const read = report.lines.find((l) => l.line === 27)!;
    const worst = getInstruction(report.instructions, read.worst);
    expect([worst.index, worst.line, worst.op, worst.form, worst.rounds, worst.ideal]).toEqual([
      read.worst,
      27,
      'load',
      'LDS.32',
      32,
      1,
    ]);
    expect(() => getInstruction(report.instructions, report.instructions.count)).toThrow(
      `no instruction ${report.instructions.count} of ${report.instructions.count}`,
    );
  });

  it('finds a row’s instructions, as many as the row counts, each on its line and operation', async () => {
    const report = await analyzeOk(readPreset('matrixMul'), MATRIX_MUL);
    const row = report.lines.find((l) => l.op === 'load')!;
    const { indices } = findRowInstructions(report.instructions, row);
    expect(indices.length).toBe(row.executions);
    const rows = Array.from(indices, (i) => getInstruction(report.instructions, i));
    expect(rows.every((i) => i.line === row.line && i.op === row.op && i.type === row.type)).toBe(true);
    expect(indices).toContain(row.worst);
  });
});
