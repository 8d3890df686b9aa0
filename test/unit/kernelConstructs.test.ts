import { describe, expect, it } from 'vitest';
import { analyze, summarize } from '../support/kernelAnalyzer';

// One row per construct of the subset docs/kernels.md lists: a small kernel and its exact report
// (each line's executions, rounds and ideal, and the total) or its exact refusal. The rewrite of
// the interpreter is held to these.

const warp = { x: 32, y: 1, z: 1 };

/** A kernel around `body` (its first line is line 3), with `head` above it. */
const kernel = (body: string, head = '', params = 'float *out') =>
  `${head}\n__global__ void k(${params}) {\n${body}\n}\n`;

/** The report as lines of `line op type: executions × → rounds/ideal`, then the total; or `line:column: message`. */
async function outcome(source: string, launch: Parameters<typeof analyze>[1] = { block: warp }) {
  const result = await analyze(source, launch);
  if (!result.ok) return result.errors.map((e) => `${e.line}:${e.column}: ${e.message}`);
  const { executions, rounds, ideal } = result.report.total;
  return [...summarize(result.report), `total ${executions} × → ${rounds}/${ideal}`];
}

interface Row {
  readonly construct: string;
  readonly source: string;
  readonly launch?: Parameters<typeof analyze>[1];
  readonly expected: readonly string[];
}

