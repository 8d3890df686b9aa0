import { evaluateCondition } from './evaluateCondition';
import { expandCondition } from './expandCondition';
import { expandMacro, expandTokens } from './expandMacro';
import { lexPreprocessorTokens, spellTokens, type PpToken } from './lexPreprocessorTokens';
import { makeToken, MacroTable, type PreprocessError } from './macroTable';
import { PreprocessedText } from './PreprocessedText';
import { readDefine } from './readDefine';
import { isSystemHeader } from './isSystemHeader';
import { TokenStream } from './tokenStream';

/** An included file as the caller found it: its name (as messages write it) and its text. */
export interface IncludedFile {
  readonly file: string;
  readonly text: string;
}

/** How to preprocess: the file's name, the command's `-D`/`-U`, and how to find `#include "…"` files. */
export interface PreprocessOptions {
  readonly file: string;
  /** `-D NAME=value` as `{ NAME: 'value' }` (`-D NAME` is `'1'`), `-U NAME` as `{ NAME: null }`; `NAME(x)` keys make function-like macros. */
  readonly defines?: Readonly<Record<string, string | null>>;
  /** The file `#include "name"` in `from` means, or `null` when there is none. */
  readonly resolve?: (name: string, from: string) => IncludedFile | null;
  /** What a missing include's message tells a person to do. */
  readonly missingHint?: string;
}

/** The preprocessed text (as many lines as the file), its map back to the files as written, and every error. */
export interface PreprocessResult {
  readonly output: PreprocessedText;
  readonly errors: readonly PreprocessError[];
}

/** What nvcc defines when it compiles a kernel for the device, `__CUDA_ARCH__` for sm_90 unless `-D` says. */
export const PREDEFINED_MACROS: Readonly<Record<string, string>> = {
  __CUDACC__: '1',
  __NVCC__: '1',
  __CUDA_ARCH__: '900',
  __cplusplus: '201703L',
};

const MAX_INCLUDE_DEPTH = 200;

interface Condition {
  readonly at: PpToken;
  readonly parentLive: boolean;
  live: boolean;
  taken: boolean;
  sawElse: boolean;
}

/**
 * C's preprocessor, as nvcc runs it before compiling a kernel: macros (object- and function-like,
 * `#`, `##`, `__VA_ARGS__`, each macro hidden inside its own expansion), conditionals, includes
 * through `resolve`, `#pragma once`, `#line` and `#error`. System headers (`#include <…>`) are
 * skipped: the analyzer knows CUDA's built-in names itself.
 */
export function preprocessSource(source: string, options: PreprocessOptions): PreprocessResult {
  const table = new MacroTable();
  const command = { file: '<command line>', line: 1, column: 1 };
  const define = (key: string, value: string) => {
    const tokens = lexPreprocessorTokens(command.file, `${key} ${value}`);
    const name = makeToken('name', 'define', tokens[0] ?? { ...blank, at: command });
    const m = readDefine(table, name, tokens);
    if (m) table.macros.set(m.name, m);
  };
  for (const [key, value] of Object.entries(PREDEFINED_MACROS)) define(key, value);
  for (const dynamic of ['line', 'file', 'counter'] as const) {
    const name = `__${dynamic.toUpperCase()}__`;
    table.macros.set(name, { name, params: null, variadic: false, body: [], at: command, dynamic });
  }
  for (const [key, value] of Object.entries(options.defines ?? {}))
    if (value === null) table.macros.delete(key);
    else define(key, value);
  const output = new PreprocessedText(options.file, source.split('\n').length);
  new Preprocessor(table, output, options).run(options.file, source, null, 0);
  return { output, errors: table.errors };
}

const blank: PpToken = {
  kind: 'other',
  text: '',
  at: { file: '', line: 1, column: 1 },
  space: false,
  bol: true,
  hide: null,
  use: null,
  macro: null,
};

class Preprocessor {
  private readonly once = new Set<string>();

  constructor(
    private readonly table: MacroTable,
    private readonly output: PreprocessedText,
    private readonly options: PreprocessOptions,
  ) {}

  /** Preprocesses one file; `includeLine` is the main file's line its `#include` is on (`null` for the main file). */
  run(file: string, text: string, includeLine: number | null, depth: number) {
    const stream = new TokenStream(lexPreprocessorTokens(file, text), true);
    const conditions: Condition[] = [];
    const live = () => conditions.length === 0 || conditions[conditions.length - 1].live;
    let line = includeLine ?? 1;
    for (;;) {
      const base = stream.atBase;
      const t = stream.next();
      if (!t) break;
      if (base && t.bol && t.text === '#') {
        const rest = stream.readLine();
        this.directive(t, rest, conditions, live(), file, includeLine ?? t.at.line, depth);
        continue;
      }
      if (!live()) continue;
      if (base) line = includeLine ?? t.at.line;
      if (t.kind === 'name') {
        if (t.text === '_Pragma' && this.skipPragmaOperator(stream)) continue;
        if (expandMacro(this.table, stream, t)) continue;
      }
      this.output.write(t, line, base);
    }
    for (const c of conditions)
      this.table.error(c.at.at, `this #${c.at.text} is not closed: add the #endif it needs in ${file}`);
  }

