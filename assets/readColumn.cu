// A self-checking CUDA program for the bank-conflict player's walkthrough.
// One block of 32 threads fills a padded shared tile, waits at a barrier, then
// reads one column of it; the host checks every value that comes back.
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kTile = 32;       // useful rows and columns
constexpr int kPitch = kTile + 1; // one padding word ends each row

__global__ void readColumn(const float* input, float* output) {
  __shared__ float tile[kTile][kPitch];
  int lane = threadIdx.x;
  for (int row = 0; row < kTile; ++row) {
    tile[row][lane] = input[row * kTile + lane];
  }
  __syncthreads();
  output[lane] = tile[lane][0];
}

int main() {
  float host[kTile * kTile];
  for (int i = 0; i < kTile * kTile; ++i) host[i] = static_cast<float>(i);
  float *input = nullptr, *output = nullptr;
  cudaMalloc(&input, sizeof host);
  cudaMalloc(&output, kTile * sizeof(float));
  cudaMemcpy(input, host, sizeof host, cudaMemcpyHostToDevice);
  readColumn<<<1, kTile>>>(input, output);
  float result[kTile];
  cudaError_t status = cudaMemcpy(result, output, sizeof result, cudaMemcpyDeviceToHost);
  if (status != cudaSuccess) {
    std::printf("CUDA error: %s\n", cudaGetErrorString(status));
    return 2;
  }
  int wrong = 0;
  for (int lane = 0; lane < kTile; ++lane) {
    if (result[lane] != host[lane * kTile]) ++wrong;
  }
  std::printf(wrong == 0 ? "ok: column 0 read back correctly\n" : "FAILED: %d wrong values\n", wrong);
  cudaFree(input);
  cudaFree(output);
  return wrong == 0 ? 0 : 1;
}
