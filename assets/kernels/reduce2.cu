// Reduction #3 of NVIDIA's CUDA samples (cuda-samples, Samples/2_Concepts_and_Techniques/
// reduction/reduction_kernel.cu, reduce2; Mark Harris, "Optimizing Parallel Reduction in CUDA"):
// sequential addressing, free of bank conflicts. With T = float and SharedMemory<T> written as a
// plain extern array.
//
//   npm run kernel -- assets/kernels/reduce2.cu --block 256
__global__ void reduce2(const float *g_idata, float *g_odata, unsigned int n)
{
  extern __shared__ float sdata[];

  // load shared mem
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

  sdata[tid] = (i < n) ? g_idata[i] : 0;

  __syncthreads();

  // do reduction in shared mem
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }

    __syncthreads();
  }

  // write result for this block to global mem
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}