  /** `_Pragma("…")`, C's pragma operator: read and dropped as `#pragma` lines are. */
  private skipPragmaOperator(stream: TokenStream): boolean {
    if (stream.peek()?.text !== '(') return false;
    stream.next();
    for (let t = stream.next(); t && t.text !== ')'; t = stream.next());
    return true;
  }

  private directive(
    hash: PpToken,
    rest: PpToken[],
    conditions: Condition[],
    live: boolean,
    file: string,
    placeLine: number,
    depth: number,
  ) {
    const name = rest[0];
    if (!name) return;
    const args = rest.slice(1);
    const top = conditions[conditions.length - 1];
    switch (name.text) {
      case 'if':
      case 'ifdef':
      case 'ifndef': {
        const value = live && this.test(name, args);
        conditions.push({ at: name, parentLive: live, live: value, taken: value || !live, sawElse: false });
        return;
      }
      case 'elif':
      case 'else': {
        if (!top) return this.table.error(name.at, `#${name.text} without an #if before it: remove it or add the #if`);
        if (top.sawElse)
          return this.table.error(name.at, `#${name.text} after #else (line ${top.at.at.line}): #else must come last`);
        top.sawElse = name.text === 'else';
        const value = top.parentLive && !top.taken && (name.text === 'else' || this.test(name, args));
        top.live = value;
        top.taken ||= value;
        return;
      }
      case 'endif':
        if (!top) this.table.error(name.at, '#endif without an #if before it: remove it or add the #if');
        else conditions.pop();
        return;
    }
    if (!live) return;
    switch (name.text) {
      case 'define': {
        const m = readDefine(this.table, name, args);
        if (m) this.table.macros.set(m.name, m);
        return;
      }
      case 'undef':
        if (args[0]?.kind !== 'name') return this.table.error(name.at, '#undef needs a macro name: write #undef NAME');
        this.table.macros.delete(args[0].text);
        return;
      case 'include':
      case 'include_next':
        return this.include(name, args, file, placeLine, depth);
      case 'error':
        return this.table.error(
          hash.at,
          `#error ${spellTokens(args)} (the file stops the build with these macros: check the -D defines and --arch given)`,
        );
      case 'pragma':
        if (args[0]?.text === 'once') this.once.add(file);
        return;
      case 'line':
        return this.readLine(name, args);
      case 'warning':
      case 'ident':
      case 'sccs':
        return;
      default:
        if (name.kind === 'number') return this.readLine(name, rest);
        this.table.error(name.at, `#${name.text} is not a preprocessor directive: check its spelling`);
    }
  }

  /** `#ifdef`'s, `#ifndef`'s, `#if`'s or `#elif`'s condition. */
  private test(name: PpToken, args: PpToken[]): boolean {
    if (name.text === 'ifdef' || name.text === 'ifndef') {
      if (args[0]?.kind !== 'name') {
        this.table.error(name.at, `#${name.text} needs a macro name: write #${name.text} NAME`);
        return false;
      }
      return this.table.macros.has(args[0].text) === (name.text === 'ifdef');
    }
    const expanded = expandCondition(this.table, args, (wanted, from) => this.options.resolve?.(wanted, from) != null);
    if (!expanded) return false;
    const result = evaluateCondition(expanded, name);
    if (result.ok) return result.value;
    this.table.error((result.at.use ?? result.at).at, result.message);
    return false;
  }

  private include(name: PpToken, args: PpToken[], file: string, placeLine: number, depth: number) {
    let tokens = args;
    if (tokens[0] && tokens[0].kind !== 'string' && tokens[0].text !== '<') tokens = expandTokens(this.table, tokens);
    const first = tokens[0];
    if (first?.text === '<') return;
    if (first?.kind !== 'string' || !first.text.startsWith('"')) {
      this.table.error(name.at, '#include needs a file name: write #include "file.h" or #include <file.h>');
      return;
    }
    const wanted = first.text.slice(1, -1);
    const found = this.options.resolve?.(wanted, file) ?? null;
    if (!found) {
      if (!isSystemHeader(wanted))
        this.table.error(
          first.at,
          `cannot find "${wanted}", which ${file} includes${this.options.missingHint ? `: ${this.options.missingHint}` : ''}`,
        );
      return;
    }
    if (this.once.has(found.file)) return;
    if (depth >= MAX_INCLUDE_DEPTH) {
      this.table.error(
        first.at,
        `#include nests over ${MAX_INCLUDE_DEPTH} deep: does ${wanted} include itself without a guard?`,
      );
      return;
    }
    this.run(found.file, found.text, placeLine, depth + 1);
  }

  /** `#line 42 "name"`: checked; the analyzer keeps positions as the file is written. */
  private readLine(name: PpToken, args: PpToken[]) {
    const tokens = expandTokens(this.table, args);
    if (tokens[0]?.kind !== 'number' || !/^\d+$/.test(tokens[0].text) || (tokens[1] && tokens[1].kind !== 'string'))
      this.table.error(name.at, '#line takes a line number and, optionally, a file name in quotes');
  }
}
