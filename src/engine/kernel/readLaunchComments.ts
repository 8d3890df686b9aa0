import { parseBlock, type ThreadBlock } from '../threadBlock';
import type { KernelError } from './kernelError';

/** One launch written in a kernel's source: `// bank-check: kernel=k block=32x8 args=n=1024 grid=4`. */
export interface LaunchComment {
  /** Where the comment's `bank-check:` starts (1-based line and column). */
  readonly line: number;
  readonly column: number;
  readonly kernel?: string;
  readonly block: ThreadBlock;
  readonly grid?: ThreadBlock;
  readonly args: Readonly<Record<string, number | string>>;
}

/** The launches a source names, in source order, and every comment that could not be read. */
export interface LaunchComments {
  readonly launches: readonly LaunchComment[];
  readonly errors: readonly KernelError[];
}

const MARK = /\/\/\s*(bank-check\s*:)(.*)$/;
const KEYS = ['kernel', 'block', 'args', 'grid'] as const;
type Key = (typeof KEYS)[number];
// CUDA's grid limits: 2^31 − 1 blocks along x, 65,535 along y and z.
const GRID_MAX = { x: 2 ** 31 - 1, y: 65_535, z: 65_535 } as const;

/** A grid `X[xY[xZ]]` within CUDA's limits, or why not. */
export function readGrid(text: string): ThreadBlock | string {
  const parts = text.split(/[x×*]/i);
  if (parts.length > 3 || !parts.every((p) => /^\d{1,10}$/.test(p)))
    return `grid must be X, XxY or XxYxZ blocks (like 64x8), not "${text}"`;
  const [x, y = 1, z = 1] = parts.map(Number);
  for (const [axis, n] of [
    ['x', x],
    ['y', y],
    ['z', z],
  ] as const) {
    if (n < 1) return `gridDim.${axis} must be at least 1`;
    if (n > GRID_MAX[axis]) return `gridDim.${axis} is at most ${GRID_MAX[axis]}, not ${n}`;
  }
  return { x, y, z };
}

/** `n=1024,TILE=32,T=float` read into values, or why not. */
function readArgs(text: string): Record<string, number | string> | string {
  const args: Record<string, number | string> = {};
  for (const pair of text.split(',')) {
    const match = /^([A-Za-z_]\w*)=(.+)$/.exec(pair);
    if (!match) return `"${pair}" in args: write each as name=value (like args=n=1024,TILE=32)`;
    const [, name, raw] = match;
    if (name in args) return `args gives ${name} twice`;
    if (/^-?(0[xX][0-9a-fA-F]+|\d+)$/.test(raw)) {
      const negative = raw.startsWith('-');
      const value = Number(negative ? raw.slice(1) : raw);
      if (!Number.isSafeInteger(value)) return `args ${name}=${raw} is past 2^53`;
      args[name] = negative ? -value : value;
    } else if (/^[A-Za-z_]\w*$/.test(raw)) args[name] = raw;
    else return `args ${name}=${raw}: a value is a whole number (or a type, for a template's type parameter)`;
  }
  return args;
}

/**
 * Every `// bank-check:` launch comment in a source (several launches or kernels may each have
 * one), read without running anything: `kernel=`, `args=` and `grid=` are optional, `block=` is
 * not. An unreadable comment is an error at the line and column of what was wrong, so a file's
 * launches are taken whole or not at all.
 */
export function readLaunchComments(source: string): LaunchComments {
  const launches: LaunchComment[] = [];
  const errors: KernelError[] = [];
  const lines = source.split(/\r?\n/);
  lines.forEach((text, index) => {
    const match = MARK.exec(text);
    if (!match) return;
    const line = index + 1;
    const column = match.index + match[0].indexOf(match[1]) + 1;
    const bodyStart = match.index + match[0].length - match[2].length;
    const found: Partial<Record<Key, { value: string; column: number }>> = {};
    let failed = false;
    const refuse = (at: number, message: string) => {
      errors.push({ line, column: at, message });
      failed = true;
    };
    for (const token of match[2].matchAll(/\S+/g)) {
      const at = bodyStart + token.index + 1;
      const eq = token[0].indexOf('=');
      const key = token[0].slice(0, Math.max(eq, 0));
      if (eq < 1) refuse(at, `"${token[0]}" in a bank-check comment: write key=value (${KEYS.join(', ')})`);
      else if (!(KEYS as readonly string[]).includes(key))
        refuse(at, `unknown key "${key}" in a bank-check comment: the keys are ${KEYS.join(', ')}`);
      else if (found[key as Key]) refuse(at, `${key} is given twice in this bank-check comment`);
      else found[key as Key] = { value: token[0].slice(eq + 1), column: at + eq + 1 };
    }
    if (failed) return;
    const { kernel, block, args, grid } = found;
    if (!block) return refuse(column, 'a bank-check comment needs the block (like block=32x8)');
    if (kernel && !/^[A-Za-z_]\w*$/.test(kernel.value))
      return refuse(kernel.column, `kernel=${kernel.value} is not a function's name`);
    const readBlock = parseBlock(block.value);
    if (!readBlock.ok) return refuse(block.column, `block ${readBlock.error.reason}`);
    const readGridValue = grid ? readGrid(grid.value) : undefined;
    if (typeof readGridValue === 'string') return refuse(grid!.column, readGridValue);
    const readArgsValue = args ? readArgs(args.value) : {};
    if (typeof readArgsValue === 'string') return refuse(args!.column, readArgsValue);
    launches.push({
      line,
      column,
      ...(kernel ? { kernel: kernel.value } : {}),
      block: readBlock.value,
      ...(readGridValue ? { grid: readGridValue } : {}),
      args: readArgsValue,
    });
  });
  return { launches, errors };
}
