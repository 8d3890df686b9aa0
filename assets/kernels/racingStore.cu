// A store in which lanes write the same words: the CUDA C++ Programming Guide's shared-memory
// rule ("Shared Memory", compute capability 5.x and later): lanes writing one 32-bit word cause no
// bank conflict, and "for write accesses, each address is written by only one of the threads
// (which thread performs the write is undefined)". Four lanes share each word of flags, so the
// store takes one round and which lane's value lands is undefined: a race.
//
//   npm run kernel -- assets/kernels/racingStore.cu --block 64
__global__ void racingStore(int *out)
{
  __shared__ int flags[16];

  flags[threadIdx.x / 4] = threadIdx.x;  // lanes 4k..4k+3 race for word k
  __syncthreads();

  if (threadIdx.x < 16) out[threadIdx.x] = flags[threadIdx.x];
}
