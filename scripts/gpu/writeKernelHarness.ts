import { resolve } from 'node:path';
import type { KernelReport } from '../../src/engine';

/** Shared memory a block may have on compute capability 9.0, static and dynamic together. */
const MAX_BLOCK_SHARED = 227 * 1024;

/**
 * Bytes for each global buffer the kernel gets: 16 bytes for each element of a square of the
 * largest integer argument (1,024 at least), from 1 MiB to 256 MiB; the one block launched reads
 * and writes well inside that for the kernels the analyzer runs.
 */
export function getBufferBytes(report: KernelReport): number {
  const largest = Math.max(1024, ...Object.values(report.args).filter((v): v is number => typeof v === 'number'));
  return Math.min(256 * 2 ** 20, Math.max(2 ** 20, 16 * largest * largest));
}

/** Where the static arrays end: the dynamic ones start past them. */
const getStaticBytes = (report: KernelReport) =>
  Math.max(0, ...report.arrays.filter((a) => !a.dynamic).map((a) => a.base + a.bytes));

/** The dynamic shared memory the launch gives the kernel's `extern __shared__` arrays, as the analysis laid them out. */
export function getDynamicBytes(report: KernelReport): number {
  const dynamic = report.arrays.filter((a) => a.dynamic);
  if (dynamic.length === 0) return 0;
  return Math.min(
    MAX_BLOCK_SHARED - getStaticBytes(report),
    Math.max(...dynamic.map((a) => a.base + a.bytes)) - Math.min(...dynamic.map((a) => a.base)),
  );
}

/**
 * `harness.cu`: the user's file included whole (its own `main`, if any, renamed away) and a `main`
 * that launches one block of the kernel with the report's block and arguments, every pointer a
 * zeroed global buffer, every other parameter the value given or a zero of its type.
 */
export function writeKernelHarness(report: KernelReport, file: string): string {
  const template = report.template.length
    ? `<${report.template.map((name) => String(report.args[name])).join(', ')}>`
    : '';
  const pointers = report.parameters.filter((p) => p.kind === 'pointer');
  const args = report.parameters.map((p) => {
    if (p.kind === 'pointer') return `AnyPointer{buffers[${pointers.indexOf(p)}]}`;
    const given = report.args[p.name];
    return p.kind === 'int' ? `${typeof given === 'number' ? given : 0}` : 'AnyValue{}';
  });
  const { x, y, z } = report.block;
  return `// Written by \`npm run gpu:check -- --kernel\`: one block of ${report.kernel}, as the analysis ran it.
#define main bank_conflict_player_users_main
#include "${resolve(file).replace(/["\\]/g, (c) => `\\${c}`)}"
#undef main
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                                  \\
  do {                                                                               \\
    cudaError_t status_ = (call);                                                    \\
    if (status_ != cudaSuccess) {                                                    \\
      std::fprintf(stderr, "%s failed: %s\\n", #call, cudaGetErrorString(status_));   \\
      std::exit(2);                                                                  \\
    }                                                                                \\
  } while (0)

// A zeroed global buffer for any pointer parameter, and a zero for any other value.
struct AnyPointer {
  void* p;
  template <class T> operator T*() const { return static_cast<T*>(p); }
};
struct AnyValue {
  template <class T> operator T() const { return T{}; }
};

int main() {
  const size_t bytes = ${getBufferBytes(report)}ul;
  void* buffers[${Math.max(1, pointers.length)}] = {};
  for (int i = 0; i < ${pointers.length}; ++i) {
    CHECK(cudaMalloc(&buffers[i], bytes));
    CHECK(cudaMemset(buffers[i], 0, bytes));
  }
  auto kernel = ${report.kernel}${template};
  // What the analysis assumed the extern arrays reach (up to compute capability 9.0's 227 KB); a GPU
  // that allows a block less gets what it allows, and says so.
  const int assumed = ${getDynamicBytes(report)};
  int optin = 0;
  CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  const int dynamicBytes = std::min(assumed, optin - ${getStaticBytes(report)});
  if (dynamicBytes < assumed)
    std::printf("this GPU gives a block %d bytes of dynamic shared memory, where the analysis assumed %d\\n", dynamicBytes, assumed);
  CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, dynamicBytes));
  kernel<<<1, dim3(${x}, ${y}, ${z}), dynamicBytes>>>(${args.join(', ')});
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::printf("one block of ${report.kernel} ran\\n");
  return 0;
}
`;
}
