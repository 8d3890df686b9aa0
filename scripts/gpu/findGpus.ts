import { spawnSync } from 'node:child_process';

/** One GPU as nvidia-smi reports it: its index (for CUDA_VISIBLE_DEVICES), name, capability, driver. */
export interface Gpu {
  readonly index: string;
  readonly name: string;
  readonly computeCapability: string;
  readonly driver: string;
}

/** Every GPU of the lines `nvidia-smi --query-gpu=index,name,compute_cap,driver_version --format=csv,noheader` prints. */
export function readGpuList(text: string): Gpu[] {
  return text
    .split('\n')
    .map((line) => line.split(',').map((s) => s.trim()))
    .filter((fields) => fields.length === 4 && /^\d+$/.test(fields[0]) && /^\d+\.\d+$/.test(fields[2]))
    .map(([index, name, computeCapability, driver]) => ({ index, name, computeCapability, driver }));
}

/** The GPUs on this machine, or why there are none. */
export function findGpus(): Gpu[] | string {
  const smi = spawnSync('nvidia-smi', ['--query-gpu=index,name,compute_cap,driver_version', '--format=csv,noheader'], {
    encoding: 'utf8',
  });
  if (smi.error) return 'no GPU found: nvidia-smi is not on this machine';
  const gpus = readGpuList(smi.stdout);
  if (smi.status !== 0 || gpus.length === 0)
    return `no GPU found: nvidia-smi says ${(smi.stderr || smi.stdout).trim() || 'nothing'}`;
  return gpus;
}

/** The architecture flag for a GPU: sm_90 for compute capability 9.0. */
export const getArch = (gpu: Gpu) => `sm_${gpu.computeCapability.replace('.', '')}`;

/**
 * The environment that runs a program on one GPU only: the one its code was compiled for.
 * @remarks CUDA numbers GPUs fastest first unless told to follow the bus order, as nvidia-smi does.
 */
export const onGpu = (gpu: Gpu) => ({
  ...process.env,
  CUDA_DEVICE_ORDER: 'PCI_BUS_ID',
  CUDA_VISIBLE_DEVICES: gpu.index,
});
