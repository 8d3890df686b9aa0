// The coalesced transpose of NVIDIA's "An Efficient Matrix Transpose in CUDA C/C++" (Mark Harris,
// NVIDIA Developer Blog; code in NVIDIA-developer-blog/code-samples, series/cuda-cpp/transpose/
// transpose.cu, kernel transposeCoalesced). A 32x32 tile of floats: written by rows, read down its
// columns, so every lane of a read asks bank 0's column.
//
//   npm run kernel -- assets/kernels/transposeCoalesced.cu --block 32x8
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeCoalesced(float *odata, const float *idata)
{
  __shared__ float tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;  // transpose block offset
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
