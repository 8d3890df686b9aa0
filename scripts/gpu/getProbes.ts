import { CHAPTERS, SCENES } from '../../scenes';
import { createSceneAccess } from '../../scenes/getSceneFacts';
import {
  createSpec,
  createSpecRequest,
  getOperation,
  getSchedule,
  getSpecType,
  OPERATIONS,
  writeSwizzle,
  type AccessSpec,
  type ElementType,
  type Operation,
  type OperationProbe,
} from '../../src/engine';
import { getChapters } from '../../src/program/getChapters';
import { KERNEL_PRESETS, PRESETS } from '../../src/ui/explore/presets';

/** One access as the probe program makes it: the engine's byte addresses and its rounds. */
export interface Probe {
  readonly name: string;
  readonly op: Operation;
  /** Bytes a lane's address covers (16 for an ldmatrix row address). */
  readonly bytes: number;
  readonly matrices: number;
  readonly block: readonly [number, number, number];
  readonly warp: number;
  /** Each lane's first byte; `null`: the lane takes no part. */
  readonly offsets: readonly (number | null)[];
  /** The shared memory the launch needs: past the last byte any lane touches, rounded to 16. */
  readonly sharedBytes: number;
  readonly rounds: number;
}

/** Dynamic shared memory a launch may use without opting in to more. */
export const MAX_SHARED_BYTES = 48 * 1024;

/** A probe for an access the engine accepts, or why it cannot be probed. */
export function createProbe(name: string, spec: AccessSpec): Probe | string {
  const request = createSpecRequest(spec);
  if (!request.ok) return `${name}: ${request.error.reason}`;
  const schedule = getSchedule(request.value);
  const bytes = getOperation(schedule.op).laneBytes(request.value);
  const offsets = schedule.lanes.map((l) => l.address);
  const end = Math.max(16, ...offsets.map((o) => (o ?? 0) + bytes));
  const sharedBytes = Math.ceil(end / 16) * 16;
  if (sharedBytes > MAX_SHARED_BYTES) return `${name}: needs ${sharedBytes} bytes of shared memory`;
  const { x, y, z } = request.value.block;
  return {
    name,
    op: schedule.op,
    bytes,
    matrices: request.value.matrices,
    block: [x, y, z],
    warp: request.value.warp,
    offsets,
    sharedBytes,
    rounds: schedule.rounds,
  };
}

/** Every operation's probe code in the engine's order, and its Nsight Compute counters by operation. */
export async function loadOperationProbes() {
  const codes: readonly OperationProbe[] = await Promise.all(
    OPERATIONS.map(
      async (o) => ((await import(`../../src/engine/probes/${o.probe}.ts`)) as { default: OperationProbe }).default,
    ),
  );
  const byOperation = Object.fromEntries(OPERATIONS.map((o, i) => [o.id, codes[i]])) as Record<
    Operation,
    OperationProbe
  >;
  return { codes, byOperation };
}

/** A seeded generator (mulberry32): the same seed, the same sample, on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seeded sample of what kernels do: 4-, 8- and 16-byte loads and stores at strides and pitches,
 * 2-D blocks reading a tile down its columns, swizzled column reads and ldmatrix row addresses.
 */
export function getSampleSpecs(seed: number, count: number): { name: string; spec: AccessSpec }[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const types: ElementType[] = ['float', 'float2', 'float4'];
  const made: { name: string; spec: AccessSpec }[] = [];
  for (let i = 0; i < count; i++) {
    // Types and operations in turn, so that every pairing is in the sample; the rest is drawn.
    const type = types[i % types.length];
    const op = Math.floor(i / types.length) % 2 === 0 ? 'load' : 'store';
    const kind = i % 5;
    let spec: AccessSpec;
    if (kind === 0) {
      const stride = 1 + Math.floor(next() * 8);
      spec = createSpec({ pattern: 'stride', stride, type, op });
    } else if (kind === 1) {
      const pitch = 1 + Math.floor(next() * 40);
      spec = createSpec({ pattern: 'column', cols: Math.min(pitch, 8), pitch, type, op });
    } else if (kind === 2) {
      const x = pick([8, 16, 32]);
      const rows = pick([32, 33]);
      spec = createSpec({
        pattern: 'expr',
        expr: 'tile[threadIdx.x][threadIdx.y]',
        shared: `__shared__ float tile[${x}][${rows}];`,
        block: { x, y: 1024 / x / 4, z: 1 },
        warp: Math.floor(next() * ((x * (1024 / x / 4)) / 32)),
        op,
      });
    } else if (kind === 3) {
      spec = createSpec({
        pattern: 'column',
        cols: 32,
        pitch: 32,
        op,
        swizzle: { bits: pick([3, 4, 5]), base: 0, shift: 5 },
      });
    } else {
      const rowHalves = pick([8, 16, 32, 64]);
      spec = createSpec({
        pattern: 'expr',
        op: 'ldmatrix',
        x: pick([1, 2, 4] as const),
        shared: `__shared__ half tile[32][${rowHalves}];`,
        expr: `tile[lane % ${rowHalves === 8 ? 32 : 8}][lane / 8 * 8 % ${rowHalves}]`,
        swizzle: next() < 0.5 ? { bits: 3, base: 3, shift: 3 } : null,
      });
    }
    const name = `sample ${i + 1}: ${spec.pattern} ${spec.op} ${getSpecType(spec)}${spec.swizzle ? ` ${writeSwizzle(spec.swizzle)}` : ''}`;
    made.push({ name, spec });
  }
  return made;
}

