// A 128×128 tile of C per block of 256 threads, each thread an 8×8 patch, through 8-wide slices of
// A (stored transposed) and B in shared memory: the shape of the fast SGEMM kernels, written for
// the benchmark. Launch: --block 256 --arg K=4096 (about 557,000 warp instructions).
template <int BM = 128, int BN = 128, int BK = 8, int TM = 8, int TN = 8>
__global__ void sgemmTile(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK * BM];
  __shared__ float Bs[BK * BN];
  const int threadRow = threadIdx.x / (BN / TN);
  const int threadCol = threadIdx.x % (BN / TN);
  const int innerRowA = threadIdx.x / BK;
  const int innerColA = threadIdx.x % BK;
  const int innerRowB = threadIdx.x / BN;
  const int innerColB = threadIdx.x % BN;
  const int strideA = blockDim.x / BK;
  const int strideB = blockDim.x / BN;
  float acc[TM * TN];
  float regM[TM];
  float regN[TN];
  for (int bk = 0; bk < K; bk += BK) {
    for (int off = 0; off < BM; off += strideA)
      As[innerColA * BM + innerRowA + off] = A[(innerRowA + off) * K + bk + innerColA];
    for (int off = 0; off < BK; off += strideB)
      Bs[(innerRowB + off) * BN + innerColB] = B[(bk + innerRowB + off) * N + innerColB];
    __syncthreads();
    for (int d = 0; d < BK; d++) {
      for (int i = 0; i < TM; i++) regM[i] = As[d * BM + threadRow * TM + i];
      for (int i = 0; i < TN; i++) regN[i] = Bs[d * BN + threadCol * TN + i];
      for (int m = 0; m < TM; m++)
        for (int n = 0; n < TN; n++) acc[m * TN + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  for (int m = 0; m < TM; m++)
    for (int n = 0; n < TN; n++) C[(threadRow * TM + m) * N + threadCol * TN + n] = acc[m * TN + n];
}
