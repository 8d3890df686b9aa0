// The bank-conflict player's hardware probe: one kernel launch per access of `probes.h` (written
// by `npm run gpu:check` from the engine's addresses, with each operation's kernel and check from
// the engine's table of operations, src/engine/operations.ts). In each launch one warp of the block
// makes the probe's instruction (a load, a store or an ldmatrix) once, at the engine's byte
// addresses. The launch makes other shared-memory instructions too (a load probe's fill stores, a
// store probe's copy-out loads), never of the probe's own kind: what is measured is that kind's
// wavefronts over that kind's instructions, each read from its own counter (the ldsm ones for
// ldmatrix), set beside the engine's rounds. The host checks every value each warp read or wrote:
// a probe whose kernel did not run, or ran at other addresses, fails its check instead of agreeing.
//
// Build: nvcc -std=c++17 -O2 -arch=sm_XY -o probe probe.cu   (probes.h beside it)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t status_ = (call);                                            \
    if (status_ != cudaSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,     \
                   #call, cudaGetErrorString(status_));                      \
      std::exit(2);                                                          \
    }                                                                        \
  } while (0)

struct Probe {
  const char* name;
  int op;         // the operation's index in kOperations
  int bytes;      // per lane: 1, 2, 4, 8 or 16 (16 for an ldmatrix row)
  int matrices;   // ldmatrix's .x1, .x2 or .x4; 1 otherwise
  int block[3];   // blockDim
  int warp;       // the warp of the block that makes the access
  int offsets[32];  // each lane's first byte in shared memory; -1: inactive
  int sharedBytes;
  int rounds;     // the engine's rounds, printed beside the measurement
};

constexpr int kWarp = 32;
constexpr int kMaxShared = 48 * 1024;

// Every byte of shared memory holds a value that is never 0, the output's sentinel.
__host__ __device__ inline unsigned char patternAt(int i) {
  return static_cast<unsigned char>(1 + (i * 7 + 3) % 251);
}

__device__ inline int linearThread() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

__device__ inline void fillShared(unsigned char* smem, int bytes) {
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  for (int i = linearThread(); i < bytes; i += threads) smem[i] = patternAt(i);
}

using Kernel = void (*)(const int*, int, int, unsigned char*);

// One operation of the engine's table: the kernel that makes one such instruction at a probe's
// addresses, and whether what it wrote out is what those addresses hold.
struct Operation {
  Kernel (*kernelFor)(const Probe&);
  bool (*check)(const Probe&, const unsigned char*);
};

// Each operation's code from the engine's table, then kOperations and kProbes.
#include "probes.h"

int main() {
  const int count = static_cast<int>(sizeof kProbes / sizeof kProbes[0]);
  int* offsets = nullptr;
  unsigned char* out = nullptr;
  CHECK(cudaMalloc(&offsets, kWarp * sizeof(int)));
  CHECK(cudaMalloc(&out, kMaxShared));
  static unsigned char host[kMaxShared];
  int wrong = 0;
  for (int i = 0; i < count; ++i) {
    const Probe& p = kProbes[i];
    const Operation& op = kOperations[p.op];
    const Kernel kernel = op.kernelFor(p);
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kMaxShared));
    CHECK(cudaMemcpy(offsets, p.offsets, kWarp * sizeof(int), cudaMemcpyHostToDevice));
    // The sentinel: a kernel that never ran leaves zeros, which no probe reads or writes.
    CHECK(cudaMemset(out, 0, kMaxShared));
    kernel<<<1, dim3(p.block[0], p.block[1], p.block[2]), p.sharedBytes>>>(offsets, p.warp, p.sharedBytes, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(host, out, kMaxShared, cudaMemcpyDeviceToHost));
    const bool right = op.check(p, host);
    if (!right) ++wrong;
    std::printf("probe %d %s: %s\n", i, right ? "ok" : "wrong", p.name);
  }
  CHECK(cudaFree(offsets));
  CHECK(cudaFree(out));
  std::printf("%d of %d probes checked their values\n", count - wrong, count);
  return wrong == 0 ? 0 : 1;
}
