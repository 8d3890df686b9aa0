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

/** Every access the check probes: Explore's presets, the Going further chapter's accesses, and a sample. */
export function getProbeSpecs(seed: number, samples: number): { name: string; spec: AccessSpec }[] {
  const further = getChapters(SCENES, '', CHAPTERS).find((c) => c.id === 'going-further')!;
  const scenes = SCENES.slice(further.first, further.last + 1).flatMap((scene) =>
    [['', scene.access] as const, ...Object.entries(scene.compare ?? {})].flatMap(([name, written]) => {
      const made = createSceneAccess(written);
      return made.ok ? [{ name: `${scene.id}${name ? `.${name}` : ''}`, spec: made.value.spec }] : [];
    }),
  );
  return [...PRESETS, ...KERNEL_PRESETS, ...scenes, ...getSampleSpecs(seed, samples)].map((p) => ({
    name: p.name,
    spec: p.spec,
  }));
}
