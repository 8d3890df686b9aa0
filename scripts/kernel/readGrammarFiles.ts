import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * tree-sitter's runtime and the C++ grammar as WebAssembly: here from node_modules (the runtime
 * left for web-tree-sitter to find beside itself); dist/bank-check.mjs replaces this module with
 * one that holds both files' bytes, so it runs with no node_modules at all.
 */
export async function readGrammarFiles(): Promise<{ runtime?: Uint8Array; grammar: Uint8Array }> {
  return { grammar: await readFile(require.resolve('tree-sitter-cpp/tree-sitter-cpp.wasm')) };
}
