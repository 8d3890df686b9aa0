import type { OperationProbe } from '../operations';
import { CHECK_WRITTEN_BYTES } from './checkWrittenBytes';

/** A store's probe: one `STS` of 1 to 16 bytes a lane, then the whole buffer written out and checked. */
export default {
  metrics: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum', 'smsp__inst_executed_op_shared_st.sum'],
  cuda: String.raw`
// A value of T whose every byte is b, built in registers so the store is one instruction.
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

static Kernel kernelFor(const Probe& p) {
  switch (p.bytes) {
    case 1: return probeStore<unsigned char>;
    case 2: return probeStore<unsigned short>;
    case 4: return probeStore<unsigned>;
    case 8: return probeStore<uint2>;
    default: return probeStore<uint4>;
  }
}

${CHECK_WRITTEN_BYTES}
`,
} satisfies OperationProbe;
