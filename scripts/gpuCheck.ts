// npm run gpu:check -- [--compile-only] [--out <dir>] [--seed <n>] [--samples <n>]
// npm run gpu:check -- --kernel <file.cu> [--block …] [--arg …] [--compile-only]
// Sets the engine's rounds beside what a real GPU measures: writes a CUDA probe program from a
// list of accesses (scripts/gpu/getProbes.ts), compiles it with nvcc for the first GPU found, runs
// it there once to check every value it loads or stores, then under Nsight Compute, and prints,
// per access, the engine's rounds and the wavefronts per instruction of the measured kind. With
// --kernel, the same for each line of a whole kernel (scripts/gpu/checkKernel.ts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkKernel } from './gpu/checkKernel';
import { findGpus, getArch, onGpu } from './gpu/findGpus';
import { createProbe, getProbeSpecs, loadOperationProbes, type Probe } from './gpu/getProbes';
import { queryNcuMetrics, splitMetrics } from './gpu/queryNcuMetrics';
import { measureProbe } from './gpu/measureProbe';
import { readNcuCsv } from './gpu/readNcuCsv';
import { writeProbeHeader } from './gpu/writeProbeHeader';
import { getOperation, OPERATIONS } from '../src/engine';

const USAGE =
  'usage: npm run gpu:check -- [--compile-only] [--out <dir>] [--seed <n>] [--samples <n>]\n       npm run gpu:check -- --kernel <file.cu> [--block X[xY[xZ]]] [--arg name=value]… [--compile-only]';
/** The architecture a probe is compiled for without a GPU to ask: the newest any operation needs (stmatrix's sm_90). */
const DEFAULT_ARCH = `sm_${Math.max(80, ...OPERATIONS.map((o) => o.arch))}`;

/** Each operation's probe code; per operation, the wavefronts counter and the instructions counter it is divided by. */
const { codes, byOperation } = await loadOperationProbes();

/** Stops with one line (and the usage for a bad argument): 2 when nothing could be measured. */
function stop(message: string, code = 2, usage = false): never {
  console.error(`gpu:check: ${message}`);
  if (usage) console.error(USAGE);
  process.exit(code);
}

function parseArgs(argv: readonly string[]) {
  const options = { compileOnly: false, out: 'gpu-check', seed: 1, samples: 40 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--compile-only') options.compileOnly = true;
    else if (flag === '--out' || flag === '--seed' || flag === '--samples') {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) stop(`${flag} needs a value`, 2, true);
      if (flag === '--out') options.out = value;
      else if (!/^\d{1,6}$/.test(value)) stop(`${flag} must be a whole number, not "${value}"`, 2, true);
      else options[flag === '--seed' ? 'seed' : 'samples'] = Number(value);
    } else stop(`unknown argument "${flag}"`, 2, true);
  }
  return options;
}

if (process.argv.includes('--kernel')) {
  await checkKernel(process.argv.slice(2), stop);
  process.exit(0);
}
const options = parseArgs(process.argv.slice(2));
const gpus = findGpus();
if (typeof gpus === 'string' && !options.compileOnly)
  stop(`${gpus}; nothing was measured (--compile-only builds the probe without one)`);
// The first GPU: the probe is compiled for it and run on it alone (CUDA_VISIBLE_DEVICES).
const gpu = typeof gpus === 'string' ? null : gpus[0];
if (spawnSync('nvcc', ['--version']).error)
  stop('nvcc is not on the PATH: install the CUDA toolkit to build the probe');

const probes: Probe[] = [];
const skipped: string[] = [];
const archNumber = Number((gpu ? getArch(gpu) : DEFAULT_ARCH).slice(3));
for (const { name, spec } of getProbeSpecs(options.seed, options.samples, codes)) {
  const probe = createProbe(name, spec);
  const needs = typeof probe === 'string' ? 0 : getOperation(probe.op).arch;
  if (typeof probe === 'string') skipped.push(probe);
  else if (needs > archNumber) skipped.push(`${name}: ${probe.op} needs sm_${needs}`);
  else probes.push(probe);
}
const out = resolve(options.out);
mkdirSync(out, { recursive: true });
copyFileSync(new URL('./gpu/probe.cu', import.meta.url), join(out, 'probe.cu'));
writeFileSync(join(out, 'probes.h'), writeProbeHeader(probes, codes));
const arch = gpu ? getArch(gpu) : DEFAULT_ARCH;
const binary = join(out, 'probe');
// As for assets/readColumn.cu: every warning an error.
const build = spawnSync(
  'nvcc',
  [
    '-std=c++17',
    '-O2',
    `-arch=${arch}`,
    '-Werror',
    'all-warnings',
    '-Xcompiler',
    '-Wall,-Wextra,-Werror',
    '-o',
    binary,
    join(out, 'probe.cu'),
  ],
  { encoding: 'utf8' },
);
if (build.status !== 0) stop(`nvcc failed:\n${build.stderr}`, 1);
for (const reason of skipped) console.log(`gpu:check: skipped ${reason}`);
if (options.compileOnly) {
  console.log(`gpu:check: compiled ${probes.length} probes for ${arch}: ${binary}`);
  process.exit(0);
}
if (!gpu) process.exit(2);
const env = onGpu(gpu);

