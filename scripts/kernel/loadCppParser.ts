import type { KernelParse } from '../../src/engine';
import { createCppParser } from '../../src/kernel/createCppParser';
import { readGrammarFiles } from './readGrammarFiles';

/**
 * The kernel analyzer's C++ parser in Node: the page's loader given the two files' bytes (read
 * from node_modules, or held inside dist/bank-check.mjs).
 */
export async function loadCppParser(): Promise<KernelParse> {
  return createCppParser(await readGrammarFiles());
}
