import { KERNEL_PRESETS } from '../kernel/kernelPresets';
import { loadPageCppParser } from '../kernel/loadPageCppParser';
import type { LessonKernels } from './resolveKernelScene';

/** The preset kernels a lesson's `kernel: { file }` names, by name. */
const files = Object.fromEntries(KERNEL_PRESETS.map((preset) => [preset.name, preset.source]));

/** What the page reads kernel scenes with, loaded on the first lesson that has one: the C++ parser and the presets. */
export async function loadPageKernels(): Promise<LessonKernels> {
  return { parse: await loadPageCppParser(), files };
}
