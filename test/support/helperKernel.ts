/**
 * A __device__ function whose line 3 is a 2-way read (2 rounds, ideal 1) and line 4 a clean one,
 * called from the kernel's lines 10 and 11: each of its lines is a row for each call.
 */
export const HELPER_KERNEL = `// bank-check: block=32
__device__ float both(const float *t, int i) {
  float a = t[i * 2];
  float b = t[i];
  return a + b;
}
__global__ void k(float *out) {
  __shared__ float tile[64];
  tile[threadIdx.x] = 0;
  out[threadIdx.x] = both(tile, threadIdx.x);
  out[threadIdx.x + 32] = both(tile, threadIdx.x);
}
`;
