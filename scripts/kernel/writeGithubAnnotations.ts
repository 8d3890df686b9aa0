import { appendFileSync } from 'node:fs';
import { groupDigits, writeBlock } from '../../src/engine';
import { getAccessLine } from '../../src/engine/kernel';
import { count, describeCheckLine, getLineLevel } from './describeCheckLine';
import type { CheckRun } from './kernelChecks';

/** GitHub shows at most this many annotations of each level from one step (and 50 a job). */
export const ANNOTATIONS_A_LEVEL = 10;

type Level = 'error' | 'warning' | 'notice';
interface Annotation {
  readonly level: Level;
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly title: string;
  readonly message: string;
}

// GitHub's workflow commands: a message escapes %, CR and LF; a property also : and ,.
const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

function writeCommand(a: Annotation): string {
  const props = [
    a.file !== undefined ? `file=${escapeProperty(a.file.replace(/\\/g, '/'))}` : '',
    a.line ? `line=${a.line}` : '',
    a.line && a.column ? `col=${a.column}` : '',
    `title=${escapeProperty(a.title)}`,
  ].filter(Boolean);
  return `::${a.level} ${props.join(',')}::${escapeData(a.message)}`;
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * A run as GitHub Actions' annotations: errors first, then each conflicting line (an error at twice
 * its ideal or more, a warning below, a notice where the baseline has it), at most 10 of each level
 * as GitHub shows from a step; everything, shown or not, in a markdown summary, appended to the
 * step's summary where GitHub gives one (else printed).
 */
export function writeGithubAnnotations(
  run: CheckRun,
  env: Readonly<Record<string, string | undefined>>,
): { stdout: string; summary: string } {
  const annotations: Annotation[] = run.problems.map((p) => ({
    level: 'error',
    file: p.path ?? p.file,
    line: p.line,
    column: p.column,
    title: 'bank-check could not check this',
    message: p.message,
  }));
  const rows: string[] = [];
  run.checks.forEach((check, c) =>
    [...check.report.lines.entries()]
      .filter(([, l]) => l.excess > 0)
      .sort(([, a], [, b]) => b.excess - a.excess)
      .forEach(([i, line]) => {
        const state = run.baseline?.get(run.fingerprints[c][i]);
        const level = getLineLevel(line, state);
        annotations.push({
          level: level === 'note' ? 'notice' : level,
          file: check.path,
          // A line inside a called function is where the access is (its column is not kept).
          line: getAccessLine(line),
          column: line.inner === null ? line.column : undefined,
          title: `Bank conflict: ${count(line.excess, 'round')} past the ideal`,
          message: describeCheckLine(check, line, state),
        });
        rows.push(
          `| ${cell(check.path)}:${getAccessLine(line)}${line.inner === null ? '' : ` (via line ${line.line})`} | ${cell(check.report.kernel)} | ${writeBlock(check.report.block)} | ${line.op} | ${groupDigits(line.rounds)} | ${groupDigits(line.ideal)} | ${groupDigits(line.excess)} | ${state ?? ''} |`,
        );
      }),
  );
  const shown: Annotation[] = [];
  const counts: Record<Level, number> = { error: 0, warning: 0, notice: 0 };
  for (const a of annotations) if (counts[a.level]++ < ANNOTATIONS_A_LEVEL) shown.push(a);
  const hidden = annotations.length - shown.length;
  const summary = [
    `### bank-check: ${run.checks.length} launch${run.checks.length === 1 ? '' : 'es'}, ${rows.length} conflicting line${rows.length === 1 ? '' : 's'}, ${run.problems.length} error${run.problems.length === 1 ? '' : 's'}`,
    '',
    ...(rows.length
      ? [
          '| where | kernel | block | op | rounds | ideal | excess | baseline |',
          '| --- | --- | --- | --- | --: | --: | --: | --- |',
          ...rows,
          '',
        ]
      : []),
    ...run.problems.map(
      (p) =>
        `- error: ${cell(`${p.path ?? p.file ?? ''}${p.line ? `:${p.line}:${p.column ?? 1}` : ''} ${p.message}`.trim())}`,
    ),
    ...(hidden
      ? [
          '',
          `${hidden} of ${annotations.length} annotations are not shown as annotations: GitHub shows ${ANNOTATIONS_A_LEVEL} of each level from a step.`,
        ]
      : []),
  ].join('\n');
  const lines = shown.map(writeCommand);
  if (hidden)
    lines.push(
      `bank-check: ${hidden} more finding${hidden === 1 ? '' : 's'} than GitHub shows as annotations; all are in the step summary`,
    );
  if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, `${summary}\n`);
  else lines.push('', summary);
  return { stdout: `${lines.join('\n')}\n`, summary };
}
