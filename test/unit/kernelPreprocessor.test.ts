import { describe, expect, it } from 'vitest';
import { getKernelSignatures } from '../../src/engine/kernel';
import { analyze, analyzeOk, getKernelParser, summarize } from '../support/kernelAnalyzer';

const warp = { x: 32, y: 1, z: 1 };

/** Every error of a refused source, as `file:line:column: message` (the kernel's own file as `-`). */
async function errorsOf(source: string, launch: Parameters<typeof analyze>[1] = { block: warp }) {
  const result = await analyze(source, launch);
  if (result.ok) throw new Error('the source was accepted');
  return result.errors.map((e) => `${e.file ?? '-'}:${e.line}:${e.column}: ${e.message}`);
}

describe("kernels as their authors write them: the preprocessor's cases", () => {
  it('a parenthesized #define value sizes an array', async () => {
    const report = await analyzeOk(
      '#define SIZE (4 * 16)\n__global__ void k() {\n  __shared__ float s[SIZE];\n  s[threadIdx.x * 2] = 0;\n}\n',
      { block: warp },
    );
    expect(report.arrays[0].dims).toEqual([64]);
    expect(summarize(report)).toEqual(['4 store float: 1 × → 2/1']);
  });

  it('a #define whose line ends in a comment', async () => {
    const report = await analyzeOk(
      '#define HALO 1 // the stencil reaches one cell out\n__global__ void k() {\n  __shared__ float s[32 + 2 * HALO];\n  s[threadIdx.x + HALO] = 0;\n}\n',
      { block: warp },
    );
    expect(report.arrays[0].dims).toEqual([34]);
  });

  it("a macro of qualifiers leaves a helper's int an int", async () => {
    const report = await analyzeOk(
      '#define HDI __device__ __host__ inline\nHDI int div_ceil(int a, int b) { return (a + b - 1) / b; }\n__global__ void k() {\n  __shared__ float s[64];\n  s[div_ceil(threadIdx.x, 1) * 2] = 0;\n}\n',
      { block: warp },
    );
    expect(summarize(report)).toEqual(['5 store float: 1 × → 2/1']);
  });

  it('#ifdef and #else choose a constant, and -D chooses the other', async () => {
    const source =
      '#ifdef WIDE\n#define BLOCK_SIZE 64\n#else\n#define BLOCK_SIZE 32\n#endif\n__global__ void k() {\n  __shared__ float s[BLOCK_SIZE];\n  s[threadIdx.x] = 0;\n}\n';
    expect((await analyzeOk(source, { block: warp })).arrays[0].dims).toEqual([32]);
    expect((await analyzeOk(source, { block: warp, defines: { WIDE: '1' } })).arrays[0].dims).toEqual([64]);
  });

  it('a kernel inside an include guard', async () => {
    const report = await analyzeOk(
      '#ifndef K_CU\n#define K_CU\n__global__ void k() {\n  __shared__ float s[32];\n  s[threadIdx.x] = 0;\n}\n#endif\n',
      { block: warp },
    );
    expect(summarize(report)).toEqual(['5 store float: 1 × → 1/1']);
  });

  it('#if inside a function, on __CUDA_ARCH__', async () => {
    const source =
      '__global__ void k() {\n  __shared__ float s[64];\n#if __CUDA_ARCH__ >= 800\n  s[threadIdx.x * 2] = 0;\n#else\n  s[threadIdx.x] = 0;\n#endif\n}\n';
    expect(summarize(await analyzeOk(source, { block: warp }))).toEqual(['4 store float: 1 × → 2/1']);
    const sm70 = await analyzeOk(source, { block: warp, defines: { __CUDA_ARCH__: '700' } });
    expect(summarize(sm70)).toEqual(['6 store float: 1 × → 1/1']);
  });

  it('a function-like macro used as a statement is run, not dropped', async () => {
    const report = await analyzeOk(
      '#define TOUCH(p) touch(p)\n__device__ void touch(float *p) { *p = 0; }\n__global__ void k() {\n  __shared__ float s[64];\n  TOUCH(&s[threadIdx.x*2]);\n}\n',
      { block: warp },
    );
    expect(summarize(report)).toEqual(['5 store float: 1 × → 2/1']);
    expect(report.lines[0].column).toBe(3);
  });

  it('FLOAT4 as a vector store, at its use', async () => {
    const report = await analyzeOk(
      '#define FLOAT4(value) (reinterpret_cast<float4 *>(&(value))[0])\n__global__ void k() {\n  __shared__ float s[128];\n  float4 z = make_float4(0, 0, 0, 0);\n  FLOAT4(s[threadIdx.x * 4]) = z;\n}\n',
      { block: warp },
    );
    expect(report.lines.map((l) => [l.line, l.form])).toEqual([[5, 'STS.128']]);
  });

  it('LDST128BITS as a vector load', async () => {
    const report = await analyzeOk(
      '#define LDST128BITS(value) (reinterpret_cast<float4 *>(&(value))[0])\n__global__ void k(float *out) {\n  __shared__ float s[128];\n  float4 v = LDST128BITS(s[threadIdx.x * 4]);\n  out[threadIdx.x] = v.x;\n}\n',
      { block: warp },
    );
    expect(report.lines.map((l) => [l.line, l.form, l.column])).toEqual([[4, 'LDS.128', 14]]);
  });

  it('CONFLICT_FREE_OFFSET and MIN', async () => {
    const report = await analyzeOk(
      '#define LOG_NUM_BANKS 5\n#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)\n#define MIN(a, b) ((a) < (b) ? (a) : (b))\n__global__ void k() {\n  __shared__ float s[80];\n  int ai = MIN(threadIdx.x * 2, 63);\n  s[ai + CONFLICT_FREE_OFFSET(ai)] = 0;\n}\n',
      { block: warp },
    );
    // Elements 0, 2 … 30, then 33, 35 … 63: the offset moves the second half onto the odd banks.
    expect(summarize(report)).toEqual(['7 store float: 1 × → 1/1']);
  });

  it('a macro as a template argument', async () => {
    const report = await analyzeOk(
      '#define WARP_SIZE 32\ntemplate <int N> __device__ int lane(int i) { return i % N; }\n__global__ void k() {\n  __shared__ float s[32];\n  s[lane<WARP_SIZE>(threadIdx.x)] = 0;\n}\n',
      { block: warp },
    );
    expect(summarize(report)).toEqual(['5 store float: 1 × → 1/1']);
  });

  it('a kernel #included from a file the launch gives, its report at the #include', async () => {
    const report = await analyzeOk(
      '#include "tile.cuh"\n__global__ void k() {\n  __shared__ float s[TILE];\n  s[threadIdx.x] = 0;\n}\n',
      {
        block: warp,
        includes: { file: 'k.cu', files: { 'tile.cuh': '#pragma once\n#define TILE 32\n' } },
      },
    );
    expect(report.arrays[0].dims).toEqual([32]);
  });
});

