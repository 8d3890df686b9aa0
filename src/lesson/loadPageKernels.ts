import { Language, Parser } from 'web-tree-sitter';
import runtimeUrl from 'web-tree-sitter/tree-sitter.wasm?url';
import grammarUrl from 'tree-sitter-cpp/tree-sitter-cpp.wasm?url';
import type { LessonKernels } from './resolveKernelScene';

const FILES = import.meta.glob<string>('../../assets/kernels/*.cu', { query: '?raw', import: 'default', eager: true });

/** The preset kernels a lesson's `kernel: { file }` names, by name. */
const files = Object.fromEntries(
  Object.entries(FILES).map(([path, source]) => [path.replace(/^.*\/|\.cu$/g, ''), source]),
);

let kernels: Promise<LessonKernels> | null = null;

/** tree-sitter's runtime and C++ grammar in the page (the files Kernel mode's worker loads), with the presets. */
async function load(): Promise<LessonKernels> {
  await Parser.init({ locateFile: () => runtimeUrl });
  const cpp = new Parser();
  cpp.setLanguage(await Language.load(grammarUrl));
  const parse = (source: string) => {
    const tree = cpp.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  };
  return { parse, files };
}

/** What the page reads kernel scenes with, loaded once, on the first lesson that has one. */
export function loadPageKernels(): Promise<LessonKernels> {
  kernels ??= load().catch((error: unknown) => {
    kernels = null;
    throw error;
  });
  return kernels;
}