// First without the profiler: every probe checks what it loaded or stored.
const run = spawnSync(binary, [], { encoding: 'utf8', env });
if (run.status !== 0) stop(`the probe failed its own checks:\n${run.stdout}${run.stderr}`, run.status === 2 ? 2 : 1);
// Asked for together, one metric this GPU's ncu lacks (the ldsm wavefronts are the doubtful one)
// would sink the whole run: profile what exists, and name what does not.
const available = queryNcuMetrics(env);
if (typeof available === 'string') stop(available);
const wanted = codes.flatMap((c) => [...c.metrics, ...(c.fallback ? [c.fallback.wavefronts, c.fallback.unless] : [])]);
const { present: metrics, missing } = splitMetrics([...new Set(wanted)], available);
for (const metric of missing) {
  const fallback = codes.find((c) => c.metrics[0] === metric)?.fallback;
  console.log(
    fallback
      ? `gpu:check: this GPU's ncu has no ${metric}; read from ${fallback.wavefronts} in launches where ${fallback.unless} counted nothing`
      : `gpu:check: this GPU's ncu has no ${metric}; the accesses that need it are not measured`,
  );
}
if (metrics.length === 0) stop('ncu has none of the shared-memory metrics the check reads; nothing was measured');
const profiled = spawnSync(
  'ncu',
  // Counts do not depend on the clocks: leaving them alone needs no right to lock them.
  [
    '--clock-control',
    'none',
    '--csv',
    '--page',
    'raw',
    '--print-units',
    'base',
    '--metrics',
    metrics.join(','),
    binary,
  ],
  { encoding: 'utf8', env, maxBuffer: 64 * 1024 * 1024 },
);
if (/ERR_NVGPUCTRPERM/.test(profiled.stdout + profiled.stderr))
  stop(
    'the GPU\'s performance counters are not permitted for this user (ERR_NVGPUCTRPERM); see NVIDIA\'s "ERR_NVGPUCTRPERM" page',
  );
if (profiled.status !== 0) stop(`ncu failed:\n${profiled.stderr || profiled.stdout}`, 1);
// Kept beside the results: what the GPU said, to read again without one.
writeFileSync(join(out, 'ncu-raw.csv'), profiled.stdout);
const launches = readNcuCsv(profiled.stdout);
if (launches.length !== probes.length) stop(`ncu reported ${launches.length} launches for ${probes.length} probes`, 1);

const results = probes.map((p, i) => {
  // Each launch's fill and copy-out make loads and stores too; only the probe's own kind is read,
  // from its own counters (an ldmatrix probe's wavefronts are the ldsm ones, not the loads').
  const m = measureProbe(launches[i], byOperation[p.op], metrics);
  return { ...p, ...m, agree: m.measured === p.rounds };
});
const width = Math.max(...results.map((r) => r.name.length), 6);
console.log(`${'access'.padEnd(width)}  engine  measured  `);
for (const r of results)
  console.log(
    `${r.name.padEnd(width)}  ${String(r.rounds).padStart(6)}  ${(r.measured === null || Number.isNaN(r.measured) ? '–' : String(r.measured)).padStart(8)}  ${Number.isNaN(r.wavefronts) ? 'not measured' : r.agree ? 'agree' : 'differ'}`,
  );
const agree = results.filter((r) => r.agree).length;
const unmeasured = results.filter((r) => Number.isNaN(r.wavefronts)).length;
console.log(
  `gpu:check: ${agree} of ${results.length} accesses agree on ${gpu.name} (compute capability ${gpu.computeCapability}, driver ${gpu.driver}); ${results.length - agree - unmeasured} differ${unmeasured ? `, ${unmeasured} not measured` : ''}`,
);
writeFileSync(
  join(out, 'results.json'),
  `${JSON.stringify({ gpu, seed: options.seed, missing, results, skipped }, null, 2)}\n`,
);
console.log(`gpu:check: results in ${join(out, 'results.json')}`);
