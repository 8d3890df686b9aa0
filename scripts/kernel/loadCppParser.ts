import { Language, Parser } from 'web-tree-sitter';
import type { KernelParse } from '../../src/engine';
import { readGrammarFiles } from './readGrammarFiles';

/**
 * A C++ parser for the kernel analyzer in Node: web-tree-sitter's runtime with tree-sitter-cpp's
 * grammar (the page loads the same two files by URL).
 */
export async function loadCppParser(): Promise<KernelParse> {
  const { runtime, grammar } = await readGrammarFiles();
  await Parser.init(runtime ? { wasmBinary: runtime } : undefined);
  const parser = new Parser();
  parser.setLanguage(await Language.load(grammar));
  return (source) => {
    const tree = parser.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  };
}
