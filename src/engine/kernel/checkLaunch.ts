import { createBlock, writeBlock, type ThreadBlock } from '../threadBlock';
import type { KernelError } from './kernelError';
import type { KernelLaunch, KernelReport } from './kernelReport';
import type { FunctionDefinition } from './kernelSyntax';
import { KernelLoadErrors } from './loadProgram';

const START = { line: 1, column: 1 };

/** Refuses with every error found, where there is one: a launch's mistakes do not stop each other. */
function refuseAll(errors: readonly KernelError[]) {
  if (errors.length > 0) throw new KernelLoadErrors(errors);
}

/** The launch's block, grid and block index, each checked, every mistake among them refused at once. */
export function checkLaunchShape(launch: KernelLaunch): Pick<KernelReport, 'block' | 'grid' | 'blockIdx'> {
  const errors: KernelError[] = [];
  const checked = createBlock(launch.block ?? { x: 1, y: 1, z: 1 });
  if (!checked.ok) errors.push({ ...START, message: `the block: ${checked.error.reason}` });
  const grid = launch.grid ?? { x: 1, y: 1, z: 1 };
  const blockIdx = launch.blockIdx ?? { x: 0, y: 0, z: 0 };
  for (const axis of ['x', 'y', 'z'] as const) {
    const g = grid[axis];
    if (!Number.isInteger(g) || g < 1 || g > 2 ** 31 - 1)
      errors.push({ ...START, message: `gridDim.${axis} must be a whole number from 1 up, not ${g}` });
    else if (!Number.isInteger(blockIdx[axis]) || blockIdx[axis] < 0 || blockIdx[axis] >= g)
      errors.push({
        ...START,
        message: `blockIdx.${axis} must be from 0 to ${g - 1} in a grid of ${writeBlock(grid)}`,
      });
  }
  refuseAll(errors);
  return { block: checked.ok ? checked.value : (launch.block as ThreadBlock), grid, blockIdx };
}

/** Every value given names a parameter of the kernel and is a whole number where one is needed; every mistake refused at once. */
export function checkArgs(kernel: FunctionDefinition, args: Readonly<Record<string, number | string>>) {
  const names = [...kernel.parameters.map((p) => p.name), ...(kernel.template ?? []).map((t) => t.name)];
  const errors: KernelError[] = [];
  for (const [name, value] of Object.entries(args)) {
    if (!names.includes(name))
      errors.push({
        ...kernel.at,
        message: `${kernel.name} has no parameter ${name}${names.length ? ` (its parameters: ${names.join(', ')})` : ''}`,
      });
    else if (typeof value === 'number' && !Number.isSafeInteger(value))
      errors.push({ ...kernel.at, message: `${name}=${value}: a value must be a whole number` });
  }
  refuseAll(errors);
}
