// A self-checking CUDA program for the bank-conflict player's walkthrough.
// One block of 32 threads fills a padded shared tile, waits at a barrier, then
// reads the first column of it; the host checks every value that comes back.
//
// Build and run:  nvcc -O2 -o readColumn assets/readColumn.cu && ./readColumn
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// Stops with the call that failed and CUDA's own description of the error.
#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t status_ = (call);                                            \
    if (status_ != cudaSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,     \
                   #call, cudaGetErrorString(status_));                      \
      std::exit(2);                                                          \
    }                                                                        \
  } while (0)

constexpr int kTile = 32;           // useful rows and columns
constexpr int kPitch = kTile + 1;   // allocated words per row: one of padding
constexpr float kSentinel = -1.0f;  // what the output holds if the kernel never writes it

__global__ void readColumn(const float* input, float* output) {
  // One block with 32 threads; a column read from a padded tile.
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
  float result[kTile];
  for (float& value : result) value = kSentinel;

  float* input = nullptr;
  float* output = nullptr;
  CHECK(cudaMalloc(&input, sizeof host));
  CHECK(cudaMalloc(&output, sizeof result));
  CHECK(cudaMemcpy(input, host, sizeof host, cudaMemcpyHostToDevice));
  // The sentinel goes to the device too, so a kernel that never ran cannot pass by accident.
  CHECK(cudaMemcpy(output, result, sizeof result, cudaMemcpyHostToDevice));

  readColumn<<<1, kTile>>>(input, output);
  CHECK(cudaGetLastError());       // a launch the device refused
  CHECK(cudaDeviceSynchronize());  // a kernel that failed while it ran

  CHECK(cudaMemcpy(result, output, sizeof result, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(input));
  CHECK(cudaFree(output));

  int wrong = 0;
  for (int lane = 0; lane < kTile; ++lane) {
    if (result[lane] != host[lane * kTile]) ++wrong;
  }
  if (wrong != 0) {
    std::printf("FAILED: %d of %d values wrong\n", wrong, kTile);
    return 1;
  }
  std::printf("ok: all %d lanes read column 0 correctly\n", kTile);
  return 0;
}
