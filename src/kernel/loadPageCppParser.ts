import runtimeUrl from 'web-tree-sitter/tree-sitter.wasm?url';
import grammarUrl from 'tree-sitter-cpp/tree-sitter-cpp.wasm?url';
import type { KernelParse } from '../engine';
import { createCppParser } from './createCppParser';

let parser: Promise<KernelParse> | null = null;

/**
 * The C++ parser in the page (or one of its workers), its two files fetched by their built
 * addresses at the first call; a load that fails is tried again at the next.
 */
export function loadPageCppParser(): Promise<KernelParse> {
  parser ??= createCppParser({ runtime: runtimeUrl, grammar: grammarUrl }).catch((error: unknown) => {
    parser = null;
    throw error;
  });
  return parser;
}
