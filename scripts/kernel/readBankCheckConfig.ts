import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import { parseBlock, type ThreadBlock } from '../../src/engine';
import { readGrid } from '../../src/engine/kernel';
import type { CheckProblem } from './kernelChecks';

/** The config file's name, looked for from the working folder up to the project's root. */
export const CONFIG_NAME = 'bank-check.json';

/** A launch bank-check.json gives, for the files its `file` (a path or glob) names, or for every file. */
export interface ConfigLaunch {
  readonly file?: string;
  readonly kernel?: string;
  readonly block: ThreadBlock;
  readonly grid?: ThreadBlock;
  readonly args: Readonly<Record<string, number | string>>;
}

/** bank-check.json read: paths in it are relative to `root`, the folder it is in. */
export interface BankCheckConfig {
  readonly path: string;
  readonly root: string;
  readonly files: readonly string[];
  readonly include: readonly string[];
  readonly defines: Readonly<Record<string, number | string>>;
  readonly launches: readonly ConfigLaunch[];
}

/** The nearest bank-check.json from `cwd` upward, stopping at the folder that holds `.git`; or null. */
export function findBankCheckConfig(cwd: string): string | null {
  for (let folder = cwd; ; folder = dirname(folder)) {
    if (existsSync(join(folder, CONFIG_NAME))) return join(folder, CONFIG_NAME);
    if (existsSync(join(folder, '.git')) || dirname(folder) === folder) return null;
  }
}

/** The project's root: the nearest folder from `cwd` upward that holds `.git`; `cwd` itself where none does. */
export function findProjectRoot(cwd: string): string {
  for (let folder = cwd; ; folder = dirname(folder)) {
    if (existsSync(join(folder, '.git'))) return folder;
    if (dirname(folder) === folder) return cwd;
  }
}

const KEYS = ['files', 'include', 'defines', 'launches'];
const LAUNCH_KEYS = ['file', 'kernel', 'block', 'grid', 'args'];

/**
 * bank-check.json's text read and checked, every problem at its line and column (a JSON parser
 * with source positions: YAML's, since JSON is YAML).
 */
export function readBankCheckConfig(path: string, text: string): BankCheckConfig | { problems: CheckProblem[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  const problems: CheckProblem[] = [];
  const at = (node: Node | null | undefined, message: string) => {
    const pos = lineCounter.linePos(node?.range?.[0] ?? 0);
    problems.push({ file: path, line: pos.line, column: pos.col, message });
  };
  for (const e of doc.errors)
    problems.push({
      file: path,
      line: e.linePos?.[0].line,
      column: e.linePos?.[0].col,
      message: e.message.split('\n')[0],
    });
  if (problems.length) return { problems };
  const top = doc.contents;
  if (!isMap(top)) {
    at(top, `${CONFIG_NAME} is an object: { "files": [...], "include": [...], "defines": {...}, "launches": [...] }`);
    return { problems };
  }
  const strings = (key: string): string[] => {
    const node = top.get(key, true) as Node | undefined;
    if (node === undefined) return [];
    if (!isSeq(node) || !node.items.every((i) => isScalar(i) && typeof i.value === 'string')) {
      at(node, `"${key}" is a list of strings`);
      return [];
    }
    return node.items.map((i) => String((i as { value: string }).value));
  };
  const values = (node: Node | undefined, what: string): Record<string, number | string> => {
    if (node === undefined) return {};
    const out: Record<string, number | string> = {};
    if (!isMap(node)) {
      at(node, `${what} is an object of names and values, like { "n": 1024 }`);
      return out;
    }
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown }).value);
      const value = isScalar(pair.value) ? pair.value.value : undefined;
      if (!/^[A-Za-z_]\w*$/.test(key)) at(pair.key as Node, `${what}: "${key}" is not a name`);
      else if ((typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'string')
        out[key] = value;
      else at(pair.value as Node, `${what}.${key} is a whole number or a type's name`);
    }
    return out;
  };
  for (const pair of top.items) {
    const key = String((pair.key as { value?: unknown }).value);
    if (!KEYS.includes(key)) at(pair.key as Node, `unknown key "${key}": the keys are ${KEYS.join(', ')}`);
  }
  const launches: ConfigLaunch[] = [];
  const launchList = top.get('launches', true) as Node | undefined;
  if (launchList !== undefined && !isSeq(launchList)) at(launchList, '"launches" is a list of launches');
  const launchItems = isSeq(launchList) ? launchList.items : [];
  launchItems.forEach((item, i) => {
    const name = `launches[${i}]`;
    if (!isMap(item)) return at(item as Node, `${name} is an object like { "file": "k.cu", "block": "32x8" }`);
    for (const pair of item.items) {
      const key = String((pair.key as { value?: unknown }).value);
      if (!LAUNCH_KEYS.includes(key))
        at(pair.key as Node, `${name}: unknown key "${key}": the keys are ${LAUNCH_KEYS.join(', ')}`);
    }
    const text = (key: string) => {
      const node = item.get(key, true) as Node | undefined;
      if (node === undefined) return undefined;
      if (isScalar(node) && (typeof node.value === 'string' || typeof node.value === 'number'))
        return { node, value: String(node.value) };
      at(node, `${name}.${key} is a string`);
      return undefined;
    };
    const block = text('block');
    const grid = text('grid');
    const readBlock = block && parseBlock(block.value);
    const readGridValue = grid && readGrid(grid.value);
    if (!block) at(item, `${name} needs its block, like "block": "32x8"`);
    else if (readBlock && !readBlock.ok) at(block.node, `${name}.block ${readBlock.error.reason}`);
    if (grid && typeof readGridValue === 'string') at(grid.node, `${name}.${readGridValue}`);
    const args = values(item.get('args', true) as Node | undefined, `${name}.args`);
    if (readBlock && readBlock.ok && typeof readGridValue !== 'string')
      launches.push({
        file: text('file')?.value,
        kernel: text('kernel')?.value,
        block: readBlock.value,
        ...(readGridValue ? { grid: readGridValue } : {}),
        args,
      });
  });
  const config = {
    path,
    root: dirname(path),
    files: strings('files'),
    include: strings('include'),
    defines: values(top.get('defines', true) as Node | undefined, 'defines'),
    launches,
  };
  return problems.length ? { problems } : config;
}
