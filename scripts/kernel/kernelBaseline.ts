import { createHash } from 'node:crypto';
import { writeBlock } from '../../src/engine';
import type { BaselineState, CheckProblem, KernelCheck } from './kernelChecks';

/** A conflicting line as a baseline keeps it. */
export interface BaselineLine {
  readonly fingerprint: string;
  readonly file: string;
  readonly kernel: string;
  readonly block: string;
  readonly line: number;
  readonly op: string;
  readonly source: string;
  readonly excess: number;
}

/**
 * Each report line's fingerprint: the file (from the project's root), kernel, block, operation, type and the line's own text
 * (not its number, so a line moved by an edit above it keeps it), with a count where one report
 * has the same text twice.
 */
export function getLineFingerprints(check: KernelCheck): string[] {
  const seen = new Map<string, number>();
  const { report } = check;
  return report.lines.map((l) => {
    const key = [check.path, report.kernel, writeBlock(report.block), l.op, l.type, l.source].join('\u0000');
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return `${createHash('sha256').update(key).digest('hex').slice(0, 16)}:${n}`;
  });
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
              line: l.line,
              op: l.op,
              source: l.source,
              excess: l.excess,
            },
          ]
        : [],
    ),
  );
  return `${JSON.stringify({ version: 1, tool: 'bank-check', lines }, null, 2)}\n`;
}

/** A baseline file's text read into its lines' excess by fingerprint, or where it is wrong. */
export function readBaseline(path: string, text: string): Map<string, number> | CheckProblem {
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
  if ((data as { version?: unknown })?.version !== 1 || !Array.isArray(lines))
    return { file: path, line: 1, column: 1, message: 'not a baseline that --write-baseline wrote (version 1, lines)' };
  const excess = new Map<string, number>();
  for (const l of lines as Partial<BaselineLine>[])
    if (typeof l?.fingerprint === 'string' && typeof l.excess === 'number') excess.set(l.fingerprint, l.excess);
  return excess;
}

/** Each line with excess against the baseline: new to it, worse, unchanged or better. */
export function compareWithBaseline(
  checks: readonly KernelCheck[],
  fingerprints: readonly (readonly string[])[],
  baseline: ReadonlyMap<string, number>,
): Map<string, BaselineState> {
  const states = new Map<string, BaselineState>();
  checks.forEach((check, c) =>
    check.report.lines.forEach((l, i) => {
      if (l.excess === 0) return;
      const before = baseline.get(fingerprints[c][i]);
      states.set(
        fingerprints[c][i],
        before === undefined ? 'new' : l.excess > before ? 'worse' : l.excess < before ? 'better' : 'unchanged',
      );
    }),
  );
  return states;
}
