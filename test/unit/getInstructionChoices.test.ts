import { describe, expect, it } from 'vitest';
import { getInstruction } from '../../src/engine/kernel';
import { getLineInstructions } from '../../src/program/describeKernel';
import { findInstruction, findNextConflict, getInstructionChoices } from '../../src/program/getInstructionChoices';
import { analyzeOk, readPreset } from '../support/kernelAnalyzer';

const report = await analyzeOk(readPreset('transposeCoalesced'), { block: { x: 32, y: 8, z: 1 } });
const reads = getLineInstructions(
  report,
  report.lines.find((l) => l.line === 27)!,
);
const stores = getLineInstructions(
  report,
  report.lines.find((l) => l.line === 19)!,
);

describe('going to any instruction of a line', () => {
  it('offers the line’s warps and its loop’s iterations, by the loop variable’s values', () => {
    const choices = getInstructionChoices(reads, 0);
    expect(choices.warps).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(choices.warp).toBe(0);
    expect(choices.loops).toEqual([
      {
        line: 26,
        chosen: 0,
        options: [
          { iteration: 0, label: 'j = 0' },
          { iteration: 1, label: 'j = 8' },
          { iteration: 2, label: 'j = 16' },
          { iteration: 3, label: 'j = 24' },
        ],
      },
    ]);
  });

  it('finds the instruction of a warp and an iteration, keeping the iteration where the warp changes', () => {
    const found = getInstruction(report.instructions, reads.indices[findInstruction(reads, 3, [2])]);
    expect([found.warp, found.loops[0].values]).toEqual([3, { j: 16 }]);
  });

  it('finds the next conflicting instruction round the line, and none where none conflicts', () => {
    expect(findNextConflict(reads, 0)).toBe(1);
    expect(findNextConflict(reads, reads.indices.length - 1)).toBe(0);
    expect(findNextConflict(stores, 0)).toBeNull();
  });
});