const ROWS: readonly Row[] = [
  {
    construct: 'an object-like #define',
    source: kernel(
      'float v = 1;\n__shared__ float s[N];\ns[threadIdx.x] = v;\nout[0] = s[threadIdx.x];',
      '#define N 32',
    ),
    expected: ['5 store float: 1 × → 1/1', '6 load float: 1 × → 1/1', 'total 2 × → 2/2'],
  },
  {
    construct: 'a #define pasted as C pastes it (N * 2 is 16 + 16 * 2: 48 elements, and lane 31 still fits)',
    source: kernel('__shared__ float s[N * 2];\ns[threadIdx.x] = 1;', '#define N 16 + 16'),
    expected: ['4 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'a const and a constexpr integer',
    source: kernel('const int W = 32;\nconstexpr int P = W + 1;\n__shared__ float s[W * P];\ns[threadIdx.x * P] = 1;'),
    expected: ['6 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'a __device__ function run inline',
    source: kernel(
      '__shared__ float s[64];\nstore(s, threadIdx.x * 2);',
      '__device__ void store(float *p, int i) { p[i] = 1; }',
    ),
    expected: ['4 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'a template with an integer parameter',
    source: kernel(
      '__shared__ float s[64];\nstore<2>(s);',
      'template <int S> __device__ void store(float *p) { p[threadIdx.x * S] = 1; }',
    ),
    expected: ['4 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'a template with a type parameter',
    source: kernel(
      '__shared__ double s[32];\nstore<double>(s);',
      'template <typename T> __device__ void store(T *p) { p[threadIdx.x] = 1; }',
    ),
    expected: ['4 store double: 1 × → 2/2', 'total 1 × → 2/2'],
  },
  {
    construct: 'a kernel template parameter given as an argument',
    source: kernel('__shared__ float s[32 * S];\ns[threadIdx.x * S] = 1;', 'template <int S>', 'float *out'),
    launch: { block: { x: 32, y: 1, z: 1 }, args: { S: 4 } },
    expected: ['4 store float: 1 × → 4/1', 'total 1 × → 4/1'],
  },
  {
    construct: 'a two-dimensional shared array',
    source: kernel('__shared__ float t[32][33];\nt[threadIdx.x][0] = 1;\nout[0] = t[0][threadIdx.x];'),
    expected: ['4 store float: 1 × → 1/1', '5 load float: 1 × → 1/1', 'total 2 × → 2/2'],
  },
  {
    construct: '__align__ and a __half2 array',
    source: kernel('__shared__ __align__(16) __half2 h[64];\nh[threadIdx.x * 2] = h[0];'),
    expected: ['4 load half2: 1 × → 1/1', '4 store half2: 1 × → 2/1', 'total 2 × → 3/2'],
  },
  {
    construct: 'extern __shared__ (dynamic)',
    source: kernel('extern __shared__ float d[];\nd[threadIdx.x * 4] = 1;', '', 'float *out'),
    launch: { block: { x: 32, y: 1, z: 1 }, dynamicSharedBytes: 512 },
    expected: ['4 store float: 1 × → 4/1', 'total 1 × → 4/1'],
  },
  {
    construct: 'a __shared__ scalar',
    source: kernel('__shared__ int total;\nif (threadIdx.x == 0) total = 0;\nout[0] = total;'),
    expected: ['4 store int: 1 × → 1/1', '5 load int: 1 × → 1/1', 'total 2 × → 2/2'],
  },
  {
    construct: 'int overflow (refused)',
    source: kernel('int big = 2147483647;\nint x = big + (int)threadIdx.x;\n__shared__ float s[32];\ns[x & 31] = 1;'),
    expected: [
      '4:9: big + (int)threadIdx.x overflows int (2147483648), which C leaves undefined for lane 1 of warp 0 (thread 1)',
    ],
  },
  {
    construct: 'unsigned wraps modulo 2^32',
    source: kernel('__shared__ float s[32];\nunsigned u = 0u - 1u;\ns[(u + threadIdx.x + 1) % 32] = 1;'),
    expected: ['5 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'a 64-bit value past 2^53 (refused)',
    source: kernel('long long x = 1LL << 62;\nlong long y = x * 4;\n__shared__ float s[32];\ns[threadIdx.x] = y;'),
    expected: [
      '3:15: 1LL << 62 is past 2^53, beyond what the analyzer follows exactly for lane 0 of warp 0 (thread 0)',
    ],
  },
  {
    construct: 'a pointer into shared memory',
    source: kernel('__shared__ float s[64];\nfloat *p = s + 32;\np[threadIdx.x] = 1;\n*(p - 32) = 2;'),
    expected: ['5 store float: 1 × → 1/1', '6 store float: 1 × → 1/1', 'total 2 × → 2/2'],
  },
  {
    construct: 'reinterpret_cast<float4 *>(p)[i]',
    source: kernel('__shared__ float s[128];\nfloat4 v = reinterpret_cast<float4 *>(s)[threadIdx.x];\nout[0] = v.x;'),
    expected: ['4 load float4: 1 × → 4/4', 'total 1 × → 4/4'],
  },
  {
    construct: '*(float4 *)&a[r][c]',
    source: kernel(
      '__shared__ float a[8][128];\n*(float4 *)&a[threadIdx.x / 8][(threadIdx.x % 8) * 4] = make_float4(0, 0, 0, 0);',
    ),
    expected: ['4 store float4: 1 × → 4/4', 'total 1 × → 4/4'],
  },
  {
    construct: 'v.x of a vector in shared memory',
    source: kernel('__shared__ float2 v[32];\nout[0] = v[threadIdx.x].y;'),
    expected: ['4 load float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'a reference to a local and to shared memory',
    source: kernel('__shared__ float s[64];\nint i = threadIdx.x;\nint &r = i;\nr = r * 2;\nfloat &f = s[i];\nf = 1;'),
    expected: ['8 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'threadIdx, blockIdx, blockDim, gridDim and warpSize',
    source: kernel(
      '__shared__ int s[128];\ns[threadIdx.y * blockDim.x + threadIdx.x + blockIdx.x + gridDim.x - 1 + warpSize - 32] = 1;',
      '',
      'float *out',
    ),
    launch: { block: { x: 32, y: 4, z: 1 } },
    expected: ['4 store int: 4 × → 4/4', 'total 4 × → 4/4'],
  },
  {
    construct: 'for',
    source: kernel('__shared__ float s[256];\nfor (int i = 0; i < 4; i++)\n  s[threadIdx.x * 2 + i] = 1;'),
    expected: ['5 store float: 4 × → 8/4', 'total 4 × → 8/4'],
  },
  {
    construct: 'while',
    source: kernel('__shared__ float s[128];\nint i = 0;\nwhile (i < 3) {\n  s[threadIdx.x * 4 + i] = 1;\n  i++;\n}'),
    expected: ['6 store float: 3 × → 12/3', 'total 3 × → 12/3'],
  },
  {
    construct: 'do … while',
    source: kernel('__shared__ float s[128];\nint i = 5;\ndo {\n  s[threadIdx.x * 4] = 1;\n  i++;\n} while (i < 3);'),
    expected: ['6 store float: 1 × → 4/1', 'total 1 × → 4/1'],
  },
  {
    construct: 'if and else',
    source: kernel(
      '__shared__ float s[64];\nif (threadIdx.x < 16)\n  s[threadIdx.x] = 1;\nelse\n  s[threadIdx.x * 2] = 2;',
    ),
    expected: ['5 store float: 1 × → 1/1', '7 store float: 1 × → 1/1', 'total 2 × → 2/2'],
  },
  {
    construct: '?: choosing an address',
    source: kernel('__shared__ float s[64];\ns[threadIdx.x < 8 ? threadIdx.x : threadIdx.x * 2] = 1;'),
    expected: ['4 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: '&& and || short-circuit',
    source: kernel(
      '__shared__ float s[64];\nif (threadIdx.x > 3 && threadIdx.x < 8 || threadIdx.x == 31)\n  s[threadIdx.x] = 1;',
    ),
    expected: ['5 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'break',
    source: kernel(
      '__shared__ float s[64];\nfor (int i = 0; i < 8; i++) {\n  if (i == threadIdx.x % 4) break;\n  s[threadIdx.x] = i;\n}',
    ),
    expected: ['6 store float: 3 × → 3/3', 'total 3 × → 3/3'],
  },
  {
    construct: 'continue',
    source: kernel(
      '__shared__ float s[64];\nfor (int i = 0; i < 4; i++) {\n  if (i % 2 == 1) continue;\n  s[threadIdx.x * 2] = i;\n}',
    ),
    expected: ['6 store float: 2 × → 4/2', 'total 2 × → 4/2'],
  },
  {
    construct: 'return',
    source: kernel('__shared__ float s[64];\nif (threadIdx.x >= 8) return;\ns[threadIdx.x * 4] = 1;'),
    expected: ['5 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: '__syncthreads and the other barriers',
    source: kernel(
      '__shared__ float s[32];\ns[threadIdx.x] = 1;\n__syncthreads();\n__syncwarp();\n__threadfence_block();\nout[0] = s[31 - threadIdx.x];',
    ),
    expected: ['4 store float: 1 × → 1/1', '8 load float: 1 × → 1/1', 'total 2 × → 2/2'],
  },
  {
    construct: 'min, max and abs of integers',
    source: kernel('__shared__ float s[64];\ns[min((int)threadIdx.x, 7) + max(0, abs(2 - 4))] = 1;'),
    expected: ['4 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'a signed literal, which the parser reads as one number: abs(-2), -1 + 3, +4',
    source: kernel('__shared__ float s[96];\ns[threadIdx.x * abs(-2) + (-1 + 3) + +4] = 1;'),
    expected: ['4 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'a product in parentheses the parser reads as a cast, (a * (b)) + c, (a * (b)) - 1, (a * (b)) * c',
    source: kernel(
      'const int a = threadIdx.x, b = 2, c = 3;\n__shared__ float s[256];\ns[(a * (b)) + c] = 1;\ns[(a * (b)) - 1 + 1] = 1;\ns[(a * (b)) * c] = 1;',
    ),
    // 2a + 3, 2a and 6a: two lanes on a bank in each (5a, were + c read inside the product, would be one).
    expected: ['5 store float: 1 × → 2/1', '6 store float: 1 × → 2/1', '7 store float: 1 × → 2/1', 'total 3 × → 6/3'],
  },
  {
    construct: 'such a cast as the operand of a tighter operator, refused with the way out',
    source: kernel('const int a = threadIdx.x, b = 2;\n__shared__ float s[256];\ns[(a * (b)) + a * 2] = 1;'),
    expected: [
      '5:3: the C++ parser reads (a * (b)) as a cast here (it cannot tell a variable from a type): write ((a * (b))) to keep it a product',
    ],
  },
  {
    construct: 'sizeof',
    source: kernel('__shared__ double s[64];\ns[threadIdx.x * sizeof(float) / sizeof(int)] = sizeof(s);'),
    expected: ['4 store double: 1 × → 2/2', 'total 1 × → 2/2'],
  },
  {
    construct: '__cvta_generic_to_shared and asm ld.shared',
    source: kernel(
      '__shared__ float s[64];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 2]);\nfloat v;\nasm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(a));\nout[0] = v;',
    ),
    expected: ['6 load float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'asm st.shared.v2 with an offset',
    source: kernel(
      '__shared__ float s[128];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 2]);\nasm volatile("st.shared.v2.f32 [%0+8], {%1, %2};" :: "r"(a), "f"(1.0f), "f"(2.0f));',
    ),
    expected: ['5 store float2: 1 × → 2/2', 'total 1 × → 2/2'],
  },
  {
    construct: 'asm ldmatrix.x4',
    source: kernel(
      '__shared__ __half s[32 * 64];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 64]);\nunsigned r0, r1, r2, r3;\nasm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];" : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));',
    ),
    expected: ['6 ldmatrix half: 1 × → 32/4', 'total 1 × → 32/4'],
  },
  {
    construct: 'asm stmatrix.x4: ldmatrix’s rows, stored (rows 128 bytes apart: 8 rounds a matrix)',
    source: kernel(
      '__shared__ __half s[32 * 64];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 64]);\nunsigned r0 = 1, r1 = 2, r2 = 3, r3 = 4;\nasm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" :: "r"(a), "r"(r0), "r"(r1), "r"(r2), "r"(r3));',
    ),
    expected: ['6 stmatrix half: 1 × → 32/4', 'total 1 × → 32/4'],
  },
  {
    construct: 'stmatrix.x2.trans on shared::cta through a macro, qualifiers in another order (rows 16 bytes apart)',
    source: kernel(
      '__shared__ __half s[32 * 8];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 8]);\nSTSM_X2_T(a, 1u, 2u);',
      '#define STSM_X2_T(addr, x, y) asm volatile("stmatrix.sync.aligned.x2.trans.m8n8.shared::cta.b16 [%0], {%1, %2};" :: "r"(addr), "r"(x), "r"(y))',
    ),
    expected: ['5 stmatrix half: 1 × → 2/2', 'total 1 × → 2/2'],
  },
  {
    construct: 'stmatrix inside a __device__ helper, counted at the kernel’s call line',
    source: kernel(
      '__shared__ __half s[8 * 64];\nstoreRows(__cvta_generic_to_shared(&s[(threadIdx.x % 8) * 64]), 7u);',
      '__device__ void storeRows(unsigned addr, unsigned r) {\n  asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" :: "r"(addr), "r"(r));\n}',
    ),
    expected: ['6 stmatrix half: 1 × → 8/1', 'total 1 × → 8/1'],
  },
  {
    construct: 'cuda::ptx::stmatrix_m8n8_trans: as many matrices as its array has registers',
    source: kernel(
      '__shared__ __half s[32 * 64];\nunsigned r[2] = {1, 2};\ncuda::ptx::stmatrix_m8n8_trans(&s[threadIdx.x * 64], r);',
    ),
    expected: ['5 stmatrix half: 1 × → 16/2', 'total 1 × → 16/2'],
  },
  {
    construct: 'cuda::ptx::stmatrix_m8n8 given no array of registers (refused)',
    source: kernel(
      '__shared__ __half s[32 * 64];\nunsigned r = 1;\ncuda::ptx::stmatrix_m8n8(&s[threadIdx.x * 64], r);',
    ),
    expected: [
      '5:1: cuda::ptx::stmatrix_m8n8(&s[threadIdx.x * 64], r): its registers must be an array of 1, 2 or 4 (uint32_t r[4])',
    ],
  },
  {
    construct: 'stmatrix of another shape (refused)',
    source: kernel(
      '__shared__ char s[32 * 16];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 16]);\nasm volatile("stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%0], {%1};" :: "r"(a), "r"(1u));',
    ),
    expected: [
      '5:1: stmatrix.sync.aligned.m16n8.x1.trans.shared.b8: only stmatrix.sync.aligned.m8n8.x1|x2|x4[.trans].shared.b16 is modelled',
    ],
  },
  {
    construct: '+= and ++ on shared memory',
    source: kernel('__shared__ int s[64];\ns[threadIdx.x] += 2;\ns[threadIdx.x * 2]++;'),
    expected: [
      '4 load int: 1 × → 1/1',
      '4 store int: 1 × → 1/1',
      '5 load int: 1 × → 2/1',
      '5 store int: 1 × → 2/1',
      'total 4 × → 6/4',
    ],
  },
  {
    construct: 'switch (refused)',
    source: kernel('__shared__ float s[32];\nswitch (threadIdx.x) { case 0: s[0] = 1; }'),
    expected: ['4:1: switch (write it with if and else) is outside the subset the analyzer runs'],
  },
  {
    construct: 'atomics on shared memory (refused)',
    source: kernel('__shared__ int c[32];\natomicAdd(&c[0], 1);'),
    expected: [
      '4:1: atomicAdd(&c[0], 1): atomics on shared memory are outside the model (they are not plain loads and stores)',
    ],
  },
  {
    construct: 'a subscript outside its dimension (refused)',
    source: kernel('__shared__ float t[8][8];\nt[0][threadIdx.x] = 1;'),
    expected: ['4:1: t[0][threadIdx.x]: the subscript is 8 for lane 8 (thread 8), outside 0–7'],
  },
  {
    construct: 'a loop past the step budget (refused)',
    source: kernel(
      '__shared__ float s[32];\nint i = 0;\nwhile (i >= 0) { s[threadIdx.x] = i; i = i % 7; }',
      '',
      'float *out',
    ),
    launch: { block: { x: 32, y: 1, z: 1 }, stepBudget: 5000 },
    expected: [
      '5:1: this loop ran past the step budget of 5,000 steps (statements and loop rounds of every warp) or 600 s, whichever comes first (here the steps): if it should end, check its condition; if the kernel is this long, give the loop smaller bounds',
    ],
  },
  {
    construct: 'a function in a namespace, called as ns::f',
    source: kernel(
      '__shared__ float s[64];\nwt::put(s, threadIdx.x * 2);',
      'namespace wt {\n__device__ void put(float *p, int i) { p[i] = 1; }\n}',
    ),
    expected: ['6 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'using namespace and a using-declaration',
    source: kernel(
      'using wt::put;\n__shared__ float s[64];\nput(s, threadIdx.x * 2);',
      'namespace wt {\n__device__ void put(float *p, int i) { p[i] = 1; }\n}\nusing namespace wt;',
    ),
    expected: ['8 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'INFINITY, NAN, FLT_MAX, CUDART_INF_F as data; NULL and nullptr as pointers',
    source: kernel(
      '__shared__ float s[32];\nfloat m = -INFINITY;\nfloat n = FLT_MAX + NAN + CUDART_INF_F;\ns[threadIdx.x] = m + n;\nfloat *p = NULL;\nfloat *q = nullptr;',
    ),
    expected: ['6 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'a call the analyzer does not run, given a shared pointer (refused, never a silent zero)',
    source: kernel('__shared__ float s[64];\ntouch(&s[threadIdx.x * 2]);'),
    expected: [
      "4:1: touch(&s[threadIdx.x * 2]): touch is given a pointer into shared memory (s), and the analyzer does not run it (it is not a function of this file nor one of CUDA's it knows): define it in the file as a __device__ function",
    ],
  },
  {
    construct: 'an asm given a shared pointer it does not read as an access (refused, never a silent zero)',
    source: kernel(
      '__shared__ float s[64];\nfloat v;\nasm volatile("ld.f32 %0, [%1];" : "=f"(v) : "l"(&s[threadIdx.x]));',
    ),
    expected: [
      "5:1: asm: &s[threadIdx.x] points into shared memory, and none of the asm's instructions is one the analyzer reads (ld.shared, st.shared, ldmatrix, stmatrix or cp.async, with a [%n] address): its accesses cannot be counted",
    ],
  },
  {
    construct: 'cp.async in inline asm: a write of its width by each lane',
    source: kernel(
      '__shared__ float s[32 * 8];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 8]);\nasm volatile("cp.async.cg.shared.global [%0], [%1], 16;" :: "r"(a), "l"(out));',
    ),
    expected: ['5 cp.async int4: 1 × → 8/4', 'total 1 × → 8/4'],
  },
  {
    construct: 'cp.async.cg with an L2 hint, then commit and wait (which touch no address)',
    source: kernel(
      '__shared__ float s[32 * 4];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 4]);\nasm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;\\n cp.async.commit_group;\\n cp.async.wait_group 0;" :: "r"(a), "l"(out));',
    ),
    expected: ['5 cp.async int4: 1 × → 4/4', 'total 1 × → 4/4'],
  },
  {
    construct: 'cp.async.cg of 8 bytes (refused: .cg copies 16)',
    source: kernel(
      '__shared__ float s[64];\nunsigned a = __cvta_generic_to_shared(&s[threadIdx.x * 2]);\nasm volatile("cp.async.cg.shared.global [%0], [%1], 8;" :: "r"(a), "l"(out));',
    ),
    expected: ['5:1: cp.async.cg.shared.global: its size must be 16 bytes, written as a number'],
  },
  {
    construct: '__pipeline_memcpy_async of 2 bytes (refused)',
    source: kernel('__shared__ short s[64];\n__pipeline_memcpy_async(&s[threadIdx.x], out, 2);'),
    expected: [
      '4:1: __pipeline_memcpy_async(&s[threadIdx.x], out, 2): the size must be 4, 8 or 16 bytes, the same in every lane',
    ],
  },
  {
    construct: '__pipeline_memcpy_async: cp.async of its width by each lane',
    source: kernel(
      '__shared__ float s[64];\n__pipeline_memcpy_async(&s[threadIdx.x * 2], out + threadIdx.x, sizeof(float));\n__pipeline_commit();\n__pipeline_wait_prior(0);',
    ),
    expected: ['4 cp.async int: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct:
      'host code beside the kernel outside the subset (a function pointer’s alias, a variadic template) does not stop it',
    source: kernel(
      '__shared__ float s[32];\ns[threadIdx.x] = 1;',
      'using reduce_t = float (*)(float);\ntemplate <class... Args> float time_it(Args &&...args) { return 0; }',
    ),
    expected: ['5 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'a variadic template the kernel calls (refused at its template parameter)',
    source: kernel(
      '__shared__ float s[32];\ns[threadIdx.x] = first(1, 2);',
      'template <class... Args> __device__ float first(Args... args) { return 0; }',
    ),
    expected: ['1:11: the template parameter class... Args is outside the subset the analyzer runs'],
  },
  {
    construct: 'if constexpr on a template parameter: only the arm it takes runs; a namespace alias in the body',
    source:
      'template <bool WIDE>\n__global__ void k(float *out) {\n  namespace cg = cooperative_groups;\n  __shared__ float s[64];\n  if constexpr (WIDE) s[threadIdx.x * 2] = 1;\n  else s[threadIdx.x] = 1;\n}\n',
    launch: { block: warp, args: { WIDE: 1 } },
    expected: ['5 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct:
      'a cast to a typedef the parser reads as a call, (floatX)(v), and values made by braces, cg::plus<float>{} and float4{…}: data',
    source: kernel(
      '__shared__ float s[64];\ns[threadIdx.x] = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), 1.0f, cg::plus<float>{});\nout[threadIdx.x] = (floatX)(s[threadIdx.x * 2] + 1.0f);\nfloat4 q = float4{1.0f, 2.0f, 3.0f, 4.0f};\nout[0] = q.x;',
      'typedef float floatX;\nnamespace cg = cooperative_groups;',
      'floatX *out',
    ),
    expected: ['5 store float: 1 × → 1/1', '6 load float: 1 × → 2/1', 'total 2 × → 3/2'],
  },
  {
    construct: 'two parameters without a value: both asked for at once',
    source: kernel(
      '__shared__ float s[1024];\ns[threadIdx.x * n] = 1;\ns[threadIdx.x * m] = 2;',
      '',
      'float *out, int n, int m',
    ),
    expected: [
      '4:1: s[threadIdx.x * n]: n is a parameter without a value; the address cannot be known without its value: give it one (--arg n=…)',
      '5:1: s[threadIdx.x * m]: m is a parameter without a value; the address cannot be known without its value: give it one (--arg m=…)',
    ],
  },
  {
    construct: 'values for no parameter: each named at once',
    source: kernel('__shared__ float s[32];\ns[threadIdx.x] = 1;'),
    launch: { block: warp, args: { q: 1, r: 2 } },
    expected: ['2:17: k has no parameter q (its parameters: out)', '2:17: k has no parameter r (its parameters: out)'],
  },
  {
    construct: 'two template parameters without a value: both asked for at once',
    source:
      'template <int TILE, typename T>\n__global__ void k(T *out) {\n  __shared__ T s[TILE];\n  s[threadIdx.x] = 1;\n}\n',
    expected: [
      '1:11: TILE, a template parameter of k, has no value: give it one (--arg TILE=…)',
      '1:21: T, a template parameter of k, has no value: give it one (--arg T=float)',
    ],
  },
  {
    construct: 'a launch’s mistakes, each of them at once: a block index outside the grid on two axes',
    source: kernel('__shared__ float s[32];\ns[threadIdx.x] = 1;'),
    launch: { block: warp, grid: { x: 2, y: 1, z: 1 }, blockIdx: { x: 2, y: 1, z: 0 } },
    expected: [
      '1:1: blockIdx.x must be from 0 to 1 in a grid of 2',
      '1:1: blockIdx.y must be from 0 to 0 in a grid of 2',
    ],
  },
  {
    construct: 'cuda::memcpy_async by each lane, through a pipeline: a cp.async of its width by each lane',
    source: kernel(
      '__shared__ float4 s[64];\nauto pipe = cuda::make_pipeline();\npipe.producer_acquire();\ncuda::memcpy_async(&s[threadIdx.x * 2], in + threadIdx.x, cuda::aligned_size_t<16>(sizeof(float4)), pipe);\npipe.producer_commit();\npipe.consumer_wait();',
      '#include <cuda/pipeline>',
      'const float4 *in',
    ),
    expected: ['6 cp.async int4: 1 × → 8/4', 'total 1 × → 8/4'],
  },
  {
    construct: 'cooperative_groups::memcpy_async by a block: its threads copy the 16-byte pieces in turn',
    source: kernel(
      '__shared__ __align__(16) float s[512];\ncg::thread_block cta = cg::this_thread_block();\ncg::memcpy_async(cta, s, in, sizeof(float) * 512);\ncg::wait(cta);',
      '#include <cooperative_groups/memcpy_async.h>\nnamespace cg = cooperative_groups;',
      'const float *in',
    ),
    launch: { block: { x: 64, y: 1, z: 1 } },
    expected: ['6 cp.async int4: 4 × → 16/16', 'total 4 × → 16/16'],
  },
  {
    construct:
      'cooperative_groups::memcpy_async counted in elements, by a tile, at 4 bytes where the destination is not 8-aligned',
    source: kernel(
      '__shared__ float s[512];\ncg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());\ncg::memcpy_async(tile, s + 1 + tile.meta_group_rank() * 128, 64, in, 100);',
      '#include <cooperative_groups/memcpy_async.h>\nnamespace cg = cooperative_groups;',
      'const float *in',
    ),
    launch: { block: { x: 64, y: 1, z: 1 } },
    expected: ['6 cp.async int: 4 × → 4/4', 'total 4 × → 4/4'],
  },
  {
    construct: 'a group’s memcpy_async whose lanes give different destinations (refused)',
    source: kernel(
      '__shared__ float s[512];\ncg::thread_block cta = cg::this_thread_block();\ncg::memcpy_async(cta, &s[threadIdx.x * 4], in, 16);',
      '#include <cooperative_groups/memcpy_async.h>\nnamespace cg = cooperative_groups;',
      'const float *in',
    ),
    expected: [
      '6:1: cg::memcpy_async(cta, &s[threadIdx.x * 4], in, 16): every lane of the group must give the same destination (the group copies together)',
    ],
  },
  {
    construct: 'a branch on data whose arms make no shared access',
    source: kernel(
      '__shared__ float s[32];\nfloat best = -INFINITY;\nint idx = 0;\nfor (int i = 0; i < 4; i++) {\n  float v = out[i];\n  if (v > best) {\n    best = v;\n    idx = i;\n  }\n}\ns[threadIdx.x] = best;',
    ),
    expected: ['13 store float: 1 × → 1/1', 'total 1 × → 1/1'],
  },
  {
    construct: 'an integer set in a branch on data, deciding an address later (refused, naming both)',
    source: kernel(
      '__shared__ float s[32];\nfloat best = -INFINITY;\nint idx = 0;\nfor (int i = 0; i < 4; i++) {\n  float v = out[i];\n  if (v > best) {\n    best = v;\n    idx = i;\n  }\n}\ns[idx] = best;',
    ),
    expected: [
      '13:1: s[idx]: idx comes from v > best (line 8), a branch on data that sets it; the address cannot be known without the data',
    ],
  },
  {
    construct: 'a return in a branch on data (refused at the branch)',
    source: kernel('__shared__ float s[32];\nif (out[threadIdx.x] > 0) return;\ns[threadIdx.x] = 1;'),
    expected: [
      '4:5: out[threadIdx.x] > 0: out[threadIdx.x] is a value in global memory; the branch cannot be known without the data',
    ],
  },
  {
    construct: 'extern __shared__ T a[][N] (dynamic, in rows)',
    source: kernel('extern __shared__ __half sh[][40];\nsh[threadIdx.x][0] = sh[0][threadIdx.x];'),
    launch: { block: { x: 32, y: 1, z: 1 }, dynamicSharedBytes: 4096 },
    expected: ['4 load half: 1 × → 1/1', '4 store half: 1 × → 4/1', 'total 2 × → 5/2'],
  },
  {
    construct: 'vector and struct locals, and __half arithmetic, as data',
    source: kernel(
      '__shared__ float4 s[32];\nfloat4 v = s[threadIdx.x];\nv.x = v.y + 1.0f;\nPair p;\np.a = v.x;\n__half h = __float2half(p.a);\nh = h * h;\ns[threadIdx.x] = v;',
      'struct Pair { float a; float b; };',
    ),
    expected: ['4 load float4: 1 × → 4/4', '10 store float4: 1 × → 4/4', 'total 2 × → 8/8'],
  },
  {
    construct: 'a #define as a template argument',
    source: kernel(
      '__shared__ float s[64];\nput<STRIDE>(s);',
      '#define STRIDE 2\ntemplate <int S> __device__ void put(float *p) { p[threadIdx.x * S] = 1; }',
    ),
    expected: ['5 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'a constexpr as a template argument',
    source: kernel(
      '__shared__ float s[64];\nput<kStride>(s);',
      'constexpr int kStride = 2;\ntemplate <int S> __device__ void put(float *p) { p[threadIdx.x * S] = 1; }',
    ),
    expected: ['5 store float: 1 × → 2/1', 'total 1 × → 2/1'],
  },
  {
    construct: 'a group of auto type from cg::tiled_partition<16>, and a namespace’s template function',
    source: kernel(
      '__shared__ float s[16][64];\nauto tile = cg::tiled_partition<16>(cg::this_thread_block());\ns[tile.meta_group_rank()][tile.thread_rank() * wt::stride<4>()] = 1;',
      '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\nnamespace wt { template <int N> __device__ int stride() { return N; } }',
    ),
    launch: { block: { x: 256, y: 1, z: 1 } },
    expected: ['7 store float: 8 × → 32/8', 'total 8 × → 32/8'],
  },
  {
    construct: 'cooperative groups with their real values',
    source: kernel(
      '__shared__ float s[256];\ncg::thread_block cta = cg::this_thread_block();\nunsigned r = cta.thread_rank();\ns[r] = 1;\ncta.sync();\ncg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);\ns[tile.meta_group_rank() * 32 + tile.thread_rank()] = s[cta.size() - 1 - r] + tile.size();',
      '#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;',
    ),
    launch: { block: { x: 16, y: 16, z: 1 } },
    expected: [
      '7 store float: 8 × → 8/8',
      '10 load float: 8 × → 8/8',
      '10 store float: 8 × → 8/8',
      'total 24 × → 24/24',
    ],
  },
];

describe('each construct of the subset, by its exact report or refusal', () => {
  for (const row of ROWS)
    it(row.construct, async () => {
      expect(await outcome(row.source, row.launch)).toEqual(row.expected);
    });
});
