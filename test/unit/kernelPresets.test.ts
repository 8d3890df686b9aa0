import { describe, expect, it } from 'vitest';
import { createSpecRequest, getSchedule, type KernelReport, type ThreadBlock } from '../../src/engine';
import { getInstructionRequest, getInstructionSpec } from '../../src/engine/kernel';
import { analyzeOk, instructionsOf, lineOf, readPreset } from '../support/kernelAnalyzer';
import { unwrap } from '../unwrap';

const block = (x: number, y = 1, z = 1): ThreadBlock => ({ x, y, z });

/** The line of a report at the source line holding `text`, for one operation. */
function lineAt(report: KernelReport, source: string, text: string, op: string) {
  const line = lineOf(source, text);
  const found = report.lines.find((l) => l.line === line && l.op === op);
  if (!found) throw new Error(`no ${op} at line ${line} (${text})`);
  return { executions: found.executions, rounds: found.rounds, ideal: found.ideal, excess: found.excess };
}

describe('the presets, by numbers worked out by hand', () => {
  it('the coalesced transpose reads its tile down the columns: 32 rounds a read', async () => {
    const source = readPreset('transposeCoalesced');
    const report = await analyzeOk(source, { block: block(32, 8) });
    // A 32×8 block is 8 warps, each one row ty of the tile; the loop over j runs 4 times (0, 8, 16,
    // 24): 8 × 4 = 32 instructions for the store and 32 for the load.
    // Store: lane i writes tile[ty + j][i], 32 consecutive words, 32 banks → 1 round each.
    expect(lineAt(report, source, 'tile[threadIdx.y + j][threadIdx.x] =', 'store')).toEqual({
      executions: 32,
      rounds: 32,
      ideal: 32,
      excess: 0,
    });
    // Load: lane i reads tile[i][ty + j], word 32·i + ty + j: 32 lanes × pitch 32 → one bank → 32 rounds.
    expect(lineAt(report, source, '= tile[threadIdx.x]', 'load')).toEqual({
      executions: 32,
      rounds: 32 * 32,
      ideal: 32,
      excess: 31 * 32,
    });
    expect(report.arrays).toEqual([expect.objectContaining({ name: 'tile', base: 0, bytes: 32 * 32 * 4 })]);
  });

  it('the padded transpose (pitch 33) reads each column across all 32 banks: 1 round', async () => {
    const source = readPreset('transposePadded');
    const report = await analyzeOk(source, { block: block(32, 8) });
    // Word 33·i + c: bank (i + c) mod 32, a different bank for each of the 32 lanes.
    expect(lineAt(report, source, '= tile[threadIdx.x]', 'load')).toEqual({
      executions: 32,
      rounds: 32,
      ideal: 32,
      excess: 0,
    });
    expect(report.arrays[0].bytes).toBe(32 * 33 * 4);
  });

  it('the swizzled transpose stores at c ^ r and reads at r ^ c: 1 round both ways, no padding', async () => {
    const source = readPreset('transposeSwizzled');
    const report = await analyzeOk(source, { block: block(32, 8) });
    // Store row r: lane i's column i ^ r runs over all 32 banks; load: lane i's word 32·i + (c ^ i), bank c ^ i, all different.
    expect(lineAt(report, source, 'tile[row][threadIdx.x ^ row] =', 'store')).toEqual({
      executions: 32,
      rounds: 32,
      ideal: 32,
      excess: 0,
    });
    expect(lineAt(report, source, '= tile[threadIdx.x][col ^ threadIdx.x]', 'load')).toEqual({
      executions: 32,
      rounds: 32,
      ideal: 32,
      excess: 0,
    });
    expect(report.arrays[0].bytes).toBe(32 * 32 * 4);
  });

  it('reduce0 (divergent interleaved addressing) never conflicts: its cost is idle lanes', async () => {
    const source = readPreset('reduce0');
    const report = await analyzeOk(source, { block: block(256) });
    // s = 1 … 16: every one of the 8 warps has a lane with tid % 2s == 0 (2s ≤ 32); s = 32: warps
    // 0, 2, 4, 6; s = 64: 0 and 4; s = 128: warp 0. 5 × 8 + 4 + 2 + 1 = 47 warp steps, each one
    // store and two loads (sdata[tid + s], then sdata[tid] for +=), the active lanes' words all in
    // different banks: 1 round each.
    expect(lineAt(report, source, 'sdata[tid] += sdata[tid + s]', 'store')).toEqual({
      executions: 47,
      rounds: 47,
      ideal: 47,
      excess: 0,
    });
    expect(lineAt(report, source, 'sdata[tid] += sdata[tid + s]', 'load')).toEqual({
      executions: 94,
      rounds: 94,
      ideal: 94,
      excess: 0,
    });
    expect(lineAt(report, source, 'sdata[tid] = (i < n)', 'store')).toEqual({
      executions: 8,
      rounds: 8,
      ideal: 8,
      excess: 0,
    });
  });

  it('reduce1 (strided index) conflicts: 2, 4, 8, 8, 8, 4, 2, 1 ways as s doubles', async () => {
    const source = readPreset('reduce1');
    const report = await analyzeOk(source, { block: block(256) });
    // index = 2·s·tid < 256: s = 1 → tids 0–127 (4 warps), s = 2 → 0–63 (2 warps), then one warp
    // for s = 4 … 128: 12 warp steps. Word 2s·i: s = 1 → lanes i and i + 16 share a bank (2
    // rounds); s = 2 → 4 lanes a bank (4); s = 4 → 8 (32 lanes over 4 banks); s = 8 → 16 lanes in
    // 2 banks (8); s = 16 → 8 lanes in bank 0 (8); s = 32 → 4; s = 64 → 2; s = 128 → 1.
    // Per op: 4 × 2 + 2 × 4 + 8 + 8 + 8 + 4 + 2 + 1 = 47 rounds against 12.
    expect(lineAt(report, source, 'sdata[index] += sdata[index + s]', 'store')).toEqual({
      executions: 12,
      rounds: 47,
      ideal: 12,
      excess: 35,
    });
    expect(lineAt(report, source, 'sdata[index] += sdata[index + s]', 'load')).toEqual({
      executions: 24,
      rounds: 94,
      ideal: 24,
      excess: 70,
    });
  });

  it('reduce2 (sequential addressing) is conflict-free', async () => {
    const source = readPreset('reduce2');
    const report = await analyzeOk(source, { block: block(256) });
    // s = 128 → 4 warps, 64 → 2, 32 → 1, 16 … 1 → warp 0 alone (5 steps): 12; consecutive words.
    expect(lineAt(report, source, 'sdata[tid] += sdata[tid + s]', 'store')).toEqual({
      executions: 12,
      rounds: 12,
      ideal: 12,
      excess: 0,
    });
    expect(report.total.excess).toBe(0);
    // The extern array sits at byte 0 (no static array before it) and reaches 227 KB.
    expect(report.arrays).toEqual([
      expect.objectContaining({ name: 'sdata', base: 0, dynamic: true, bytes: 227 * 1024 }),
    ]);
  });

  // 0.6–14 s here, the longest beside the whole unit suite on a machine at load 15: a budget of 30 s.
  it('matrixMul over k = 1,024: 67,584 instructions, none past its ideal', { timeout: 30_000 }, async () => {
    const source = readPreset('matrixMul');
    const report = await analyzeOk(source, { block: block(32, 32), args: { BLOCK_SIZE: 32, wA: 1024, wB: 1024 } });
    // 32 warps (one row ty each) × 1,024 / 32 = 32 tiles: a store each to As and Bs, then 32 k
    // steps of two loads: As[ty][k] is one word for the warp (a broadcast), Bs[k][tx] one row.
    expect(lineAt(report, source, 'As[ty][tx] =', 'store')).toEqual({
      executions: 1024,
      rounds: 1024,
      ideal: 1024,
      excess: 0,
    });
    expect(lineAt(report, source, 'Csub += As[ty][k] * Bs[k][tx]', 'load')).toEqual({
      executions: 65_536,
      rounds: 65_536,
      ideal: 65_536,
      excess: 0,
    });
    expect(report.total.executions).toBe(32 * 32 * (2 + 2 * 32));
    // As, then Bs after it: static arrays in declaration order.
    expect(report.arrays.map((a) => [a.name, a.base])).toEqual([
      ['As', 0],
      ['Bs', 4096],
    ]);
  });

  it('the GEMM tile: float4 stores and loads in phases of 8 lanes', async () => {
    const source = readPreset('gemmTileFloat4');
    const report = await analyzeOk(source, { block: block(256) });
    // As[(c·4 + k)·128 + r] with r = tid / 2, c = tid % 2: lanes 2r and 2r + 1 hit bank r mod 32
    // at words 512 apart → 2 rounds; 8 warps.
    expect(lineAt(report, source, 'As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x', 'store')).toEqual({
      executions: 8,
      rounds: 16,
      ideal: 8,
      excess: 8,
    });
    // A float4 each, lanes of a phase at 8 consecutive 16-byte chunks: 4 phases of 1 round.
    expect(lineAt(report, source, 'reinterpret_cast<float4 *>(&Bs[innerRowB', 'store')).toEqual({
      executions: 8,
      rounds: 32,
      ideal: 32,
      excess: 0,
    });
    // As[d·128 + row·8]: one address per 16 lanes, so every lane reads lane n^1's: the pairs are
    // served together, 2 phases of 16 lanes, 1 round each (the H200 measured 2 wavefronts, ideal 2).
    expect(lineAt(report, source, 'float4 a =', 'load')).toEqual({
      executions: 64,
      rounds: 128,
      ideal: 128,
      excess: 0,
    });
    // Bs[d·128 + (lane mod 16)·8]: in a phase, chunks 8 words apart → lanes k and k + 4 share banks → 2 rounds a phase, 8 an instruction.
    expect(lineAt(report, source, 'float4 b =', 'load')).toEqual({
      executions: 64,
      rounds: 512,
      ideal: 256,
      excess: 256,
    });
  });

  it('ldmatrix.x4 of 128-byte rows: all eight rows of a matrix in banks 0–3, 8 rounds a matrix', async () => {
    const source = readPreset('ldmatrixX4');
    const report = await analyzeOk(source, { block: block(32) });
    expect(lineAt(report, source, 'asm volatile("ldmatrix', 'ldmatrix')).toEqual({
      executions: 1,
      rounds: 4 * 8,
      ideal: 4,
      excess: 28,
    });
    // The fill: 128 chunks of 16 bytes, 32 lanes a step → 4 steps of 4 phases of 1 round.
    expect(lineAt(report, source, 'reinterpret_cast<uint4 *>(&tile[0][0])[chunk]', 'store')).toEqual({
      executions: 4,
      rounds: 16,
      ideal: 16,
      excess: 0,
    });
  });

  it('ldmatrix.x4 through Swizzle<3,3,3>: row r’s chunk moves to r mod 8, 1 round a matrix', async () => {
    const source = readPreset('ldmatrixX4Swizzled');
    const report = await analyzeOk(source, { block: block(32) });
    expect(lineAt(report, source, 'asm volatile("ldmatrix', 'ldmatrix')).toEqual({
      executions: 1,
      rounds: 4,
      ideal: 4,
      excess: 0,
    });
  });

  it('the racing store: four lanes a word, one round, and a race in every instruction', async () => {
    const source = readPreset('racingStore');
    const report = await analyzeOk(source, { block: block(64) });
    const line = report.lines.find((l) => l.line === lineOf(source, 'flags[threadIdx.x / 4] ='))!;
    // Lanes 4k … 4k + 3 write word k: 8 distinct words in 8 banks, 1 round, 2 warps.
    expect([line.executions, line.rounds, line.ideal, line.racing]).toEqual([2, 2, 2, 2]);
  });
});

describe('instructions open as Explore accesses', () => {
  it.each([
    ['transposeCoalesced', block(32, 8), {}],
    ['gemmTileFloat4', block(256), {}],
    ['ldmatrixX4Swizzled', block(32), {}],
    ['racingStore', block(64), {}],
    ['reduce1', block(256), {}],
  ] as const)(
    '%s: every instruction’s spec makes exactly its request, and its schedule its rounds',
    async (name, b, args) => {
      const report = await analyzeOk(readPreset(name), { block: b, args });
      for (const instruction of instructionsOf(report)) {
        const request = unwrap(getInstructionRequest(report, instruction));
        expect(unwrap(createSpecRequest(getInstructionSpec(report, instruction)))).toEqual(request);
        const schedule = getSchedule(request);
        expect([schedule.rounds, schedule.activePhases, schedule.racing.length > 0]).toEqual([
          instruction.rounds,
          instruction.ideal,
          instruction.racing,
        ]);
      }
    },
  );
});
