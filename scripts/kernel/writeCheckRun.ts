import { writeBlock } from '../../src/engine';
import { writeRowPlace } from '../../src/engine/kernel';
import type { CheckRun } from './kernelChecks';
import { writeProblem } from './kernelChecks';
import type { KernelFormat } from './readKernelArgs';
import { KERNEL_USAGE } from './readKernelArgs';
import { writeGithubAnnotations } from './writeGithubAnnotations';
import { writeNcuTable } from './compareNcuPage';
import { getFixesJson, writeFixes } from './writeFixSuggestions';
import { getKernelJson, writeKernelTable } from './writeKernelReport';
import { writeSarif } from './writeSarif';

/** What a run prints, and the status it exits with; `summary`: markdown for GitHub's step summary. */
export interface CheckOutput {
  readonly status: 0 | 1 | 2;
  readonly stdout: string;
  readonly stderr: string;
  readonly summary?: string;
}

const line = (text: string) => (text ? `${text}\n` : '');

/** The tables, one a launch, then (for several) one line for the whole run, and where lines stand against the baseline. */
function writeText(run: CheckRun): string {
  const parts = run.checks.map((check, c) => {
    const table = writeKernelTable(check.report, check.file);
    const against = check.report.lines.flatMap((l, i) => {
      const state = run.baseline?.get(run.fingerprints[c][i]);
      return state === 'new' || state === 'worse'
        ? [`  ${writeRowPlace(l)} ${l.op}: ${state === 'new' ? 'new since' : 'worse than'} the baseline`]
        : [];
    });
    const fixes = check.fixes ? [writeFixes(check.fixes, check.file, check.source)] : [];
    return [table, ...against, ...fixes].join('\n');
  });
  if (run.checks.length > 1 || run.baseline) {
    const conflicting = run.checks.filter((c) => c.report.total.excess > 0).length;
    const files = new Set(run.checks.map((c) => c.file)).size;
    const states = [...(run.baseline?.values() ?? [])];
    const past = states.filter((s) => s === 'new' || s === 'worse').length;
    parts.push(
      `bank-check: ${run.checks.length} launch${run.checks.length === 1 ? '' : 'es'} in ${files} file${files === 1 ? '' : 's'}, ${conflicting} with a conflict` +
        (run.baseline ? `; ${past} line${past === 1 ? '' : 's'} worse than the baseline` : '') +
        (run.problems.length ? `; ${run.problems.length} error${run.problems.length === 1 ? '' : 's'}` : ''),
    );
  }
  if (run.ncu) parts.push(writeNcuTable(run.ncu.rows, run.ncu.page));
  return parts.join('\n\n');
}

/** `--format json`: every launch's report, every problem, the status. */
function writeJson(run: CheckRun) {
  return {
    status: run.status,
    results: run.checks.map((check, c) => {
      const report = getKernelJson(check.report);
      const fingerprints = run.fingerprints[c];
      return {
        file: check.file,
        path: check.path,
        origin: check.origin,
        kernel: check.report.kernel,
        block: writeBlock(check.report.block),
        grid: writeBlock(check.report.grid),
        args: check.report.args,
        ...(check.fixes ? { fixes: getFixesJson(check.fixes, check.file, check.source) } : {}),
        report: {
          ...report,
          lines: report.lines.map((l, i) => {
            const state = run.baseline?.get(fingerprints[i]);
            return { ...l, fingerprint: fingerprints[i], ...(state ? { baselineState: state } : {}) };
          }),
        },
      };
    }),
    errors: run.problems,
    ...(run.ncu ? { ncu: run.ncu.rows } : {}),
  };
}

/** `--json`: the one launch's report in the shape it has always had, with `ncu` and `fixes` where asked for. */
function getReportJson(run: CheckRun) {
  const [check] = run.checks;
  return {
    ...getKernelJson(check.report),
    ...(run.ncu ? { ncu: run.ncu.rows } : {}),
    ...(check.fixes ? { fixes: getFixesJson(check.fixes, check.file, check.source) } : {}),
  };
}

/** A run written as `format` asks; `usage`: the run stopped at its arguments, so the usage is printed too. */
export function writeCheckRun(
  run: CheckRun,
  format: KernelFormat | 'report',
  env: Readonly<Record<string, string | undefined>>,
  usage: boolean,
): CheckOutput {
  const stderr = line(run.problems.map(writeProblem).join('\n')) + (usage ? line(KERNEL_USAGE) : '');
  if (format === 'sarif') return { status: run.status, stdout: line(JSON.stringify(writeSarif(run), null, 2)), stderr };
  if (format === 'github') return { ...writeGithubAnnotations(run, env), status: run.status, stderr: '' };
  if (format === 'json') return { status: run.status, stdout: line(JSON.stringify(writeJson(run), null, 2)), stderr };
  if (format === 'report') {
    // --json: one launch's report in the shape it has always had.
    if (run.checks.length > 1)
      return {
        status: 2,
        stdout: '',
        stderr: line('kernel: --json prints one launch; this run has several: use --format json'),
      };
    return {
      status: run.status,
      stdout: run.checks.length ? line(JSON.stringify(getReportJson(run), null, 2)) : '',
      stderr,
    };
  }
  return { status: run.status, stdout: line(writeText(run)), stderr };
}
