import type { OperationProbe } from '../operations';

/** A register's byte `i` of matrix `j` in lane `lane`: never 0 (the output's sentinel), and told apart. */
const VALUE = 'static_cast<unsigned char>(1 + (lane * 16 + j * 4 + i) % 251)';

/** stmatrix's probe: one `stmatrix.x1|x2|x4` of known registers, then the whole buffer written out and checked. */
export default {
  // Unverified names until a GPU is lent: gpu:check names any this GPU's ncu lacks. As with ldmatrix,
  // Nsight may count STSM's wavefronts with the stores'; this probe makes no STS (its copy-out loads).
  metrics: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_stsm.sum', 'smsp__sass_inst_executed_op_stsm.sum'],
  fallback: {
    wavefronts: 'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum',
    unless: 'smsp__inst_executed_op_shared_st.sum',
  },
  accesses: [
    {
      name: 'stmatrix.x4 columns',
      fields: { pattern: 'expr', op: 'stmatrix', x: 4, expr: 'lane * 64', type: 'half' },
    },
    {
      name: 'stmatrix.x4, Swizzle<3,3,3>',
      fields: {
        pattern: 'expr',
        op: 'stmatrix',
        x: 4,
        expr: 'lane * 64',
        type: 'half',
        swizzle: { bits: 3, base: 3, shift: 3 },
      },
    },
    { name: 'stmatrix.x2 rows', fields: { pattern: 'expr', op: 'stmatrix', x: 2, expr: 'lane * 8', type: 'half' } },
    { name: 'stmatrix.x1 on one row', fields: { pattern: 'expr', op: 'stmatrix', x: 1, expr: '0', type: 'half' } },
  ],
  cuda: String.raw`
// The value of byte i of register j of a lane: never 0, so a byte no lane wrote shows.
__host__ __device__ inline unsigned char valueAt(int lane, int j, int i) {
  return ${VALUE};
}

// One stmatrix.x<M>: lanes 0 .. 8M-1 give the row addresses; every lane gives M registers. Then the
// whole buffer goes out, read with loads (which the store counters do not count).
template <int M>
__global__ void probeStmatrix(const int* offsets, int warp, int sharedBytes, unsigned char* out) {
  extern __shared__ __align__(16) unsigned char smem[];
  const int t = linearThread();
  const int threads = blockDim.x * blockDim.y * blockDim.z;
  for (int i = t; i < sharedBytes; i += threads) smem[i] = 0;
  __syncthreads();
  if (t / kWarp == warp) {
    const int lane = t % kWarp;
    const int offset = offsets[lane] < 0 ? 0 : offsets[lane];
    const unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(smem + offset));
    unsigned r[4];
    for (int j = 0; j < 4; ++j) {
      unsigned word = 0;
      for (int i = 0; i < 4; ++i) word |= static_cast<unsigned>(valueAt(lane, j, i)) << (8 * i);
      r[j] = word;
    }
#if __CUDA_ARCH__ >= 900
    if constexpr (M == 1) {
      asm volatile("stmatrix.sync.aligned.m8n8.x1.shared.b16 [%0], {%1};" ::"r"(address), "r"(r[0]) : "memory");
    } else if constexpr (M == 2) {
      asm volatile("stmatrix.sync.aligned.m8n8.x2.shared.b16 [%0], {%1, %2};" ::"r"(address), "r"(r[0]), "r"(r[1])
                   : "memory");
    } else {
      asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(address), "r"(r[0]),
                   "r"(r[1]), "r"(r[2]), "r"(r[3])
                   : "memory");
    }
#else
    // stmatrix needs sm_90: gpu:check leaves its probes out on an older GPU.
    (void)address;
    __trap();
#endif
  }
  __syncthreads();
  for (int i = t; i < sharedBytes; i += threads) out[i] = smem[i];
}

static Kernel kernelFor(const Probe& p) {
  return p.matrices == 1 ? probeStmatrix<1> : p.matrices == 2 ? probeStmatrix<2> : probeStmatrix<4>;
}

// Row r of matrix j is stored at offsets[8j + r]: lane 4r + c's register j fills its bytes 4c .. 4c+3.
// Each byte of a row is the value of one of the rows stored there (rows at one address race).
static bool check(const Probe& p, const unsigned char* out) {
  for (int row = 0; row < 8 * p.matrices; ++row) {
    for (int b = 0; b < 16; ++b) {
      const int at = p.offsets[row] + b;
      bool written = false;
      for (int other = 0; other < 8 * p.matrices; ++other) {
        const int o = p.offsets[other];
        if (at >= o && at < o + 16 && out[at] == valueAt(4 * (other % 8) + (at - o) / 4, other / 8, (at - o) % 4))
          written = true;
      }
      if (!written) return false;
    }
  }
  return true;
}
`,
} satisfies OperationProbe;
