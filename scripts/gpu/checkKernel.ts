import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseBlock, type ThreadBlock } from '../../src/engine';
import { analyzeKernel, readLaunchComments } from '../../src/engine/kernel';
import { writeNcuTable } from '../kernel/compareNcuPage';
import { loadCppParser } from '../kernel/loadCppParser';
import { compareKernelLines } from './compareKernelLines';
import { findGpus, getArch, onGpu } from './findGpus';
import { readNcuSourceCsv } from './readNcuSourceCsv';
import { writeKernelHarness } from './writeKernelHarness';

export const KERNEL_CHECK_USAGE =
  'usage: npm run gpu:check -- --kernel <file.cu> [--name <kernel>] [--block X[xY[xZ]]] [--arg name=value]… [--compile-only] [--out <dir>]';

/** The architecture a harness is compiled for with no GPU to ask. */
const DEFAULT_ARCH = 'sm_90';

interface KernelCheckOptions {
  file: string;
  name?: string;
  block: ThreadBlock;
  args: Record<string, number | string>;
  compileOnly: boolean;
  out: string;
  /** Whether the command line gave the block, which then overrides the file's `// bank-check:` launch. */
  blockGiven?: boolean;
}

/** Reads `--kernel …` and the options beside it, or stops naming what was wrong. */
export function readKernelCheckArgs(argv: readonly string[], stop: (message: string) => never): KernelCheckOptions {
  const options: KernelCheckOptions = {
    file: '',
    block: { x: 32, y: 1, z: 1 },
    args: {},
    compileOnly: false,
    out: 'gpu-check',
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--compile-only') {
      options.compileOnly = true;
      continue;
    }
    const value = argv[++i];
    if (value === undefined || value.startsWith('--')) stop(`${flag} needs a value`);
    if (flag === '--kernel') options.file = value;
    else if (flag === '--name') options.name = value;
    else if (flag === '--out') options.out = value;
    else if (flag === '--block') {
      const block = parseBlock(value);
      if (!block.ok) stop(`--block ${value}: ${block.error.reason}`);
      options.block = block.value;
      options.blockGiven = true;
    } else if (flag === '--arg') {
      const match = /^([A-Za-z_]\w*)=(-?\d+|[A-Za-z_][\w ]*)$/.exec(value);
      if (!match) stop(`--arg ${value}: write it as name=value (like n=1024)`);
      options.args[match[1]] = /^-?\d+$/.test(match[2]) ? Number(match[2]) : match[2];
    } else stop(`unknown argument "${flag}"`);
  }
  if (!options.file) stop('--kernel needs the kernel file');
  return options;
}

/**
 * `gpu:check --kernel`: the analysis of one block set beside what Nsight Compute measures for the
 * same block, line by line: the user's kernel built with `-lineinfo` into a one-block harness, run
 * once, then profiled for the source-level shared-memory counters.
 */
