import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { readIncludedFiles } from './readIncludedFiles';
import { type KernelLaunch } from '../../src/engine';
import { MAX_KERNEL_SOURCE, readLaunchComments } from '../../src/engine/kernel';
import { findSourceFiles, globToRegExp, isGlob } from './findSourceFiles';
import type { CheckProblem, PlannedCheck } from './kernelChecks';
import type { KernelCommand } from './readKernelArgs';
import type { BankCheckConfig, ConfigLaunch } from './readBankCheckConfig';

const DEFAULT_BLOCK = { x: 32, y: 1, z: 1 };

/** The files a run checks, as it names them: command-line ones from `cwd`, the config's from its folder. */
function listFiles(command: KernelCommand, config: BankCheckConfig | null, cwd: string) {
  const problems: CheckProblem[] = [];
  const fromConfig = command.files.length === 0 && config !== null;
  const patterns = fromConfig ? config.files : command.files;
  const base = fromConfig ? config.root : cwd;
  if (patterns.length === 0)
    problems.push({
      message: config
        ? `the kernel file is missing: name one, or list them as "files" in ${config.path}`
        : 'the kernel file is missing',
    });
  const files: string[] = [];
  for (const pattern of patterns) {
    if (!isGlob(pattern)) {
      files.push(fromConfig ? relative(cwd, join(base, pattern)) || pattern : pattern);
      continue;
    }
    const found = findSourceFiles(pattern, base);
    if (found.length === 0) problems.push({ message: `${pattern} matches no file` });
    for (const f of found) files.push(isAbsolute(f) || !fromConfig ? f : relative(cwd, join(base, f)));
  }
  return { files: [...new Set(files)], problems };
}

/** Whether a config launch's `file` (a path or glob from the config's folder) names `file`. */
function configNames(launch: ConfigLaunch, file: string, config: BankCheckConfig, cwd: string): boolean {
  if (launch.file === undefined) return true;
  const fromRoot = relative(config.root, resolve(cwd, file)).replace(/\\/g, '/');
  return isGlob(launch.file) ? globToRegExp(launch.file).test(fromRoot) : launch.file.replace(/^\.\//, '') === fromRoot;
}

/**
 * A file's launches: its `// bank-check:` comments and bank-check.json's, each with what the
 * command line gives put over it (a `--kernel` keeps only that kernel's); the command line's
 * own launch where none is written.
 */
function getLaunches(command: KernelCommand, written: readonly (ConfigLaunch & { origin: string })[]) {
  const fromCommand = {
    kernel: command.kernel,
    block: command.block ?? DEFAULT_BLOCK,
    ...(command.grid ? { grid: command.grid } : {}),
    ...(command.blockIdx ? { blockIdx: command.blockIdx } : {}),
    args: command.args,
  };
  const kept = written.filter((l) => !command.kernel || !l.kernel || l.kernel === command.kernel);
  if (kept.length === 0) return [{ launch: fromCommand as KernelLaunch, origin: 'the command line' }];
  return kept.map(({ origin, kernel, block, grid, args }) => ({
    launch: {
      kernel: command.kernel ?? kernel,
      block: command.block ?? block,
      ...(command.grid || grid ? { grid: command.grid ?? grid } : {}),
      ...(command.blockIdx ? { blockIdx: command.blockIdx } : {}),
      args: { ...args, ...command.args },
    } as KernelLaunch,
    origin,
  }));
}

const stringValues = (values: Readonly<Record<string, number | string>>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));

/** Reads a kernel's source, refusing one over 1 MB before reading it. */
async function readSource(file: string, cwd: string): Promise<string | CheckProblem> {
  try {
    const { size } = await stat(resolve(cwd, file));
    if (size > MAX_KERNEL_SOURCE)
      return {
        file,
        line: 1,
        column: 1,
        message: `the source is over 1 MB (${size} bytes); analyze the kernel's own file`,
      };
    return await readFile(resolve(cwd, file), 'utf8');
  } catch (error) {
    return { message: `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
}

/** Every launch of every file a run checks, or what stopped each file from being planned. */
export async function planKernelChecks(
  command: KernelCommand,
  config: BankCheckConfig | null,
  cwd: string,
): Promise<{ planned: PlannedCheck[]; problems: CheckProblem[] }> {
  const { files, problems } = listFiles(command, config, cwd);
  const planned: PlannedCheck[] = [];
  for (const file of files) {
    const source = await readSource(file, cwd);
    if (typeof source !== 'string') {
      problems.push(source);
      continue;
    }
    const comments = readLaunchComments(source);
    problems.push(...comments.errors.map((e) => ({ file, ...e })));
    if (comments.errors.length > 0) continue;
    const written = [
      ...comments.launches.map((l) => ({ ...l, origin: `line ${l.line}` })),
      ...(config?.launches ?? [])
        .filter((l) => configNames(l, file, config!, cwd))
        .map((l) => ({ ...l, origin: 'bank-check.json' })),
    ];
    // The preprocessor's: bank-check.json's defines under the command line's -D/-U, its include
    // directories (from its folder) after the command line's -I.
    const defines = { ...stringValues(config?.defines ?? {}), ...command.defines };
    const dirs = [
      ...command.includeDirs,
      ...(config?.include ?? []).map((d) => relative(cwd, join(config!.root, d)) || '.'),
    ];
    const includes = await readIncludedFiles(file, source, dirs, cwd);
    for (const { launch, origin } of getLaunches(command, written))
      planned.push({ file, source, launch: { ...launch, defines, includes }, origin });
  }
  return { planned, problems };
}