/**
 * Where lanes share a wide word (8 and 16 bytes, loads and stores), the addresses that tell the
 * pair rule apart: lanes paired at n^1, at n^2, all at one address, sharing at n^4 and at n^16
 * (which the rule does not pair), and pairs whose addresses also conflict. The H200 run of
 * 2026-12-04 had none of these; they run where a GPU is lent.
 */
export const PAIR_PATTERNS: readonly (readonly [name: string, expr: (perRow: number) => string])[] = [
  ['n^1', () => 'lane / 2'],
  ['n^2', () => 'lane / 4 * 2 + lane % 2'],
  ['one address', () => '0'],
  ['n^4', () => 'lane / 8 * 4 + lane % 4'],
  ['n^16', () => 'lane % 16'],
  // A pair's address 128 bytes past the last: every pair in the same banks.
  ['n^1, all in the same banks', (perRow) => `lane / 2 * ${perRow}`],
  // The first 128 bytes' worth of pairs conflict-free, the next four-way: served in pairs, the two
  // halves are one phase and take 4 rounds; one lane at a time, 1 and 4 (float4: 8 against 10;
  // float2: 4 against 5), so the count tells the rule apart where pairs also conflict.
  [
    'n^1, half of them four-way',
    (perRow) =>
      perRow === 8
        ? 'lane / 2 % 8 + lane / 2 % 8 / 4 * 7 * (lane / 2 % 8 - 4) + lane / 16 * 64'
        : 'lane / 2 % 8 + lane / 16 * (8 + lane / 2 % 2 + 16 * (lane / 2 % 8 / 2) - lane / 2 % 8)',
  ],
];

/** The pair rule's probes: each of {@link PAIR_PATTERNS} as 8- and 16-byte loads and stores. */
export function getPairProbeSpecs(): { name: string; spec: AccessSpec }[] {
  return (['float2', 'float4'] as const).flatMap((type) =>
    (['load', 'store'] as const).flatMap((op) =>
      PAIR_PATTERNS.map(([name, expr]) => ({
        name: `lanes share at ${name}: ${op} ${type}`,
        spec: createSpec({ pattern: 'expr', expr: expr(type === 'float2' ? 16 : 8), type, op }),
      })),
    ),
  );
}

/**
 * Every access the check probes: Explore's presets, the Going further chapter's accesses, a sample,
 * the pair probes, and the accesses each operation's probe (`codes`) adds for itself.
 */
export function getProbeSpecs(
  seed: number,
  samples: number,
  codes: readonly OperationProbe[] = [],
): { name: string; spec: AccessSpec }[] {
  const further = getChapters(SCENES, '', CHAPTERS).find((c) => c.id === 'going-further')!;
  const scenes = SCENES.slice(further.first, further.last + 1).flatMap((scene) =>
    [['', scene.access] as const, ...Object.entries(scene.compare ?? {})].flatMap(([name, written]) => {
      const made = createSceneAccess(written);
      return made.ok ? [{ name: `${scene.id}${name ? `.${name}` : ''}`, spec: made.value.spec }] : [];
    }),
  );
  const own = codes.flatMap((c) => (c.accesses ?? []).map((a) => ({ name: a.name, spec: createSpec(a.fields) })));
  // The pair probes and the operations' own last, so that a run recorded before them still reads
  // against the others in order.
  return [
    ...PRESETS,
    ...KERNEL_PRESETS,
    ...scenes,
    ...getSampleSpecs(seed, samples),
    ...getPairProbeSpecs(),
    ...own,
  ].map((p) => ({
    name: p.name,
    spec: p.spec,
  }));
}
