// Kernel mode's fix search, off the page's thread and beside the analysis worker: it analyses the
// whole kernel again for each candidate layout (up to 24 times), seconds for a large launch.
import { Language, Parser } from 'web-tree-sitter';
import runtimeUrl from 'web-tree-sitter/tree-sitter.wasm?url';
import grammarUrl from 'tree-sitter-cpp/tree-sitter-cpp.wasm?url';
import { type KernelParse } from '../../engine';
import { suggestLayoutFixes } from '../../engine/kernel';
import type { FixAnswer, FixQuestion } from './kernelFixMessages';

let parser: Promise<KernelParse> | null = null;

/** tree-sitter's runtime and its C++ grammar (the analysis worker's same two files, from the cache). */
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

self.addEventListener('message', (event: MessageEvent<FixQuestion>) => {
  const { id, source, launch, report } = event.data;
  const answer = async (): Promise<FixAnswer> => {
    try {
      const parse = await (parser ??= loadParser());
      return { id, found: suggestLayoutFixes(source, launch, report, parse) };
    } catch (error) {
      parser = null;
      return { id, failure: `the fix search could not run (${String(error)})` };
    }
  };
  void answer().then((message) => self.postMessage(message));
});
