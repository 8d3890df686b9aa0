import type { OperationProbe } from '../operations';

/** ldmatrix's probe: one `ldmatrix.x1|x2|x4`, every lane's registers written out and checked. */
export default {
  metrics: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum', 'smsp__inst_executed_op_ldsm.sum'],
  // Nsight Compute 2025.3 on an H200 has no ldsm wavefronts counter and counts LDSM's wavefronts
  // with the loads'; this probe makes no LDS (its fill stores), which the LDS counter confirms.
  fallback: {
    wavefronts: 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum',
    unless: 'smsp__inst_executed_op_shared_ld.sum',
  },
  cuda: String.raw`
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

static Kernel kernelFor(const Probe& p) {
  return p.matrices == 1 ? probeLdmatrix<1> : p.matrices == 2 ? probeLdmatrix<2> : probeLdmatrix<4>;
}

// Each register holds the two halves of its row that PTX assigns to the lane.
static bool check(const Probe& p, const unsigned char* out) {
  for (int lane = 0; lane < kWarp; ++lane) {
    for (int j = 0; j < p.matrices; ++j) {
      const int row = p.offsets[j * 8 + lane / 4];
      for (int i = 0; i < 4; ++i)
        if (out[lane * 16 + j * 4 + i] != patternAt(row + (lane % 4) * 4 + i)) return false;
    }
  }
  return true;
}
`,
} satisfies OperationProbe;
