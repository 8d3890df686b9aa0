// The coalesced transpose of NVIDIA's "An Efficient Matrix Transpose in CUDA C/C++" (Mark Harris,
// NVIDIA Developer Blog; NVIDIA-developer-blog/code-samples, series/cuda-cpp/transpose/
// transpose.cu), its tile swizzled instead of padded: column c of row r is stored at c ^ r, CuTe's
// Swizzle<5,0,5> on a 32x32 float tile, so rows and columns both spread over the 32 banks with no
// padding word.
//
//   npm run kernel -- assets/kernels/transposeSwizzled.cu --block 32x8
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeSwizzled(float *odata, const float *idata)
{
  __shared__ float tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    int row = threadIdx.y + j;
    tile[row][threadIdx.x ^ row] = idata[(y + j) * width + x];
  }

  __syncthreads();

  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;

  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
    int col = threadIdx.y + j;
    odata[(y + j) * width + x] = tile[threadIdx.x][col ^ threadIdx.x];
  }
}
