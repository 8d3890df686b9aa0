import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';
import type { KernelParse } from '../../src/engine';

const require = createRequire(import.meta.url);

/**
 * A C++ parser for the kernel analyzer in Node: web-tree-sitter's runtime with tree-sitter-cpp's
 * grammar, both loaded from node_modules (the page loads the same two files by URL).
 */
export async function loadCppParser(): Promise<KernelParse> {
  await Parser.init();
  const grammar = await readFile(require.resolve('tree-sitter-cpp/tree-sitter-cpp.wasm'));
  const parser = new Parser();
  parser.setLanguage(await Language.load(grammar));
  return (source) => {
    const tree = parser.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  };
}
