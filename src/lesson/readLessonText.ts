import { readLesson, type LessonReading } from './readLesson';
import type { LessonKernels } from './resolveKernelScene';

const loadPageKernels = async () => (await import('./loadPageKernels')).loadPageKernels();

/**
 * Reads a lesson file as {@link readLesson} does, first loading the C++ parser and the preset
 * kernels when a scene has a `kernel:` (most lessons have none, and never load them). Node gives
 * its own `loadKernels` (the tests, through scripts/kernel/loadCppParser.ts: the page's loader
 * given the files' bytes).
 */
export async function readLessonText(
  text: string,
  loadKernels: () => Promise<LessonKernels> = loadPageKernels,
): Promise<LessonReading> {
  if (!/^\s*kernel\s*:/m.test(text)) return readLesson(text);
  let kernels: LessonKernels;
  try {
    kernels = await loadKernels();
  } catch (error) {
    const message = `the C++ parser its kernel scenes need could not load (${String(error)})`;
    return { ok: false, issues: [{ severity: 'error', path: '', line: 1, column: 1, message }] };
  }
  return readLesson(text, kernels);
}
