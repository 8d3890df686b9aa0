// npm run bench:kernel — how fast the kernel analyzer runs in Node: analyses a second for the
// coalesced transpose (a 32×8 block) and the reductions (256 threads), parse included, and the time
// of a 32×32-block matrixMul over k = 1,024 (67,584 warp instructions), wall clock and CPU.
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

const source = preset('matrixMul');
const launch = { block: { x: 32, y: 32, z: 1 }, args: { BLOCK_SIZE: 32, wA: 1024, wB: 1024 } };
const times: { wall: number; cpu: number }[] = [];
let instructions = 0;
for (let i = 0; i < 5; i++) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  instructions = analyze(source, launch).instructions.length;
  const used = process.cpuUsage(cpu);
  times.push({ wall: performance.now() - start, cpu: (used.user + used.system) / 1000 });
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `matrixMul 32x32, k = 1,024: ${instructions.toLocaleString('en')} instructions; first run ${times[0].wall.toFixed(0)} ms, then median ${median(times.slice(1).map((t) => t.wall)).toFixed(0)} ms (CPU ${median(times.slice(1).map((t) => t.cpu)).toFixed(0)} ms)`,
);
