// The bank-conflict player's hardware probe: one kernel launch per access of `probes.h` (written
// by `npm run gpu:check` from the engine's addresses). In each launch one warp of the block makes
// the probe's instruction (a load, a store or an ldmatrix) once, at the engine's byte addresses.
// The launch makes other shared-memory instructions too (a load probe's fill stores, a store
// probe's copy-out loads), never of the probe's own kind: what is measured is that kind's
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

enum Op { kLoad = 0, kStore = 1, kLdmatrix = 2 };

struct Probe {
  const char* name;
  int op;
  int bytes;      // per lane: 1, 2, 4, 8 or 16 (16 for an ldmatrix row)
  int matrices;   // ldmatrix's .x1, .x2 or .x4; 1 otherwise
  int block[3];   // blockDim
  int warp;       // the warp of the block that makes the access
  int offsets[32];  // each lane's first byte in shared memory; -1: inactive
  int sharedBytes;
  int rounds;     // the engine's rounds, printed beside the measurement
};

#include "probes.h"

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

// One load of sizeof(T) bytes a lane: LDS.U8, .U16, .32, .64 or .128.
template <typename T>
__global__ void probeLoad(const int* offsets, int warp, int sharedBytes, unsigned char* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  fillShared(smem, sharedBytes);
  __syncthreads();
  const int t = linearThread();
  if (t / kWarp != warp) return;
  const int lane = t % kWarp;
  const int offset = offsets[lane];
  if (offset < 0) return;
  const T value = *reinterpret_cast<const T*>(smem + offset);
  *reinterpret_cast<T*>(out + lane * 16) = value;
}

// A value of T whose every byte is `b`, built in registers so the store is one instruction.
template <typename T>
__device__ inline T everyByte(unsigned b) {
  return static_cast<T>(0x01010101u * b);
}
template <>
__device__ inline uint2 everyByte<uint2>(unsigned b) {
  return make_uint2(0x01010101u * b, 0x01010101u * b);
}
template <>
__device__ inline uint4 everyByte<uint4>(unsigned b) {
  const unsigned w = 0x01010101u * b;
  return make_uint4(w, w, w, w);
}

// One store a lane of sizeof(T) bytes, each byte lane + 1; then the whole buffer goes out, read
// with loads (which the store counters do not count).
template <typename T>
__global__ void probeStore(const int* offsets, int warp, int sharedBytes, unsigned char* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  const int t = linearThread();
  if (t / kWarp == warp) {
    const int lane = t % kWarp;
    const int offset = offsets[lane];
    if (offset >= 0) {
      *reinterpret_cast<T*>(smem + offset) = everyByte<T>(static_cast<unsigned>(lane + 1));
    }
  }
  __syncthreads();
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  for (int i = t; i < sharedBytes; i += threads) out[i] = smem[i];
}

// One ldmatrix.x<M>: lanes 0 .. 8M-1 give the row addresses; every lane gets M registers.
template <int M>
__global__ void probeLdmatrix(const int* offsets, int warp, int sharedBytes, unsigned char* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  fillShared(smem, sharedBytes);
  __syncthreads();
  const int t = linearThread();
  if (t / kWarp != warp) return;
  const int lane = t % kWarp;
  const int offset = offsets[lane] < 0 ? 0 : offsets[lane];
  const unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(smem + offset));
  unsigned r[4] = {0, 0, 0, 0};
  if constexpr (M == 1) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(r[0]) : "r"(address));
  } else if constexpr (M == 2) {
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];"
                 : "=r"(r[0]), "=r"(r[1])
                 : "r"(address));
  } else {
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(address));
  }
  for (int j = 0; j < M; ++j) std::memcpy(out + lane * 16 + j * 4, &r[j], 4);
}

using Kernel = void (*)(const int*, int, int, unsigned char*);

static Kernel kernelFor(const Probe& p) {
  if (p.op == kLdmatrix) return p.matrices == 1 ? probeLdmatrix<1> : p.matrices == 2 ? probeLdmatrix<2> : probeLdmatrix<4>;
  const bool load = p.op == kLoad;
  switch (p.bytes) {
    case 1: return load ? probeLoad<unsigned char> : probeStore<unsigned char>;
    case 2: return load ? probeLoad<unsigned short> : probeStore<unsigned short>;
    case 4: return load ? probeLoad<unsigned> : probeStore<unsigned>;
    case 8: return load ? probeLoad<uint2> : probeStore<uint2>;
    default: return load ? probeLoad<uint4> : probeStore<uint4>;
  }
}

// Whether what came back is what the probe's addresses give: the bytes each lane loaded, each
// stored byte one of the values its lanes wrote (which one lands is undefined), each ldmatrix
// register the two halves of its row that PTX assigns to the lane.
static bool checkProbe(const Probe& p, const unsigned char* out) {
  if (p.op == kLoad) {
    for (int lane = 0; lane < kWarp; ++lane) {
      if (p.offsets[lane] < 0) continue;
      for (int i = 0; i < p.bytes; ++i)
        if (out[lane * 16 + i] != patternAt(p.offsets[lane] + i)) return false;
    }
    return true;
  }
  if (p.op == kStore) {
    for (int lane = 0; lane < kWarp; ++lane) {
      if (p.offsets[lane] < 0) continue;
      for (int i = 0; i < p.bytes; ++i) {
        const int at = p.offsets[lane] + i;
        bool written = false;
        for (int other = 0; other < kWarp; ++other) {
          const int o = p.offsets[other];
          if (o >= 0 && at >= o && at < o + p.bytes && out[at] == other + 1) written = true;
        }
        if (!written) return false;
      }
    }
    return true;
  }
  for (int lane = 0; lane < kWarp; ++lane) {
    for (int j = 0; j < p.matrices; ++j) {
      const int row = p.offsets[j * 8 + lane / 4];
      for (int i = 0; i < 4; ++i)
        if (out[lane * 16 + j * 4 + i] != patternAt(row + (lane % 4) * 4 + i)) return false;
    }
  }
  return true;
}

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
    const Kernel kernel = kernelFor(p);
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kMaxShared));
    CHECK(cudaMemcpy(offsets, p.offsets, kWarp * sizeof(int), cudaMemcpyHostToDevice));
    // The sentinel: a kernel that never ran leaves zeros, which no probe reads or writes.
    CHECK(cudaMemset(out, 0, kMaxShared));
    kernel<<<1, dim3(p.block[0], p.block[1], p.block[2]), p.sharedBytes>>>(offsets, p.warp, p.sharedBytes, out);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(host, out, kMaxShared, cudaMemcpyDeviceToHost));
    const bool right = checkProbe(p, host);
    if (!right) ++wrong;
    std::printf("probe %d %s: %s\n", i, right ? "ok" : "wrong", p.name);
  }
  CHECK(cudaFree(offsets));
  CHECK(cudaFree(out));
  std::printf("%d of %d probes checked their values\n", count - wrong, count);
  return wrong == 0 ? 0 : 1;
}
