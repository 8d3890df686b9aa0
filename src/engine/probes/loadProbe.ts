import type { OperationProbe } from '../operations';

/** A load's probe: one `LDS` of 1 to 16 bytes a lane, each lane's bytes written out and checked. */
export default {
  metrics: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum', 'smsp__inst_executed_op_shared_ld.sum'],
  cuda: String.raw`
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

static Kernel kernelFor(const Probe& p) {
  switch (p.bytes) {
    case 1: return probeLoad<unsigned char>;
    case 2: return probeLoad<unsigned short>;
    case 4: return probeLoad<unsigned>;
    case 8: return probeLoad<uint2>;
    default: return probeLoad<uint4>;
  }
}

// Each lane got the bytes at its address.
static bool check(const Probe& p, const unsigned char* out) {
  for (int lane = 0; lane < kWarp; ++lane) {
    if (p.offsets[lane] < 0) continue;
    for (int i = 0; i < p.bytes; ++i)
      if (out[lane * 16 + i] != patternAt(p.offsets[lane] + i)) return false;
  }
  return true;
}
`,
} satisfies OperationProbe;
