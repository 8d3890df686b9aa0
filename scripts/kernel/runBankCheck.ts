import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { type KernelParse } from '../../src/engine';
import { analyzeKernel, suggestLayoutFixes } from '../../src/engine/kernel';
import { compareNcuPage } from './compareNcuPage';
import { compareWithBaseline, getLineFingerprints, readBaseline, writeBaseline, type Baseline } from './kernelBaseline';
import type { CheckProblem, CheckRun, KernelCheck } from './kernelChecks';
import { planKernelChecks } from './planKernelChecks';
import { findBankCheckConfig, findProjectRoot, readBankCheckConfig, type BankCheckConfig } from './readBankCheckConfig';
import { readKernelArgs, type KernelCommand } from './readKernelArgs';
import { writeCheckRun, type CheckOutput } from './writeCheckRun';

/** What the command needs from where it runs: its folder, environment, and how to load the parser. */
export interface BankCheckPlace {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly loadParser: () => Promise<KernelParse>;
}

/** The status a run exits with: 2 for any error, 1 for a line worse than the baseline (or any excess with --fail-on-conflict). */
function getStatus(command: KernelCommand, run: Omit<CheckRun, 'status'>): 0 | 1 | 2 {
  if (run.problems.length > 0) return 2;
  if (run.baseline) return [...run.baseline.values()].some((s) => s === 'new' || s === 'worse') ? 1 : 0;
  return command.failOnConflict && run.checks.some((c) => c.report.total.excess > 0) ? 1 : 0;
}

/** Reads a file the run needs (the config, a baseline), or the problem of reading it. */
function readText(path: string): string | CheckProblem {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    return { message: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
}

/**
 * `bank-check` (`npm run kernel`) from its arguments to its output and status: the files and
 * globs, each file's launches (its comments, bank-check.json, the command line over them), every
 * launch analyzed, compared with a baseline, then written in the format asked for. Each step is
 * its own module, so a flag is a field in {@link KernelCommand}, a line where it is read, and the
 * step that uses it.
 */
export async function runBankCheck(argv: readonly string[], place: BankCheckPlace): Promise<CheckOutput> {
  const command = readKernelArgs(argv);
  if ('problems' in command) {
    const problems = command.problems.map((message) => ({ message }));
    return writeCheckRun({ checks: [], problems, fingerprints: [], status: 2 }, command.format, place.env, true);
  }
  const problems: CheckProblem[] = [];
  let config: BankCheckConfig | null = null;
  const configPath = findBankCheckConfig(place.cwd);
  if (configPath) {
    const text = readText(configPath);
    const read = typeof text === 'string' ? readBankCheckConfig(configPath, text) : { problems: [text] };
    if ('problems' in read) problems.push(...read.problems);
    else config = read;
  }
  let baseline: Baseline | undefined;
  if (command.baseline) {
    const text = readText(resolve(place.cwd, command.baseline));
    const read = typeof text === 'string' ? readBaseline(command.baseline, text) : text;
    if ('excess' in read) baseline = read;
    else problems.push(read);
  }
  const plan = problems.length ? { planned: [], problems: [] } : await planKernelChecks(command, config, place.cwd);
  problems.push(...plan.problems);
  // Paths from the project's root, so a baseline, SARIF and annotations name a file alike from any folder.
  const root = config?.root ?? findProjectRoot(place.cwd);
  const fromRoot = (file: string) => relative(root, resolve(place.cwd, file)).replace(/\\/g, '/');
  const checks: KernelCheck[] = [];
  const parse = plan.planned.length > 0 ? await place.loadParser() : null;
  for (const { file, source, launch, origin } of plan.planned) {
    const result = analyzeKernel(source, launch, parse!);
    if (!result.ok)
      problems.push(
        ...result.errors.map((e) => ({ file: e.file ?? file, line: e.line, column: e.column, message: e.message })),
      );
    else {
      // --suggest: the layout fixes, each proved by analysing the whole kernel again (src/engine/kernel/suggest).
      const fixes = command.suggest ? suggestLayoutFixes(source, launch, result.report, parse!) : undefined;
      checks.push({ file, path: fromRoot(file), origin, report: result.report, source, ...(fixes ? { fixes } : {}) });
    }
  }
  problems.forEach((p, i) => {
    if (p.file !== undefined) problems[i] = { ...p, path: fromRoot(p.file) };
  });
  const fingerprints = checks.map(getLineFingerprints);
  const states = baseline && compareWithBaseline(checks, fingerprints, baseline);
  // --ncu: a source page recorded elsewhere, set beside the one launch's report (compareNcuPage.ts).
  let ncu: CheckRun['ncu'];
  if (command.ncu && checks.length > 0) {
    const compared =
      checks.length === 1
        ? await compareNcuPage(checks[0].report, resolve(place.cwd, command.ncu), checks[0].file, checks[0].source)
        : { ok: false as const, problem: `a page sets one launch beside its report; this run has ${checks.length}` };
    if (compared.ok) ncu = { page: command.ncu, rows: compared.rows };
    else problems.push({ message: `--ncu ${command.ncu}: ${compared.problem}` });
  }
  const found = { checks, problems, fingerprints, ...(states ? { baseline: states } : {}), ...(ncu ? { ncu } : {}) };
  const run: CheckRun = { ...found, status: getStatus(command, found) };
  const output = writeCheckRun(run, command.json ? 'report' : command.format, place.env, false);
  // A baseline of a run that stopped short would pass lines it never saw.
  if (command.writeBaseline && run.status !== 2) {
    writeFileSync(resolve(place.cwd, command.writeBaseline), writeBaseline(checks, fingerprints));
    return { ...output, status: 0 };
  }
  return output;
}
