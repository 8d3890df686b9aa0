import { describe, expect, it } from 'vitest';
import { findMergeableLoads } from '../../src/engine/kernel/findMergeableLoads';
import { analyzeOk, readPreset } from '../support/kernelAnalyzer';

const block = (x: number, y = 1) => ({ x, y, z: 1 });

/** A kernel whose one line reads `reads` from a shared float array, each thread at its own row. */
const kernel = (reads: string) => `__global__ void k(float *out) {
  __shared__ float s[64][33];
  const int t = threadIdx.x;
  out[t] = ${reads};
}
`;

describe('the compiler’s merges, named', () => {
  it('matrixMul line 63: As[ty][k], As[ty][k + 1] … of the unrolled loop, four of which nvcc merged into an LDS.128', async () => {
    const source = readPreset('matrixMul');
    const report = await analyzeOk(source, { block: block(32, 2), args: { BLOCK_SIZE: 32, wA: 64, wB: 64 } });
    const found = findMergeableLoads(report);
    expect(found.map(({ line, run, form }) => [line, run, form])).toEqual([[63, 32, 'LDS.128']]);
    expect(found[0].note).toBe(
      "a lane's loads here read consecutive 4-byte words of one array, 32 in a row: nvcc may merge four into one LDS.128, as it did for matrixMul line 63 (measured on an H200), and a GPU then counts that one instruction's wavefronts; the report counts the loads as written",
    );
  });

  it('two neighbouring words written side by side on one line: two into an LDS.64', async () => {
    const report = await analyzeOk(kernel('s[t][0] + s[t][1]'), { block: block(32) });
    expect(findMergeableLoads(report).map(({ line, run, form }) => [line, run, form])).toEqual([[4, 2, 'LDS.64']]);
  });

  it('words two apart, a column read down the rows, or stores: nothing named', async () => {
    const apart = await analyzeOk(kernel('s[t][0] + s[t][2]'), { block: block(32) });
    const down = await analyzeOk(kernel('s[0][t] + s[1][t]'), { block: block(32) });
    const padded = await analyzeOk(readPreset('transposePadded'), { block: block(32, 8) });
    expect([findMergeableLoads(apart), findMergeableLoads(down), findMergeableLoads(padded)]).toEqual([[], [], []]);
  });

  it('npm run kernel prints the note under the total', async () => {
    const { writeKernelTable } = await import('../../scripts/kernel/writeKernelReport');
    const report = await analyzeOk(kernel('s[t][0] + s[t][1]'), { block: block(32) });
    expect(writeKernelTable(report, 'k.cu').split('\n')).toContainEqual(
      expect.stringMatching(
        /^ {2}line 4 load: a lane's loads here read consecutive 4-byte words .* two into one LDS\.64/,
      ),
    );
  });
});
