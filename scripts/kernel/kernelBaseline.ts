import { createHash } from 'node:crypto';
import { OPERATIONS, writeBlock, type KernelLine } from '../../src/engine';
import { getAccessLine } from '../../src/engine/kernel';
import type { BaselineState, CheckProblem, KernelCheck } from './kernelChecks';

/** A conflicting line as a baseline keeps it. */
export interface BaselineLine {
  readonly fingerprint: string;
  readonly file: string;
  readonly kernel: string;
  readonly block: string;
  /** The accesses' line; `via`: the kernel's line that calls the function it is in. */
  readonly line: number;
  readonly via?: number;
  readonly op: string;
  readonly source: string;
  readonly excess: number;
}

/**
 * A baseline as read: each line's excess by fingerprint. Version 1 was written before a called
 * function's lines had rows of their own: its rows are the kernel's lines, a call's lines summed.
 */
export interface Baseline {
  readonly version: 1 | 2;
  readonly excess: ReadonlyMap<string, number>;
}

/** Fingerprints of keys, each with a count where one report has the same key twice. */
function hashKeys(keys: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return keys.map((key) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${createHash('sha256').update(key).digest('hex').slice(0, 16)}:${n}`;
  });
}

const lineText = (source: string[], line: number) => (source[line - 1] ?? '').trim();

/**
 * Each report line's fingerprint: the file (from the project's root), kernel, block, operation, type and the line's own text
 * (not its number, so a line moved by an edit above it keeps it), with a count where one report
 * has the same text twice. A line inside a called function adds the text of the kernel's line
 * that calls it, so each call of it is a line of its own.
 */
export function getLineFingerprints(check: KernelCheck): string[] {
  const { report } = check;
  const source = check.source.split('\n');
  const head = [check.path, report.kernel, writeBlock(report.block)];
  return hashKeys(
    report.lines.map((l) =>
      [...head, l.op, l.type, l.source, ...(l.inner === null ? [] : [lineText(source, l.line)])].join('\u0000'),
    ),
  );
}

const opIndex = (op: string) => OPERATIONS.findIndex((o) => o.id === op);

/**
 * Each report line's fingerprint as a baseline written before a called function's lines had rows of
 * their own keeps it: the kernel line's text, the rows of one call summed into one (in the order
 * those rows had: by kernel line, operation and type).
 */
function getOldFingerprints(check: KernelCheck): string[] {
  const { report } = check;
  const source = check.source.split('\n');
  const head = [check.path, report.kernel, writeBlock(report.block)];
  const rows = new Map<string, { line: KernelLine; key: string }>();
  for (const l of report.lines) {
    const row = `${l.line} ${l.op} ${l.type}`;
    if (!rows.has(row))
      rows.set(row, { line: l, key: [...head, l.op, l.type, lineText(source, l.line)].join('\u0000') });
  }
  const order = [...rows.values()].sort(
    (a, b) =>
      a.line.line - b.line.line || opIndex(a.line.op) - opIndex(b.line.op) || a.line.type.localeCompare(b.line.type),
  );
  const hashes = new Map(order.map((r, i) => [r, hashKeys(order.map((o) => o.key))[i]]));
  return report.lines.map((l) => hashes.get(rows.get(`${l.line} ${l.op} ${l.type}`)!)!);
}

/** The baseline file `--write-baseline` writes: every line with excess, as it is now. */
export function writeBaseline(checks: readonly KernelCheck[], fingerprints: readonly (readonly string[])[]): string {
  const lines: BaselineLine[] = checks.flatMap((check, c) =>
    check.report.lines.flatMap((l, i) =>
      l.excess > 0
        ? [
            {
              fingerprint: fingerprints[c][i],
              file: check.path,
              kernel: check.report.kernel,
              block: writeBlock(check.report.block),
              line: getAccessLine(l),
              ...(l.inner === null ? {} : { via: l.line }),
              op: l.op,
              source: l.source,
              excess: l.excess,
            },
          ]
        : [],
    ),
  );
  return `${JSON.stringify({ version: 2, tool: 'bank-check', lines }, null, 2)}\n`;
}

/** A baseline file's text read into its lines' excess by fingerprint, or where it is wrong. */
export function readBaseline(path: string, text: string): Baseline | CheckProblem {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    const before = text.slice(0, position === undefined ? 0 : Number(position)).split('\n');
    return {
      file: path,
      line: before.length,
      column: before.at(-1)!.length + 1,
      message: `not JSON: ${(error as Error).message}`,
    };
  }
  const lines = (data as { lines?: unknown })?.lines;
  const version = (data as { version?: unknown })?.version;
  if ((version !== 1 && version !== 2) || !Array.isArray(lines))
    return {
      file: path,
      line: 1,
      column: 1,
      message: 'not a baseline that --write-baseline wrote (version 1 or 2, lines)',
    };
  const excess = new Map<string, number>();
  for (const l of lines as Partial<BaselineLine>[])
    if (typeof l?.fingerprint === 'string' && typeof l.excess === 'number') excess.set(l.fingerprint, l.excess);
  return { version, excess };
}

/**
 * Each line with excess against the baseline: new to it, worse, unchanged or better. Against a
 * version 1 baseline, the rows of a kernel line's call are set against the one row it kept for that
 * line: their excess (and the kernel line's own, of that operation and type) summed, each of them
 * given the state of the sum.
 */
export function compareWithBaseline(
  checks: readonly KernelCheck[],
  fingerprints: readonly (readonly string[])[],
  baseline: Baseline,
): Map<string, BaselineState> {
  const states = new Map<string, BaselineState>();
  checks.forEach((check, c) => {
    const lines = check.report.lines;
    const calls = baseline.version === 1 && lines.some((l) => l.inner !== null);
    const keys = calls ? getOldFingerprints(check) : fingerprints[c];
    lines.forEach((l, i) => {
      if (l.excess === 0) return;
      const before = baseline.excess.get(keys[i]);
      const excess = calls
        ? lines.reduce((sum, other, j) => (keys[j] === keys[i] ? sum + other.excess : sum), 0)
        : l.excess;
      states.set(
        fingerprints[c][i],
        before === undefined ? 'new' : excess > before ? 'worse' : excess < before ? 'better' : 'unchanged',
      );
    });
  });
  return states;
}
