// A 16x16 fragment of a half-precision tile loaded with one ldmatrix.x4, as tensor-core GEMMs load
// their A operand (PTX ISA, "Warp-level matrix load instruction: ldmatrix"; the layout of
// CUTLASS's and LeetCUDA's HGEMM kernels before swizzling). Rows are 64 halves (128 bytes) long,
// so the eight row addresses of each matrix all start in bank 0.
//
//   npm run kernel -- assets/kernels/ldmatrixX4.cu --block 32
#include <cuda_fp16.h>

__global__ void ldmatrixX4(const uint4 *in, unsigned *out)
{
  __shared__ __align__(16) __half tile[16][64];

  // Fill the tile: 128 chunks of 16 bytes, eight to a row.
  for (int chunk = threadIdx.x; chunk < 16 * 64 / 8; chunk += 32)
    reinterpret_cast<uint4 *>(&tile[0][0])[chunk] = in[chunk];
  __syncthreads();

  // Lanes 0-15 give rows 0-15 of columns 0-7, lanes 16-31 the same rows' columns 8-15.
  int lane = threadIdx.x % 32;
  int row = lane % 16;
  int col = (lane / 16) * 8;
  unsigned address = static_cast<unsigned>(__cvta_generic_to_shared(&tile[row][col]));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(address));
  out[lane * 4 + 0] = r0;
  out[lane * 4 + 1] = r1;
  out[lane * 4 + 2] = r2;
  out[lane * 4 + 3] = r3;
}
