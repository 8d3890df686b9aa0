// Kernel mode's analyses, off the page's thread: a large launch (matrixMul over k = 1,024 is 67,584
// warp instructions) takes half a second, which would stop the editor's typing for as long.
import { analyzeKernel, getInstructionBuffers, getKernelSignatures } from '../../engine/kernel';
import { loadPageCppParser } from '../../kernel/loadPageCppParser';
import type { KernelAnswer, KernelQuestion } from './kernelMessages';

self.addEventListener('message', (event: MessageEvent<KernelQuestion>) => {
  const { id, source, launch } = event.data;
  const answer = async (): Promise<KernelAnswer> => {
    try {
      const parse = await loadPageCppParser();
      return {
        id,
        signatures: getKernelSignatures(source, parse, launch),
        result: analyzeKernel(source, launch, parse),
      };
    } catch (error) {
      return { id, failure: `the C++ parser could not load (${String(error)})` };
    }
  };
  // The report's columns are moved to the page, not copied: this thread keeps nothing of them.
  void answer().then((message) =>
    self.postMessage(message, {
      transfer:
        'result' in message && message.result.ok ? getInstructionBuffers(message.result.report.instructions) : [],
    }),
  );
});
