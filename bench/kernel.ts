// npm run bench:kernel — how fast the kernel analyzer runs in Node: analyses a second for the
// coalesced transpose (a 32×8 block) and the reductions (256 threads), parse included; the time
// of a 32×32-block matrixMul over k = 1,024 (67,584 warp instructions) and of a 128×128-tile SGEMM
// block over K = 4,096 (bench/kernels/sgemmTile.cu, 557,056), wall clock and CPU, with warp
// instructions a second; and how long a loop that never ends takes to be refused, wall clock and CPU
// (CPU time depends less on what else the machine runs).
import { readFileSync } from 'node:fs';
import { type KernelLaunch } from '../src/engine';
import { analyzeKernel } from '../src/engine/kernel';
import { loadCppParser } from '../scripts/kernel/loadCppParser';

const parse = await loadCppParser();
const preset = (name: string) => readFileSync(`assets/kernels/${name}.cu`, 'utf8');

function analyze(source: string, launch: KernelLaunch) {
  const result = analyzeKernel(source, launch, parse);
  if (!result.ok) throw new Error(result.errors[0].message);
  return result.report;
}

/** Analyses a second of one kernel over about `seconds`, after a warm-up. */
function rate(name: string, launch: KernelLaunch, seconds = 2) {
  const source = preset(name);
  for (let i = 0; i < 20; i++) analyze(source, launch);
  let count = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  while (performance.now() - start < seconds * 1000) {
    analyze(source, launch);
    count++;
  }
  const perSecond = (count / (performance.now() - start)) * 1000;
  const used = process.cpuUsage(cpu);
  const perCpuSecond = (count / (used.user + used.system)) * 1e6;
  console.log(
    `${name.padEnd(20)} ${perSecond.toFixed(0).padStart(6)} analyses/s (${perCpuSecond.toFixed(0)} a CPU second)`,
  );
}

const warp8 = { x: 32, y: 8, z: 1 };
const block256 = { x: 256, y: 1, z: 1 };
rate('transposeCoalesced', { block: warp8 });
rate('transposePadded', { block: warp8 });
for (const name of ['reduce0', 'reduce1', 'reduce2']) rate(name, { block: block256 });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Times `runs` analyses of one launch: the first, then the median of the rest, wall clock and CPU. */
function time(label: string, source: string, launch: KernelLaunch, runs: number) {
  const times: { wall: number; cpu: number }[] = [];
  let instructions = 0;
  for (let i = 0; i < runs; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    instructions = analyze(source, launch).instructions.count;
    const used = process.cpuUsage(cpu);
    times.push({ wall: performance.now() - start, cpu: (used.user + used.system) / 1000 });
  }
  const rest = times.length > 1 ? times.slice(1) : times;
  const wall = median(rest.map((t) => t.wall));
  console.log(
    `${label}: ${instructions.toLocaleString('en')} instructions; first run ${times[0].wall.toFixed(0)} ms, then median ${wall.toFixed(0)} ms (CPU ${median(rest.map((t) => t.cpu)).toFixed(0)} ms), ${Math.round((instructions / wall) * 1000).toLocaleString('en')} warp instructions a second`,
  );
}

time(
  'matrixMul 32x32, k = 1,024',
  preset('matrixMul'),
  {
    block: { x: 32, y: 32, z: 1 },
    args: { BLOCK_SIZE: 32, wA: 1024, wB: 1024 },
  },
  // A run is tens of milliseconds: the median of ten is steadier on a shared machine than of four.
  11,
);
time(
  'SGEMM 128x128 tile, K = 4,096',
  readFileSync('bench/kernels/sgemmTile.cu', 'utf8'),
  {
    block: { x: 256, y: 1, z: 1 },
    args: { M: 4096, N: 4096, K: 4096 },
    stepBudget: 10_000_000,
    timeBudgetMs: 600_000,
  },
  1,
);

const runaway =
  '__global__ void k() {\n  __shared__ float s[32];\n  int i = 0;\n  while (i >= 0) { s[threadIdx.x] = i; i = i % 7; }\n}\n';
const cpu = process.cpuUsage();
const start = performance.now();
const refused = analyzeKernel(runaway, { block: { x: 32, y: 1, z: 1 } }, parse);
const used = process.cpuUsage(cpu);
console.log(
  `a loop that never ends: refused after ${(performance.now() - start).toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms) (${refused.ok ? 'not refused!' : refused.errors[0].message.slice(0, 120)}…)`,
);
