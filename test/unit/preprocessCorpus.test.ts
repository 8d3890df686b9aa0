import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preprocessKernel } from '../../src/engine/kernel/preprocess/preprocessKernel';
import { lexPreprocessorTokens } from '../../src/engine/kernel/preprocess/lexPreprocessorTokens';

// Each case is preprocessed by the checker and by GCC's preprocessor (Debian's cpp, in C++17 as
// nvcc's host side reads it, with nvcc's device macros given), and the two token streams compared.
const hasCpp = spawnSync('cpp', ['--version']).status === 0;
const NVCC = ['-D__CUDACC__=1', '-D__NVCC__=1'];

interface Case {
  readonly main: string;
  /** Other files, by path relative to the main file's directory. */
  readonly files?: Readonly<Record<string, string>>;
  readonly dirs?: readonly string[];
  readonly defines?: Readonly<Record<string, string | null>>;
}

function runCpp(c: Case) {
  const dir = mkdtempSync(join(tmpdir(), 'pp-'));
  for (const [path, text] of Object.entries({ 'main.cu': c.main, ...c.files })) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const arch = c.defines && '__CUDA_ARCH__' in c.defines ? [] : ['-D__CUDA_ARCH__=900'];
  const flags = Object.entries(c.defines ?? {}).map(([k, v]) => (v === null ? `-U${k}` : `-D${k}=${v}`));
  const dirs = (c.dirs ?? []).map((d) => `-I${d}`);
  const run = spawnSync(
    'cpp',
    ['-E', '-P', '-x', 'c++', '-std=c++17', '-undef', ...NVCC, ...arch, ...flags, ...dirs, 'main.cu'],
    { cwd: dir, encoding: 'utf8' },
  );
  return { ok: run.status === 0, text: run.stdout, stderr: run.stderr };
}

function runChecker(c: Case) {
  return preprocessKernel(c.main, c.defines, { file: 'main.cu', files: { ...c.files }, dirs: c.dirs });
}

const tokens = (text: string) => lexPreprocessorTokens('out', text).map((t) => t.text);

/** Both preprocessors accept the case and give the same tokens. */
function agrees(c: Case) {
  const gcc = runCpp(c);
  expect(gcc.stderr).toBe('');
  const ours = runChecker(c);
  expect(ours.errors).toEqual([]);
  expect(tokens(ours.output.text)).toEqual(tokens(gcc.text));
  expect(ours.output.text.split('\n')).toHaveLength(c.main.split('\n').length);
}

/** Both refuse the case, at the same line of the same file. */
function bothRefuse(c: Case, line: number, message: RegExp) {
  const gcc = runCpp(c);
  expect(gcc.ok).toBe(false);
  expect(gcc.stderr).toMatch(new RegExp(`main\\.cu:${line}:`));
  const ours = runChecker(c);
  expect(ours.errors[0]).toMatchObject({ file: 'main.cu', line });
  expect(ours.errors[0].message).toMatch(message);
}