export async function checkKernel(argv: readonly string[], stop: (message: string, code?: number) => never) {
  const options = readKernelCheckArgs(argv, (m) => stop(`${m}\n${KERNEL_CHECK_USAGE}`));
  let source: string;
  try {
    source = readFileSync(options.file, 'utf8');
  } catch (error) {
    stop(`cannot read ${options.file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  // The file's own launch, as `npm run kernel` takes it; the command line's block and arguments over it.
  const comments = readLaunchComments(source);
  for (const e of comments.errors) stop(`${options.file}:${e.line}:${e.column}: ${e.message}`);
  const written = comments.launches.find((l) => !options.name || !l.kernel || l.kernel === options.name);
  const analysis = analyzeKernel(
    source,
    {
      kernel: options.name ?? written?.kernel,
      block: options.blockGiven || !written ? options.block : written.block,
      ...(written?.grid ? { grid: written.grid } : {}),
      args: { ...written?.args, ...options.args },
    },
    await loadCppParser(),
  );
  if (!analysis.ok) {
    for (const e of analysis.errors) console.error(`${options.file}:${e.line}:${e.column}: ${e.message}`);
    process.exit(2);
  }
  const report = analysis.report;
  const gpus = findGpus();
  if (typeof gpus === 'string' && !options.compileOnly)
    stop(`${gpus}; nothing was measured (--compile-only builds the harness without one)`);
  if (spawnSync('nvcc', ['--version']).error)
    stop('nvcc is not on the PATH: install the CUDA toolkit to build the harness');
  const gpu = typeof gpus === 'string' ? null : gpus[0];
  const arch = gpu ? getArch(gpu) : DEFAULT_ARCH;
  const out = resolve(options.out);
  mkdirSync(out, { recursive: true });
  const harness = join(out, 'harness.cu');
  writeFileSync(harness, writeKernelHarness(report, options.file));
  const binary = join(out, 'harness');
  // The user's own code may warn; -lineinfo ties each SASS instruction to its CUDA line.
  const build = spawnSync('nvcc', ['-std=c++17', '-O2', '-lineinfo', `-arch=${arch}`, '-o', binary, harness], {
    encoding: 'utf8',
  });
  if (build.status !== 0) stop(`nvcc failed:\n${build.stderr}`, 1);
  if (options.compileOnly || !gpu) {
    console.log(`gpu:check: compiled one block of ${report.kernel} (${basename(options.file)}) for ${arch}: ${binary}`);
    process.exit(0);
  }
  const env = onGpu(gpu);
  const run = spawnSync(binary, [], { encoding: 'utf8', env });
  if (run.status !== 0) stop(`the harness failed:\n${run.stdout}${run.stderr}`, run.status === 2 ? 2 : 1);
  const sections = spawnSync('ncu', ['--list-sections'], { encoding: 'utf8', env });
  if (sections.error) stop('ncu (Nsight Compute) is not on the PATH; nothing was measured');
  if (!/\bSourceCounters\b/.test(sections.stdout))
    stop('this ncu has no SourceCounters section, so no per-line shared-memory counters');
  const report_ = join(out, 'kernel');
  const profile = spawnSync(
    'ncu',
    ['--clock-control', 'none', '--section', 'SourceCounters', '--import-source', 'yes', '-f', '-o', report_, binary],
    { encoding: 'utf8', env },
  );
  if (/ERR_NVGPUCTRPERM/.test(profile.stdout + profile.stderr))
    stop(
      'the GPU\'s performance counters are not permitted for this user (ERR_NVGPUCTRPERM); see NVIDIA\'s "ERR_NVGPUCTRPERM" page',
    );
  if (profile.status !== 0) stop(`ncu failed:\n${profile.stderr || profile.stdout}`, 1);
  const page = spawnSync(
    'ncu',
    ['--import', `${report_}.ncu-rep`, '--page', 'source', '--csv', '--print-source', 'cuda,sass'],
    {
      encoding: 'utf8',
      env,
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  if (page.status !== 0) stop(`ncu --import failed:\n${page.stderr || page.stdout}`, 1);
  writeFileSync(join(out, 'source.csv'), page.stdout);
  const rows = compareKernelLines(report, readNcuSourceCsv(page.stdout, resolve(options.file)), source);
  console.log(writeNcuTable(rows, join(out, 'source.csv')));
  const agree = rows.filter((r) => r.agree).length;
  console.log(
    `gpu:check: ${agree} of ${rows.length} lines agree on ${gpu.name} (compute capability ${gpu.computeCapability}, driver ${gpu.driver})`,
  );
  writeFileSync(
    join(out, 'kernel-results.json'),
    `${JSON.stringify({ gpu, file: options.file, kernel: report.kernel, block: report.block, args: report.args, rows }, null, 2)}\n`,
  );
  console.log(`gpu:check: results in ${join(out, 'kernel-results.json')}`);
}
