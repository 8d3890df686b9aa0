import type { OperationProbe } from '../operations';
import { CHECK_WRITTEN_BYTES } from './checkWrittenBytes';

/**
 * cp.async's probe: each lane copies 4, 8 or 16 bytes of its own (every byte lane + 1) from global
 * memory to its address in shared memory, then the whole buffer is written out and checked.
 */
export default {
  metrics: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldgsts.sum', 'smsp__inst_executed_op_ldgsts.sum'],
  accesses: [
    {
      name: 'cp.async of 16 bytes a lane, in a row',
      fields: { pattern: 'expr', op: 'cp.async', expr: 'lane', type: 'int4' },
    },
    {
      name: 'cp.async of 4 bytes a lane, two apart',
      fields: { pattern: 'expr', op: 'cp.async', expr: 'lane * 2', type: 'int' },
    },
    {
      name: 'cp.async of 8 bytes a lane, down a column of a 32-wide tile',
      fields: { pattern: 'expr', op: 'cp.async', expr: 'lane * 16', type: 'int2' },
    },
    {
      name: 'cp.async of 16 bytes a lane, paired on one address',
      fields: { pattern: 'expr', op: 'cp.async', expr: 'lane / 2', type: 'int4' },
    },
  ],
  cuda: String.raw`
// One cp.async a lane of N bytes, each byte lane + 1, from the lane's 16 bytes at the start of the
// output buffer (written first, and overwritten by the copy-out only after the copy has landed);
// then the whole shared buffer goes out, read with loads.
template <int N>
__global__ void probeCopy(const int* offsets, int warp, int sharedBytes, unsigned char* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  const int t = linearThread();
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  for (int i = t; i < sharedBytes; i += threads) smem[i] = 0;
  __syncthreads();
  if (t / kWarp == warp) {
    const int lane = t % kWarp;
    const int offset = offsets[lane];
    unsigned char* src = out + lane * 16;
    for (int i = 0; i < N; ++i) src[i] = static_cast<unsigned char>(lane + 1);
    __threadfence_block();
    if (offset >= 0) {
      const unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(smem + offset));
#if __CUDA_ARCH__ >= 800
      if constexpr (N == 16) {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
      } else {
        asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(dst), "l"(src), "n"(N) : "memory");
      }
      asm volatile("cp.async.commit_group;" ::: "memory");
      asm volatile("cp.async.wait_group 0;" ::: "memory");
#else
      // cp.async needs sm_80: gpu:check leaves its probes out on an older GPU.
      (void)dst;
      __trap();
#endif
    }
  }
  __syncthreads();
  for (int i = t; i < sharedBytes; i += threads) out[i] = smem[i];
}

static Kernel kernelFor(const Probe& p) {
  switch (p.bytes) {
    case 4: return probeCopy<4>;
    case 8: return probeCopy<8>;
    default: return probeCopy<16>;
  }
}

${CHECK_WRITTEN_BYTES}
`,
} satisfies OperationProbe;
