// npm run gpu:check -- [--compile-only] [--out <dir>] [--seed <n>] [--samples <n>]
// Sets the engine's rounds beside what a real GPU measures: writes a CUDA probe program from a
// list of accesses (scripts/gpu/getProbes.ts), compiles it with nvcc for the GPU found, runs it
// once to check every value it loads or stores, then under Nsight Compute, and prints, per access,
// the engine's rounds and the shared-memory wavefronts per instruction measured.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createProbe, getProbeSpecs, loadOperationProbes, type Probe } from './gpu/getProbes';
import { readNcuCsv } from './gpu/readNcuCsv';
import { writeProbeHeader } from './gpu/writeProbeHeader';

const USAGE = 'usage: npm run gpu:check -- [--compile-only] [--out <dir>] [--seed <n>] [--samples <n>]';
/** The architecture a probe is compiled for without a GPU to ask: ldmatrix needs sm_75 or later. */
const DEFAULT_ARCH = 'sm_80';

/** Each operation's probe code; per operation, the wavefronts counter and the instructions counter it is divided by. */
const { codes, metrics: METRICS } = await loadOperationProbes();

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

/** The GPU nvidia-smi reports first, or why there is none. */
function findGpu(): { name: string; computeCapability: string; driver: string } | string {
  const smi = spawnSync('nvidia-smi', ['--query-gpu=name,compute_cap,driver_version', '--format=csv,noheader'], {
    encoding: 'utf8',
  });
  if (smi.error) return 'no GPU found: nvidia-smi is not on this machine';
  const line = smi.stdout.split('\n').find((l) => l.trim() !== '');
  if (smi.status !== 0 || !line)
    return `no GPU found: nvidia-smi says ${(smi.stderr || smi.stdout).trim() || 'nothing'}`;
  const [name, computeCapability, driver] = line.split(',').map((s) => s.trim());
  return { name, computeCapability, driver };
}

const options = parseArgs(process.argv.slice(2));
const gpu = findGpu();
if (typeof gpu === 'string' && !options.compileOnly)
  stop(`${gpu}; nothing was measured (--compile-only builds the probe without one)`);
if (spawnSync('nvcc', ['--version']).error)
  stop('nvcc is not on the PATH: install the CUDA toolkit to build the probe');

const probes: Probe[] = [];
const skipped: string[] = [];
for (const { name, spec } of getProbeSpecs(options.seed, options.samples)) {
  const probe = createProbe(name, spec);
  if (typeof probe === 'string') skipped.push(probe);
  else probes.push(probe);
}
const out = resolve(options.out);
mkdirSync(out, { recursive: true });
copyFileSync(new URL('./gpu/probe.cu', import.meta.url), join(out, 'probe.cu'));
writeFileSync(join(out, 'probes.h'), writeProbeHeader(probes, codes));
const arch = typeof gpu === 'string' ? DEFAULT_ARCH : `sm_${gpu.computeCapability.replace('.', '')}`;
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
if (typeof gpu === 'string') process.exit(2);

// First without the profiler: every probe checks what it loaded or stored.
const run = spawnSync(binary, [], { encoding: 'utf8' });
if (run.status !== 0) stop(`the probe failed its own checks:\n${run.stdout}${run.stderr}`, run.status === 2 ? 2 : 1);
if (spawnSync('ncu', ['--version']).error) stop('ncu (Nsight Compute) is not on the PATH; nothing was measured');
const metrics = [...new Set(Object.values(METRICS).flat())];
const profiled = spawnSync(
  'ncu',
  ['--csv', '--page', 'raw', '--print-units', 'base', '--metrics', metrics.join(','), binary],
  {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  },
);
if (/ERR_NVGPUCTRPERM/.test(profiled.stdout + profiled.stderr))
  stop(
    'the GPU\'s performance counters are not permitted for this user (ERR_NVGPUCTRPERM); see NVIDIA\'s "ERR_NVGPUCTRPERM" page',
  );
if (profiled.status !== 0) stop(`ncu failed:\n${profiled.stderr || profiled.stdout}`, 1);
const launches = readNcuCsv(profiled.stdout);
if (launches.length !== probes.length) stop(`ncu reported ${launches.length} launches for ${probes.length} probes`, 1);

const results = probes.map((p, i) => {
  const [wavefronts, instructions] = METRICS[p.op].map((m) => launches[i][m]);
  const measured = instructions > 0 ? wavefronts / instructions : null;
  return { ...p, wavefronts, instructions, measured, agree: measured === p.rounds };
});
const width = Math.max(...results.map((r) => r.name.length), 6);
console.log(`${'access'.padEnd(width)}  engine  measured  `);
for (const r of results)
  console.log(
    `${r.name.padEnd(width)}  ${String(r.rounds).padStart(6)}  ${(r.measured === null ? '–' : String(r.measured)).padStart(8)}  ${r.agree ? 'agree' : 'differ'}`,
  );
const agree = results.filter((r) => r.agree).length;
console.log(
  `gpu:check: ${agree} of ${results.length} accesses agree on ${gpu.name} (compute capability ${gpu.computeCapability}, driver ${gpu.driver}); ${results.length - agree} differ`,
);
writeFileSync(join(out, 'results.json'), `${JSON.stringify({ gpu, seed: options.seed, results, skipped }, null, 2)}\n`);
console.log(`gpu:check: results in ${join(out, 'results.json')}`);
