import { describe, expect, it } from 'vitest';
import { MAX_KERNEL_SOURCE } from '../../src/engine/kernel';
import { analyze, instructionAt, instructionsOf } from '../support/kernelAnalyzer';

const warp = { x: 32, y: 1, z: 1 };

/** The one error of a source the analyzer must refuse, as `line:column: message`. */
async function refusal(source: string, launch: Parameters<typeof analyze>[1] = { block: warp }) {
  const result = await analyze(source, launch);
  if (result.ok) throw new Error('the source was accepted');
  expect(result.errors).toHaveLength(1);
  const [e] = result.errors;
  return `${e.line}:${e.column}: ${e.message}`;
}

/** A kernel around `body` (its first line is line 3, indented two spaces). */
const kernel = (body: string, params = 'float *out, const int *index') =>
  `#define N 64\n__global__ void k(${params}) {\n${body
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n')}\n}\n`;

describe('refusals, each with its line and column', () => {
  it('a syntax error', async () => {
    expect(await refusal(kernel('__shared__ float s[N];\nint x = (1 + ;\ns[0] = x;'))).toMatch(
      /^4:\d+: a syntax error/,
    );
  });

  it('a construct outside the subset (switch)', async () => {
    expect(await refusal(kernel('__shared__ float s[N];\nswitch (threadIdx.x) { case 0: s[0] = 1; }'))).toBe(
      '4:3: switch (write it with if and else) is outside the subset the analyzer runs',
    );
  });

  it('an address that depends on a value in global memory', async () => {
    const source = kernel('__shared__ float table[N];\nint k = index[threadIdx.x];\nout[0] = table[k];');
    expect(await refusal(source)).toBe(
      '5:12: table[k]: k comes from index[threadIdx.x], a value in global memory; the address cannot be known without the data',
    );
  });

  it('an address that depends on a value in shared memory', async () => {
    const source = kernel('__shared__ int order[N];\n__shared__ float s[N];\nout[0] = s[order[threadIdx.x]];');
    expect(await refusal(source)).toBe(
      '5:12: s[order[threadIdx.x]]: order[threadIdx.x] is a value in shared memory; the address cannot be known without the data',
    );
  });

  it('a branch that depends on a value in memory', async () => {
    const source = kernel('__shared__ float s[N];\nif (index[threadIdx.x] > 0)\n  s[threadIdx.x] = 1;');
    expect(await refusal(source)).toBe(
      '4:7: index[threadIdx.x] > 0: index[threadIdx.x] is a value in global memory; the branch cannot be known without the data',
    );
  });

  it('a branch on a floating-point value', async () => {
    const source = kernel('__shared__ float s[N];\nfloat v = s[threadIdx.x];\nif (v > 0.5f) s[0] = v;', 'float *out');
    expect(await refusal(source)).toMatch(
      /^5:7: v > 0\.5f: v comes from s\[threadIdx\.x\], a value in shared memory; the branch cannot be known without the data$/,
    );
  });

  it('a parameter without a value, and the --arg that fixes it', async () => {
    const source = kernel(
      '__shared__ float s[N];\nfor (int i = threadIdx.x; i < n; i += 32)\n  s[i % N] = 0;',
      'int n',
    );
    expect(await refusal(source)).toBe(
      '4:29: i < n: n is a parameter without a value; the branch cannot be known without its value: give it one (--arg n=…)',
    );
    expect((await analyze(source, { block: warp, args: { n: 128 } })).ok).toBe(true);
  });

  it('a loop past the step budget names the outermost loop whose bound is a parameter, and the parameter', async () => {
    const source = kernel(
      '__shared__ float s[N];\nfor (int t = 0; t < tiles; t++)\n  for (int i = 0; i < 8; i++)\n    s[threadIdx.x] = i;',
      'int tiles',
    );
    expect(await refusal(source, { block: warp, args: { tiles: 100_000 }, stepBudget: 10_000 })).toBe(
      '4:3: this loop ran past the step budget of 10,000 steps (statements and loop rounds of every warp) or 600 s, whichever comes first (here the steps): its trip count comes from tiles=100,000: give it a smaller value to check the pattern (--arg tiles=…)',
    );
  });

  it('a loop past the time budget, before the steps run out', async () => {
    const source = kernel('__shared__ float s[N];\nint i = 0;\nwhile (i >= 0) { s[threadIdx.x] = i; i = i % 7; }');
    expect(await refusal(source, { block: warp, stepBudget: 1e12, timeBudgetMs: 50 })).toBe(
      '5:3: this loop ran past the step budget of 1,000,000,000,000 steps (statements and loop rounds of every warp) or 0.05 s, whichever comes first (here the time): if it should end, check its condition; if the kernel is this long, give the loop smaller bounds',
    );
  });

  it('every function the kernel can reach is read before it runs, and all their errors are given', async () => {
    const source =
      '__device__ void a(float *s) {\n  switch (threadIdx.x) { case 0: s[0] = 1; }\n}\n' +
      '__device__ void b(float *s) {\n  goto end;\n  end: s[1] = 2;\n}\n' +
      '__global__ void k(float *out, const int *index) {\n  __shared__ float s[32];\n  s[index[0]] = 1;\n  a(s);\n  b(s);\n}\n';
    const result = await analyze(source, { block: warp });
    expect(result.ok ? [] : result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`)).toEqual([
      '2:3: switch (write it with if and else) is outside the subset the analyzer runs',
      '5:3: goto is outside the subset the analyzer runs',
    ]);
  });

  it('a loop past the step budget', async () => {
    const source = kernel('__shared__ float s[N];\nint i = 0;\nwhile (i >= 0) { s[threadIdx.x] = i; i = i % 7; }');
    expect(await refusal(source, { block: warp, stepBudget: 10_000 })).toBe(
      '5:3: this loop ran past the step budget of 10,000 steps (statements and loop rounds of every warp) or 600 s, whichever comes first (here the steps): if it should end, check its condition; if the kernel is this long, give the loop smaller bounds',
    );
  });

  it('a block over 1,024 threads', async () => {
    expect(await refusal(kernel('__shared__ float s[N];'), { block: { x: 64, y: 32, z: 1 } })).toBe(
      '1:1: the block: a block holds at most 1024 threads, and 64x32 is 2048',
    );
  });

  it('a source over 1 MB', async () => {
    const source = kernel('__shared__ float s[N];') + `// ${'x'.repeat(MAX_KERNEL_SOURCE)}\n`;
    expect(await refusal(source)).toMatch(/^1:1: the source is over 1 MB/);
  });

  it('a source over 1 MB in UTF-8 bytes though under it in characters, as the command counts a file', async () => {
    const source = kernel('__shared__ float s[N];') + `// ${'é'.repeat(MAX_KERNEL_SOURCE * 0.6)}\n`;
    expect(source.length).toBeLessThan(MAX_KERNEL_SOURCE);
    expect(await refusal(source)).toMatch(/^1:1: the source is over 1 MB \(\d+ bytes\)/);
  });

  it('a subscript outside its dimension, naming the lane', async () => {
    expect(await refusal(kernel('__shared__ float s[N];\ns[threadIdx.x + 40] = 0;'))).toBe(
      '4:3: s[threadIdx.x + 40]: the subscript is 64 for lane 24 (thread 24), outside 0–63',
    );
  });

  it('a misaligned vector access', async () => {
    const source = kernel(
      '__shared__ float s[N];\nfloat4 v = *reinterpret_cast<float4 *>(&s[threadIdx.x + 1]);\nout[0] = v.x;',
    );
    expect(await refusal(source)).toMatch(
      /^4:14: lane 0 of warp 0 \(thread 0\) reads 16 bytes at byte 4 of shared memory, which is not 16-byte aligned/,
    );
  });

  it('an int overflow in an index, naming the lane', async () => {
    expect(
      await refusal(kernel('__shared__ float s[N];\nint big = 2147483647;\ns[(big + (int)threadIdx.x) % N] = 0;')),
    ).toBe(
      '5:6: big + (int)threadIdx.x overflows int (2147483648), which C leaves undefined for lane 1 of warp 0 (thread 1)',
    );
  });

  it('a macro an operator splits is pasted as C pastes it, and the index it makes is checked', async () => {
    const source =
      '#define W 16 + 16\n__global__ void k() {\n  __shared__ float s[64];\n  s[threadIdx.x * W % 64] = 0;\n}\n';
    expect(await refusal(source)).toBe(
      '4:3: s[threadIdx.x * 16 + 16 % 64]: the subscript is 64 for lane 3 (thread 3), outside 0–63',
    );
  });

  it('atomics on shared memory', async () => {
    expect(await refusal(kernel('__shared__ int c[N];\natomicAdd(&c[0], 1);'))).toMatch(
      /^4:3: atomicAdd\(&c\[0\], 1\): atomics on shared memory are outside the model/,
    );
  });

  it('PTX that touches shared memory another way (red.shared)', async () => {
    const source = kernel(
      '__shared__ float s[N];\nunsigned a = __cvta_generic_to_shared(&s[0]);\nasm volatile("red.shared.add.u32 [%0], 1;" :: "r"(a));',
    );
    expect(await refusal(source)).toBe('5:3: red.shared.add.u32 touches shared memory in a way the model leaves out');
  });

  it('a kernel the file does not have', async () => {
    expect(await refusal(kernel(''), { block: warp, kernel: 'other' })).toBe(
      '1:1: no __global__ function is called other; the file has k',
    );
  });

  it('an argument that names no parameter', async () => {
    expect(await refusal(kernel('', 'int n'), { block: warp, args: { m: 3 } })).toBe(
      '2:17: k has no parameter m (its parameters: n)',
    );
  });
});

describe('what the analyzer runs', () => {
  it('&& gives 1 or 0, as C does, whatever its operands’ values', async () => {
    const result = await analyze(kernel('__shared__ float s[N];\ns[(threadIdx.x && 5) * 2] = 0;'), { block: warp });
    if (!result.ok) throw new Error(result.errors[0].message);
    // Lane 0: 0 && 5 is 0, element 0; every other lane: 1 × 2, element 2 at byte 8.
    expect(Array.from(instructionAt(result.report, 0).addresses)).toEqual([0, ...Array(31).fill(8)]);
  });

  it('an if splits the warp: each side is one instruction of its own lanes', async () => {
    const source = kernel(
      '__shared__ float s[N];\nif (threadIdx.x < 16) s[threadIdx.x] = 0;\nelse s[threadIdx.x * 2] = 0;',
    );
    const result = await analyze(source, { block: warp });
    if (!result.ok) throw new Error(result.errors[0].message);
    const [then, otherwise] = instructionsOf(result.report);
    expect(Array.from(then.addresses)).toEqual([...Array.from({ length: 16 }, (_, i) => 4 * i), ...Array(16).fill(-1)]);
    // Lanes 16–31 write elements 32, 34 … 62: banks 0, 2 … 30, one word each, 1 round.
    expect(Array.from(otherwise.addresses)).toEqual([
      ...Array(16).fill(-1),
      ...Array.from({ length: 16 }, (_, i) => 8 * (16 + i)),
    ]);
    expect([then.line, otherwise.line, then.rounds, otherwise.rounds]).toEqual([4, 5, 1, 1]);
  });

  it('an access inside a __device__ function is a row of the kernel line that calls it and of its own line', async () => {
    const source = [
      '__device__ float readAt(const float *t, int i) {',
      '  return t[i];',
      '}',
      '__global__ void k(float *out) {',
      '  __shared__ float tile[32][32];',
      '  out[threadIdx.x] = readAt(&tile[0][0], threadIdx.x * 32 + 3);',
      '}',
    ].join('\n');
    const result = await analyze(source, { block: warp });
    if (!result.ok) throw new Error(result.errors[0].message);
    expect(result.report.lines.map((l) => [l.line, l.op, l.inner, l.rounds])).toEqual([[6, 'load', 2, 32]]);
  });

  it('a ?: whose test is unknown, where neither side touches shared memory: the value is data', async () => {
    const result = await analyze(kernel('__shared__ float s[N];\ns[threadIdx.x] = index[0] > 0 ? 1.0f : 2.0f;'), {
      block: warp,
    });
    expect(result.ok).toBe(true);
  });

  it('a parameter without a value that only indexes global memory', async () => {
    const result = await analyze(
      kernel('__shared__ float s[N];\ns[threadIdx.x] = out[n * threadIdx.x];', 'float *out, int n'),
      { block: warp },
    );
    expect(result.ok).toBe(true);
  });
});
