import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyze, analyzeOk, instructionsOf } from '../support/kernelAnalyzer';

// A loop that changes nothing outside itself, started again with the same values, is counted from
// its last run rather than run (LoopMemo.ts): its steps, and the refusal of a budget it would pass,
// must be those of a run.

const warp = { x: 32, y: 1, z: 1 };

/** 100 rounds of a shared store, each followed by an inner loop of 8 rounds that writes a local array. */
const repeated = `__global__ void k(float *out) {
  __shared__ float s[32];
  float acc[8];
  for (int t = 0; t < 100; t++) {
    s[threadIdx.x] = acc[0];
    for (int i = 0; i < 8; i++) acc[i] += 1.0f;
  }
}
`;

/** The one error of a source the analyzer must refuse, as `line:column: message`. */
async function refusal(source: string, stepBudget: number) {
  const result = await analyze(source, { block: warp, stepBudget });
  if (result.ok) throw new Error('the source was accepted');
  return result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
}

const ranPast = (steps: string) =>
  `ran past the step budget of ${steps} steps (statements and loop rounds of every warp) or 600 s, whichever comes first (here the steps): if it should end, check its condition; if the kernel is this long, give the loop smaller bounds`;

describe('a loop started again with the same values', () => {
  it('counts the steps a run counts', async () => {
    // The body, two declarations, the loop and its init (5); 100 rounds of a test, a block, a store,
    // the inner loop, its init, 9 tests and 8 additions (22); the last test.
    expect((await analyzeOk(repeated, { block: warp })).steps).toBe(5 + 100 * 22 + 1);
  });

  it('past the step budget in its rounds, names it, as a run does', async () => {
    // Step 1,011 is the 16th of round 45 (5 + 45 × 22 + 16): inside the inner loop's rounds.
    expect(await refusal(repeated, 1010)).toEqual([`6:5: this loop ${ranPast('1,010')}`]);
  });

  it('past the step budget at its init, names the loop around it, as a run does', async () => {
    // Step 1,000 is round 45's fifth: the inner loop's init, run before the loop is entered.
    expect(await refusal(repeated, 999)).toEqual([`4:3: this loop ${ranPast('999')}`]);
  });

  it('past the time budget while its steps are counted, names it, as a run does', { timeout: 10_000 }, async () => {
    // All but 4 of each outer round's 200,005 steps are the inner loop's, counted after its first run.
    const source = `__global__ void k(float *out) {
  __shared__ float s[32];
  float acc[8];
  for (int t = 0; t < 1000000; t++) {
    s[threadIdx.x] = acc[0];
    for (int i = 0; i < 100000; i++) acc[i % 8] += 1.0f;
  }
}
`;
    const result = await analyze(source, { block: warp, stepBudget: 1e12, timeBudgetMs: 300 });
    expect(result.ok ? [] : result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`)).toEqual([
      '6:5: this loop ran past the step budget of 1,000,000,000,000 steps (statements and loop rounds of every warp) or 0.3 s, whichever comes first (here the time): if it should end, check its condition; if the kernel is this long, give the loop smaller bounds',
    ]);
  });

  it('that reads threadIdx is run again for a warp whose threadIdx differs', async () => {
    // Warp 0 goes round once, warp 1 twice: a body of one step, and a test each round and at the end.
    const source = `__global__ void k(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = 0;
  for (int i = 0; i <= threadIdx.x / 32; i++) { float x = 1.0f; }
}
`;
    // Each warp: the body, the declaration, the store, the loop and its init (5), then the rounds.
    const perWarp = (rounds: number) => 5 + (rounds + 1) + rounds * 2;
    expect((await analyzeOk(source, { block: { x: 64, y: 1, z: 1 } })).steps).toBe(perWarp(1) + perWarp(2));
  });

  it('in the SGEMM block of the benchmark counts the steps and accesses a run counts', async () => {
    // The `for m` / `for n` nest reads only acc, regM, regN and the sizes: counted, not run, after
    // each warp's first round of `d`. The figures are those of the interpreter before the memo.
    const source = readFileSync('bench/kernels/sgemmTile.cu', 'utf8');
    const report = await analyzeOk(source, { block: { x: 256, y: 1, z: 1 }, args: { M: 4096, N: 4096, K: 32 } });
    expect(report.steps).toBe(54_336);
    expect(report.lines.map((l) => `${l.line} ${l.op} ${l.executions} × → ${l.rounds}/${l.ideal}`)).toEqual([
      '21 store 128 × → 1024/128',
      '23 store 128 × → 128/128',
      '26 load 2048 × → 2048/2048',
      '27 load 2048 × → 8192/2048',
    ]);
  });
  it('that makes shared accesses records them again inside the loop values of its new start', async () => {
    // The inner loop reads s, threadIdx.x and acc (data, one value throughout): rounds t = 1 and 2
    // are done again from round 0's run, each access with its own t and i.
    const source = `__global__ void k() {
  __shared__ float s[64];
  float acc = 0;
  for (int t = 0; t < 3; t++)
    for (int i = 0; i < 2; i++) acc += s[threadIdx.x + 32 * i];
}
`;
    const report = await analyzeOk(source, { block: warp });
    const seen = instructionsOf(report).map((i) => [
      i.addresses[1],
      ...i.loops.map((l) => `${l.line}:${l.iteration} ${JSON.stringify(l.values)}`),
    ]);
    const expected = [0, 1, 2].flatMap((t) =>
      [0, 1].map((i) => [4 * (1 + 32 * i), `4:${t} {"t":${t}}`, `5:${i} {"i":${i}}`]),
    );
    expect(seen).toEqual(expected);
  });

  it('that assigns a variable from outside leaves the value a run leaves', async () => {
    // j starts each round of t at 0 (one value), so the inner loop is done again from its first
    // run: j must be 4 after it, and the store after it at lanes 4 to 35 of s.
    const source = `__global__ void k() {
  __shared__ float s[64];
  int j;
  for (int t = 0; t < 3; t++) {
    j = 0;
    for (int i = 0; i < 2; i++) j += 2;
    s[threadIdx.x + j] = 1.0f;
  }
}
`;
    const report = await analyzeOk(source, { block: warp });
    expect(instructionsOf(report).map((i) => [i.loops[0].iteration, i.addresses[0], i.addresses[31]])).toEqual([
      [0, 16, 140],
      [1, 16, 140],
      [2, 16, 140],
    ]);
  });
  it('on random nests gives the instructions of the same nest run every time', { timeout: 60_000 }, async () => {
    // A call in the inner loop (__syncwarp, on the line of its load, which no access depends on)
    // keeps it from being done again: with and without it, every instruction (warp, addresses,
    // rounds, loop values) and every row must be the same.
    const nest = fc.record({
      rounds: fc.integer({ min: 1, max: 4 }),
      inner: fc.integer({ min: 0, max: 3 }),
      stride: fc.integer({ min: 0, max: 5 }),
      step: fc.integer({ min: 0, max: 3 }),
      start: fc.constantFrom('0', 't', 't % 2', '3'),
      bump: fc.boolean(),
      store: fc.boolean(),
      warps: fc.integer({ min: 1, max: 2 }),
    });
    await fc.assert(
      fc.asyncProperty(nest, async (n) => {
        const launch = { block: { x: 32 * n.warps, y: 1, z: 1 } };
        const [kept, run] = await Promise.all([
          analyzeOk(nestSource(n, false), launch),
          analyzeOk(nestSource(n, true), launch),
        ]);
        expect(instructionsOf(kept)).toEqual(instructionsOf(run));
        const rows = (report: typeof kept) =>
          report.lines.map((l) => [l.line, l.op, l.executions, l.rounds, l.ideal, l.worst]);
        expect(rows(kept)).toEqual(rows(run));
      }),
      { numRuns: 40, seed },
    );
  });
});

const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : undefined;

/** A nest of two loops over a shared array: the inner one reads it and may assign `j` from outside; `sync` adds a call to it. */
function nestSource(
  n: { rounds: number; inner: number; stride: number; step: number; start: string; bump: boolean; store: boolean },
  sync: boolean,
) {
  return `__global__ void k(float *out) {
  __shared__ float s[1024];
  float acc = 0;
  int j = 0;
  for (int t = 0; t < ${n.rounds}; t++) {
    j = ${n.start};
    for (int i = 0; i < ${n.inner}; i++) {
      acc += s[(threadIdx.x * ${n.stride} + i * ${n.step} + j) % 1024];${sync ? ' __syncwarp();' : ''}${n.bump ? '\n      j += 2;' : ''}${n.store ? '\n      s[threadIdx.x + j] = acc;' : ''}
    }
    s[(threadIdx.x + j) % 1024] = acc;
  }
}
`;
}
