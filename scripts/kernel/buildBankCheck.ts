import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { build, type Plugin, type Rollup } from 'vite';

const require = createRequire(import.meta.url);
const GRAMMAR_MODULE = /[\\/]scripts[\\/]kernel[\\/]readGrammarFiles\.ts$/;

/**
 * Puts both WebAssembly files inside the command, gzipped and as base64 (the grammar's 3.4 MB
 * become under 1 MB), in place of reading them from node_modules.
 */
function embeddedGrammar(): Plugin {
  const base64 = (specifier: string) => gzipSync(readFileSync(require.resolve(specifier))).toString('base64');
  return {
    name: 'bank-check-embedded-grammar',
    load(id) {
      if (!GRAMMAR_MODULE.test(id)) return null;
      return [
        `import { gunzipSync } from 'node:zlib';`,
        `const bytes = (text) => new Uint8Array(gunzipSync(Buffer.from(text, 'base64')));`,
        `const RUNTIME = ${JSON.stringify(base64('web-tree-sitter/tree-sitter.wasm'))};`,
        `const GRAMMAR = ${JSON.stringify(base64('tree-sitter-cpp/tree-sitter-cpp.wasm'))};`,
        `export async function readGrammarFiles() { return { runtime: bytes(RUNTIME), grammar: bytes(GRAMMAR) }; }`,
      ].join('\n');
    },
  };
}

/** tree-sitter's `eval`, for grammars that link code at run time (the C++ grammar links none): a warning every build would print. */
const quietEval: Plugin = {
  name: 'bank-check-quiet-eval',
  onLog: (_level, log) => !(log.code === 'EVAL' && /web-tree-sitter/.test(`${log.id ?? ''} ${log.message}`)),
};

/**
 * `npm run kernel` as one ES module for Node 20 with nothing installed: the command, the engine,
 * tree-sitter's runtime and the C++ grammar in one file, `bank-check.mjs`. Its own build (SSR, every
 * dependency bundled), as the page's has nothing of it.
 */
export async function buildBankCheck(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'warn',
    plugins: [embeddedGrammar(), quietEval],
    ssr: { noExternal: true, target: 'node' },
    build: {
      write: false,
      ssr: 'scripts/kernel.ts',
      target: 'node20',
      minify: false,
      rollupOptions: {
        output: { format: 'es', banner: '#!/usr/bin/env node', codeSplitting: false },
        checks: { bundlerTimings: false },
      },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const [output] = Array.isArray(result) ? result : [result];
  return output.output[0].code;
}
