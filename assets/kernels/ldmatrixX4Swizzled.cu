// The ldmatrix.x4 fragment load of ldmatrixX4.cu with the tile stored through CuTe's
// Swizzle<3,3,3> (CUTLASS, include/cute/swizzle.hpp; the layout CUTLASS's SM80 GEMMs give a
// 64-half-wide tile for ldmatrix): the 16-byte chunk c of row r is stored at chunk c ^ (r % 8), so
// the eight rows of each matrix start in eight different groups of four banks.
//
//   npm run kernel -- assets/kernels/ldmatrixX4Swizzled.cu --block 32
#include <cuda_fp16.h>

// Swizzle<3,3,3> on an offset in halves: bits 6-8 (the row, mod 8) XORed into bits 3-5 (the chunk).
__device__ __forceinline__ int swizzle333(int offset)
{
  return offset ^ ((offset >> 3) & (7 << 3));
}

__global__ void ldmatrixX4Swizzled(const uint4 *in, unsigned *out)
{
  __shared__ __align__(16) __half tile[16][64];

  // Fill the tile through the swizzle: chunk k of the data goes to its swizzled place.
  for (int chunk = threadIdx.x; chunk < 16 * 64 / 8; chunk += 32)
    *reinterpret_cast<uint4 *>(&tile[0][0] + swizzle333(chunk * 8)) = in[chunk];
  __syncthreads();

  int lane = threadIdx.x % 32;
  int row = lane % 16;
  int col = (lane / 16) * 8;
  unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(&tile[0][0] + swizzle333(row * 64 + col)));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(address));
  out[lane * 4 + 0] = r0;
  out[lane * 4 + 1] = r1;
  out[lane * 4 + 2] = r2;
  out[lane * 4 + 3] = r3;
}
