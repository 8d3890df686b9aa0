// A GEMM block tile staged with float4 accesses, after siboehm's SGEMM_CUDA, kernel 6
// ("vectorized memory access": src/kernels/6_kernel_vectorize.cuh; "How to Optimize a CUDA
// Matmul Kernel for cuBLAS-like Performance"), with BM = BN = 128, BK = 8, TM = TN = 8 and 256
// threads. A's tile is stored transposed (four scalar stores of a float4 loaded from global
// memory), B's with one float4 store; the inner product reads both tiles back as float4s.
//
//   npm run kernel -- assets/kernels/gemmTileFloat4.cu --block 256
#define BM 128
#define BN 128
#define BK 8
#define TM 8
#define TN 8

__global__ void gemmTileFloat4(int N, int K, const float *A, const float *B, float *C)
{
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];

  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  const int innerRowA = threadIdx.x / (BK / 4);
  const int innerColA = threadIdx.x % (BK / 4);
  const int innerRowB = threadIdx.x / (BN / 4);
  const int innerColB = threadIdx.x % (BN / 4);

  // A's tile, transposed: a float4 from global memory, stored as four floats down a column.
  float4 tmp = reinterpret_cast<const float4 *>(&A[innerRowA * K + innerColA * 4])[0];
  As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
  As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
  As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
  As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;

  // B's tile, as it is: one float4 a thread.
  reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
      reinterpret_cast<const float4 *>(&B[innerRowB * N + innerColB * 4])[0];
  __syncthreads();

  float sum = 0.0f;
  for (int dotIdx = 0; dotIdx < BK; ++dotIdx) {
    float4 a = reinterpret_cast<const float4 *>(&As[dotIdx * BM + threadRow * TM])[0];
    float4 b = reinterpret_cast<const float4 *>(&Bs[dotIdx * BN + threadCol * TN])[0];
    sum += a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
  }
  C[threadRow * N + threadCol] = sum;
}
