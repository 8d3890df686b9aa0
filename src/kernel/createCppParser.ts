import { Language, Parser } from 'web-tree-sitter';
import type { KernelParse } from '../engine';

/**
 * Where tree-sitter's runtime and its C++ grammar (WebAssembly) come from: an address (a URL in
 * the page, a file's path in Node) or the file's bytes. A missing runtime is found beside
 * web-tree-sitter's own module.
 */
export interface CppParserWasm {
  readonly runtime?: string | Uint8Array;
  readonly grammar: string | Uint8Array;
}

/**
 * The kernel analyzer's C++ parser (tree-sitter-cpp through web-tree-sitter), loaded from `wasm`:
 * the one loader of the page's workers, the lesson reader and the command.
 */
export async function createCppParser(wasm: CppParserWasm): Promise<KernelParse> {
  const { runtime } = wasm;
  await Parser.init(
    runtime === undefined
      ? undefined
      : typeof runtime === 'string'
        ? { locateFile: () => runtime }
        : { wasmBinary: runtime },
  );
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm.grammar));
  return (source) => {
    const tree = parser.parse(source);
    if (!tree) throw new Error('tree-sitter returned no tree');
    return tree;
  };
}
