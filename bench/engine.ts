// npm run bench:engine — how many schedules a second the engine computes: for the lesson's own
// accesses, for random 4-byte reads, and for random wide accesses (float4, 2-D blocks, swizzles, stores, ldmatrix).
import { SCENES } from '../scenes';
import { createSceneAccess } from '../scenes/getSceneFacts';
import {
  createAccess,
  createSpec,
  createSpecRequest,
  createWarpRequest,
  getSchedule,
  type Access,
  type ElementType,
  type WarpRequest,
} from '../src/engine';

/** A small deterministic generator, so every run measures the same accesses. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = mulberry32(42);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];

const lesson = SCENES.map((scene) => {
  const made = createSceneAccess(scene.access);
  if (!made.ok) throw new Error(made.error.reason);
  return made.value.access;
});

const narrow: Access[] = [];
while (narrow.length < 10_000) {
  const words = Array.from({ length: 32 }, () => (random() < 0.1 ? null : Math.floor(random() * 4096)));
  const access = createAccess(words);
  if (access.ok) narrow.push(access.value);
}

const WIDE_TYPES: readonly ElementType[] = ['float4', 'int4', 'double', 'float2', 'half', 'float'];
const wide: WarpRequest[] = [];
while (wide.length < 10_000) {
  const type = pick(WIDE_TYPES);
  const indices = Array.from({ length: 32 }, () => (random() < 0.1 ? null : Math.floor(random() * 2048)));
  const access = createAccess(indices);
  if (!access.ok) continue;
  const made = createWarpRequest(access.value, {
    op: pick(['load', 'load', 'store'] as const),
    type,
    matrices: 1,
    block: pick([
      { x: 32, y: 8, z: 1 },
      { x: 16, y: 16, z: 1 },
      { x: 8, y: 8, z: 4 },
    ]),
    warp: Math.floor(random() * 8),
    swizzle: random() < 0.5 ? { bits: 3, base: Math.floor(random() * 3), shift: 3 + Math.floor(random() * 3) } : null,
  });
  if (made.ok) wide.push(made.value);
}
// ldmatrix through the whole pipeline: a kernel's declaration, subscript and swizzle.
const ldmatrix = createSpecRequest(
  createSpec({
    pattern: 'expr',
    op: 'ldmatrix',
    x: 4,
    shared: 'half tile[8][64]',
    expr: 'tile[lane % 8][lane / 8 * 8]',
    swizzle: { bits: 3, base: 3, shift: 3 },
  }),
);
if (!ldmatrix.ok) throw new Error(ldmatrix.error.reason);
for (let i = 0; i < 1000; i++) wide.push(ldmatrix.value);

function run(items: readonly (Access | WarpRequest)[], seconds: number): number {
  let count = 0;
  let sink = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (let i = 0; i < 1000; i++) sink += getSchedule(items[(count + i) % items.length]).rounds;
    count += 1000;
  }
  if (sink < 0) console.log(sink);
  return count / seconds;
}

function measure(name: string, items: readonly (Access | WarpRequest)[], what: string): number {
  run(items, 0.5); // warm-up
  const samples = [run(items, 1), run(items, 1), run(items, 1)].sort((a, b) => a - b);
  console.log(
    `engine, ${name}: ${Math.round(samples[1]).toLocaleString('en')} schedules/s (median of 3 one-second runs; ${what})`,
  );
  return samples[1];
}

measure('the lesson', lesson, `the ${lesson.length} scenes' accesses, the 32-round column read among them`);
measure('random reads', narrow, 'random 32-lane 4-byte reads, ~10% inactive, words < 4096');
const rate = measure(
  'random wide accesses',
  wide,
  'float4/int4/double/float2/half/float, 2-D and 3-D blocks, half swizzled, a third stores, and ldmatrix.x4',
);
if (rate < 50_000) {
  console.log(`the wide accesses ran at ${Math.round(rate)} schedules/s, under the 50,000 a second they should reach`);
  process.exitCode = 1;
}