describe.skipIf(!hasCpp)("the preprocessor agrees with GCC's cpp", () => {
  it('an object-like macro with a parenthesized value', () =>
    agrees({ main: '#define SIZE (4 * 16)\nint a[SIZE];\nint b = SIZE*2;\n' }));
  it('a macro whose line ends in a comment', () =>
    agrees({ main: '#define HALO 1 // comment\n#define W 2 /* width */ + 1\nint x = HALO + W;\n' }));
  it('a macro of CUDA qualifiers', () =>
    agrees({
      main: '#define HDI __device__ __host__ inline\nHDI int div_ceil(int a, int b) { return (a + b - 1) / b; }\n',
    }));
  it('#ifdef and #else choose a constant', () =>
    agrees({ main: '#ifdef BIG\n#define BLOCK_SIZE 64\n#else\n#define BLOCK_SIZE 32\n#endif\nint s[BLOCK_SIZE];\n' }));
  it('#ifdef with -D given', () =>
    agrees({
      main: '#ifdef BIG\n#define BLOCK_SIZE 64\n#else\n#define BLOCK_SIZE 32\n#endif\nint s[BLOCK_SIZE];\n',
      defines: { BIG: '1' },
    }));
  it('a kernel inside an include guard, the guard met twice', () =>
    agrees({ main: '#ifndef K_H\n#define K_H\n__global__ void k() {}\n#endif\n#ifndef K_H\nint twice;\n#endif\n' }));
  it('#if inside a function', () =>
    agrees({
      main: 'void f() {\n#if __CUDA_ARCH__ >= 800\n  int a = 1;\n#elif __CUDA_ARCH__ >= 700\n  int a = 2;\n#else\n  int a = 3;\n#endif\n}\n',
    }));
  it('--arch sm_70 as __CUDA_ARCH__=700', () =>
    agrees({
      main: '#if __CUDA_ARCH__ >= 800\nint a = 1;\n#elif __CUDA_ARCH__ >= 700\nint a = 2;\n#endif\n',
      defines: { __CUDA_ARCH__: '700' },
    }));
  it('-U __CUDA_ARCH__ takes the host path', () =>
    agrees({
      main: '#ifdef __CUDA_ARCH__\nint device;\n#else\nint host;\n#endif\n',
      defines: { __CUDA_ARCH__: null },
    }));
  it('a function-like macro used as a statement', () =>
    agrees({ main: '#define TOUCH(p) touch(p)\nvoid f() {\n  TOUCH(&s[threadIdx.x*2]);\n}\n' }));
  it('FLOAT4 and LDST128BITS', () =>
    agrees({
      main: '#define FLOAT4(value) (reinterpret_cast<float4 *>(&(value))[0])\n#define LDST128BITS(value) (reinterpret_cast<float4 *>(&(value))[0])\nFLOAT4(s[tid * 4]) = LDST128BITS(a[i]);\n',
    }));
  it('CONFLICT_FREE_OFFSET', () =>
    agrees({
      main: '#define NUM_BANKS 32\n#define LOG_NUM_BANKS 5\n#define CONFLICT_FREE_OFFSET(n) ((n) >> NUM_BANKS + (n) >> (2 * LOG_NUM_BANKS))\nint ai = CONFLICT_FREE_OFFSET(a + 1);\n',
    }));
  it('MIN nested in itself', () =>
    agrees({ main: '#define MIN(a, b) ((a) < (b) ? (a) : (b))\nint m = MIN(MIN(x, y), z);\n' }));
  it('a macro as a template argument', () =>
    agrees({ main: '#define WARP_SIZE 32\nfloat s = wsum<WARP_SIZE>(x);\nfloat t = wsum<WARP_SIZE/2>(x);\n' }));
  it('# makes a string, escaping quotes and backslashes', () =>
    agrees({ main: '#define S(x) #x\nconst char *a = S(  a  +   "q\\"" \'\\\\\' );\nconst char *b = S();\n' }));
  it('# stops expansion; a second level expands first', () =>
    agrees({ main: '#define N 16\n#define S(x) #x\n#define XS(x) S(x)\nconst char *a = S(N), *b = XS(N);\n' }));
  it('## pastes names and numbers', () =>
    agrees({
      main: '#define CAT(a, b) a##b\n#define XCAT(a, b) CAT(a, b)\n#define N 4\nint CAT(x, 1) = CAT(1, 2) + XCAT(y, N) + CAT(x, N);\n',
    }));
  it('__VA_ARGS__, named variadics and GNU , ## __VA_ARGS__', () =>
    agrees({
      main: '#define F(...) f(__VA_ARGS__)\n#define G(fmt, ...) g(fmt, ## __VA_ARGS__)\n#define H(fmt, args...) h(fmt, args)\nF(1, (2, 3), 4); F(); G(a); G(a, b, c); H(x, y, z);\n',
    }));
  it('a macro is not expanded inside itself', () =>
    agrees({ main: '#define foo foo + 1\n#define a b\n#define b a\nint x = foo; int y = a; int z = b;\n' }));
  it("Prosser's example: f(2)(9)", () => agrees({ main: '#define f(a) a*g\n#define g(a) f(a)\nint x = f(2)(9);\n' }));
  it("the C standard's example of rescanning (6.10.3.5)", () =>
    agrees({
      main: [
        '#define x 3',
        '#define f(a) f(x * (a))',
        '#undef x',
        '#define x 2',
        '#define g f',
        '#define z z[0]',
        '#define h g(~',
        '#define m(a) a(w)',
        '#define w 0,1',
        '#define t(a) a',
        '#define p() int',
        '#define q(x) x',
        '#define r(x,y) x ## y',
        'f(y+1) + f(f(z)) % t(t(g)(0) + t)(1);',
        'g(x+(3,4)-w) | h 5) & m',
        '(f)^m(m);',
        'p() i[q()] = { q(1), r(2,3), r(4,), r(,5), r(,) };',
        '',
      ].join('\n'),
    }));
  it('a function-like macro without ( is a name', () =>
    agrees({ main: '#define f(x) (x + 1)\nint (*p)(int) = f;\nint y = f\n  (2);\n' }));
  it('#if arithmetic: unsigned, shifts, ?:, characters, defined without parentheses', () =>
    agrees({
      main: "#define A 3\n#if -1 > 0u\nint u;\n#endif\n#if (1 << 4) == 16 && 'a' == 97 && defined A && !defined B\nint ok;\n#endif\n#if A > 2 ? 0 : 1\nint no;\n#elif 0x10 == 020 + 2\nint hex;\n#endif\n",
    }));
  it('#if: defined made by a macro, its operand not expanded', () =>
    agrees({
      main: '#define X Y\n#define HAS(m) defined(m)\n#if HAS(X) && !HAS(Z)\nint has;\n#endif\n#if defined X && defined(HAS)\nint both;\n#endif\n',
    }));
  it('#if: an unknown name is 0, true is 1', () =>
    agrees({
      main: '#if UNKNOWN\nint a;\n#elif true\nint b;\n#endif\n#if __cplusplus >= 201703L\nint cpp17;\n#endif\n',
    }));
  it('__LINE__ after a continued line and a macro call over two lines', () =>
    agrees({
      main: '#define L __LINE__\nint a = \\\n  L;\n#define ADD(a, b) a + b\nint b = ADD(1,\n  L);\nint c = __LINE__;\n',
    }));
  it('a continued #define', () => agrees({ main: '#define SUM(a, b) \\\n  ((a) + \\\n   (b))\nint s = SUM(1, 2);\n' }));
  it('#include beside the file, with an include guard, twice', () =>
    agrees({
      main: '#include "common.h"\n#include "common.h"\nint b = TILE;\n',
      files: { 'common.h': '#ifndef COMMON_H\n#define COMMON_H\n#define TILE 32\nint a = TILE;\n#endif\n' },
    }));
  it('#include through -I, with #pragma once', () =>
    agrees({
      main: '#include "util.h"\n#include "util.h"\nint b = W;\n',
      files: { 'inc/util.h': '#pragma once\n#define W 8\nint w = W;\n' },
      dirs: ['inc'],
    }));
  it('#include of a name a macro gives', () =>
    agrees({ main: '#define HEADER "h.h"\n#include HEADER\nint b = H;\n', files: { 'h.h': '#define H 5\n' } }));
  it('an empty argument', () => agrees({ main: '#define ID(x) [x]\n#define TWO(a, b) a|b\nID() TWO(,) TWO(1,)\n' }));
  it('#undef and defining again', () =>
    agrees({ main: '#define N 1\nint a = N;\n#undef N\nint b = N;\n#define N 2\nint c = N;\n' }));
  it('nested conditionals, the outer false', () =>
    agrees({
      main: '#if 0\n#if 1\nint a;\n#else\nint b;\n#endif\n#elif 1\n#ifdef X\nint c;\n#else\nint d;\n#endif\n#endif\n',
    }));

  it('#error', () =>
    bothRefuse({ main: 'int a;\n#if 1\n#error BLOCK must be a power of two\n#endif\n' }, 3, /#error BLOCK/));
  it('an #if not closed', () => bothRefuse({ main: 'int a;\n#ifdef X\nint b;\n' }, 2, /not closed/));
  it('#else after #else', () => bothRefuse({ main: '#if 1\n#else\n#else\n#endif\n' }, 3, /after #else/));
  it('a macro given too many arguments', () =>
    bothRefuse({ main: '#define F(a, b) a + b\nint x = F(1, 2, 3);\n' }, 2, /F takes 2 arguments, and 3 are given/));
  it('an include that is not there, named', () =>
    bothRefuse({ main: 'int a;\n#include "missing.h"\n' }, 2, /cannot find "missing\.h"/));
  it('division by zero in #if', () => bothRefuse({ main: '#define Z 0\n#if 1 / Z\n#endif\n' }, 2, /division by zero/));
});
