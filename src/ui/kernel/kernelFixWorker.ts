// Kernel mode's fix search, off the page's thread and beside the analysis worker: it analyses the
// whole kernel again for each candidate layout (up to 24 times), seconds for a large launch.
import { getInstructionBuffers, suggestLayoutFixes } from '../../engine/kernel';
import { loadPageCppParser } from '../../kernel/loadPageCppParser';
import type { FixAnswer, FixQuestion } from './kernelFixMessages';

self.addEventListener('message', (event: MessageEvent<FixQuestion>) => {
  const { id, source, launch, report } = event.data;
  const answer = async (): Promise<FixAnswer> => {
    try {
      const parse = await loadPageCppParser();
      return { id, found: suggestLayoutFixes(source, launch, report, parse) };
    } catch (error) {
      return { id, failure: `the fix search could not run (${String(error)})` };
    }
  };
  // Each fix's report's columns are moved to the page, not copied.
  void answer().then((message) =>
    self.postMessage(message, {
      transfer:
        'found' in message ? message.found.fixes.flatMap((f) => getInstructionBuffers(f.report.instructions)) : [],
    }),
  );
});