describe('the form’s fields come from the preprocessed source', () => {
  it('a kernel chosen by #if, its parameter typed by a macro, with -D choosing the other', async () => {
    const source =
      '#define INDEX int\n#ifdef WIDE\n__global__ void wide(INDEX n) {}\n#else\n__global__ void narrow(INDEX m) {}\n#endif\n';
    const parse = await getKernelParser();
    const describe = (defines?: Record<string, string>) =>
      getKernelSignatures(source, parse, { defines }).map(
        (k) => `${k.name}(${k.parameters.map((p) => `${p.kind} ${p.name}`).join()})`,
      );
    expect([describe(), describe({ WIDE: '1' })]).toEqual([['narrow(int m)'], ['wide(int n)']]);
  });
});

describe("the preprocessor's errors, all at once and where they are written", () => {
  it('every error at once, each at its line and column', async () => {
    expect(
      await errorsOf(
        '#if 1 +\n#endif\n#include "gone.h"\n#define F(a) a\nint x = F(1, 2);\n#error fix the others first\n',
      ),
    ).toEqual([
      '-:1:2: #if ends where a value is expected: finish the condition',
      '-:3:10: cannot find "gone.h", which the kernel includes: give the checker that file too',
      '-:5:9: F takes 1 argument, and 2 are given here: see its #define at line 4',
      '-:6:1: #error fix the others first (the file stops the build with these macros: check the -D defines and --arch given)',
    ]);
  });

  it("an error in a macro's text is at its use, naming its #define", async () => {
    expect(
      await errorsOf(
        '#define BAD(i) s[(i) +]\n__global__ void k() {\n  __shared__ float s[32];\n  BAD(threadIdx.x) = 0;\n}\n',
      ),
    ).toEqual(['-:4:3: a syntax error: this does not read as C++ here (in BAD, defined at line 1)']);
  });

  it('an error in an included file names that file', async () => {
    const errors = await errorsOf('#include "bad.h"\n__global__ void k() {}\n', {
      block: warp,
      includes: { file: 'k.cu', files: { 'bad.h': 'int a;\n#if\n#endif\n' } },
    });
    expect(errors).toEqual(['bad.h:2:2: #if needs a condition: write an integer expression after it']);
  });

  // Thirty doublings would be a billion tokens: the cap stops it in a few seconds on a busy machine.
  it('a macro that multiplies itself is stopped, not run for ever', { timeout: 20_000 }, async () => {
    const doublings = Array.from({ length: 30 }, (_, i) => `#define X${i + 1} X${i} X${i}`);
    const errors = await errorsOf(['#define X0 x', ...doublings, 'int a = X30;', ''].join('\n'));
    expect(errors).toEqual(['-:32:9: X30 expands to over 200,000 tokens: check how the macros it uses nest']);
  });
});
