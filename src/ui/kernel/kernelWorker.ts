// Kernel mode's analyses, off the page's thread: a large launch (matrixMul over k = 1,024 is 67,584
// warp instructions) takes half a second, which would stop the editor's typing for as long.
import { Language, Parser } from 'web-tree-sitter';
import runtimeUrl from 'web-tree-sitter/tree-sitter.wasm?url';
import grammarUrl from 'tree-sitter-cpp/tree-sitter-cpp.wasm?url';
import { type KernelParse } from '../../engine';
import { analyzeKernel, getKernelSignatures } from '../../engine/kernel';
import type { KernelAnswer, KernelQuestion } from './kernelMessages';

let parser: Promise<KernelParse> | null = null;

/** tree-sitter's runtime and its C++ grammar, loaded at the first question (the same two files `npm run kernel` reads). */
async function loadParser(): Promise<KernelParse> {
  await Parser.init({ locateFile: () => runtimeUrl });
  const cpp = new Parser();
  cpp.setLanguage(await Language.load(grammarUrl));
  return (source) => {
    const tree = cpp.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  };
}

self.addEventListener('message', (event: MessageEvent<KernelQuestion>) => {
  const { id, source, launch } = event.data;
  const answer = async (): Promise<KernelAnswer> => {
    try {
      const parse = await (parser ??= loadParser());
      return {
        id,
        signatures: getKernelSignatures(source, parse, launch),
        result: analyzeKernel(source, launch, parse),
      };
    } catch (error) {
      parser = null;
      return { id, failure: `the C++ parser could not load (${String(error)})` };
    }
  };
  void answer().then((message) => self.postMessage(message));
});
