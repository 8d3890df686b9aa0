/** Headers of the CUDA toolkit and of C and C++ libraries, which nvcc finds in its own directories. */
const SYSTEM = [
  /^(cuda|cuComplex|cublas|cufft|curand|cusparse|cusolver|cudnn|nvtx|nvrtc|nvml|cupti|npp|nvjpeg|cutensor)\w*\.h(pp)?$/,
  /^(mma|vector_types|vector_functions|device_\w+|sm_\d+_\w+|math_\w+|driver_\w+|host_\w+|texture_\w+|surface_\w+|crt\/\w+)\.h(pp)?$/,
  /^(cuda|cub|thrust|cute|cutlass|cooperative_groups|crt)(\/|\.h$)/,
  /^(assert|ctype|errno|float|limits|math|stdarg|stddef|stdint|stdio|stdlib|string|time|stdbool|inttypes)\.h$/,
  /^c?[a-z_]+$/,
];

/**
 * Whether `#include "name"` names a header of the toolkit or the C/C++ libraries (`"cuda_runtime.h"`,
 * `"cuda_fp16.h"`, `"stdio.h"`): skipped like `#include <…>` when no such file is at hand.
 */
export function isSystemHeader(name: string): boolean {
  return SYSTEM.some((pattern) => pattern.test(name));
}
