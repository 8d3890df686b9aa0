import { describe, expect, it } from 'vitest';
import {
  describeCost,
  describeKernelLine,
  describeKernelTotal,
  describePlace,
  getInstructionConflict,
  sortByExcess,
} from '../../src/program/describeKernel';
import { analyzeOk, instructionAt, readPreset, rowInstructionsOf } from '../support/kernelAnalyzer';

describe('a kernel report in words', () => {
  it('says what each line costs against its ideal and where its worst instruction ran', async () => {
    const report = await analyzeOk(readPreset('transposeCoalesced'), { block: { x: 32, y: 8, z: 1 } });
    const [read, store] = sortByExcess(report.lines);
    expect([read.line, store.line]).toEqual([27, 19]);
    expect(describeKernelTotal(report)).toBe(
      '1 line conflicts: 992 rounds past the ideal (16.50× the ideal); the worst is line 27.',
    );
    expect(describeKernelLine(report, read)).toBe(
      'Line 27 (load, LDS.32) costs 1,024 rounds where 32 would do over 32 instructions; the worst, in warp 0, j = 0, takes 32 rounds where 1 would do.',
    );
    expect(describeKernelLine(report, store)).toBe('Line 19 (store, STS.32): 32 instructions, 32 rounds, the ideal.');
    const instructions = rowInstructionsOf(report, read);
    expect(instructions.map(describePlace).slice(0, 5)).toEqual([
      'warp 0, j = 0',
      'warp 0, j = 8',
      'warp 0, j = 16',
      'warp 0, j = 24',
      'warp 1, j = 0',
    ]);
    expect(describeCost(1, 1)).toBe('1 round, the ideal');
  });

  it('says why the worst instruction costs what it does, in CUDA’s words', async () => {
    const report = await analyzeOk(readPreset('transposeCoalesced'), { block: { x: 32, y: 8, z: 1 } });
    const read = report.lines.find((l) => l.op === 'load')!;
    const conflict = getInstructionConflict(report, instructionAt(report, read.worst));
    expect(conflict).toBe(
      '32-way bank conflict: lanes 0, 1 … 31 (threadIdx.x 0, 1 … 31), one a wavefront, ask bank 0 for words 32 apart (32 = 1 × 32: the same bank); 32 wavefronts where 1 would do.',
    );
    expect(describeKernelLine(report, read, conflict)).toMatch(
      /takes 32 rounds where 1 would do\. It is a 32-way bank conflict: lanes 0, 1 … 31/,
    );
  });

  it('says when no line conflicts, and when the kernel makes no shared access', async () => {
    const padded = await analyzeOk(readPreset('transposePadded'), { block: { x: 32, y: 8, z: 1 } });
    expect(describeKernelTotal(padded)).toBe('No bank conflict: every instruction takes its ideal rounds.');
    const none = await analyzeOk('__global__ void k(int *a) { a[threadIdx.x] = 1; }', { block: { x: 32, y: 1, z: 1 } });
    expect(describeKernelTotal(none)).toBe('The kernel makes no shared-memory access in this launch.');
  });
});
