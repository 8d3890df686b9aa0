import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSpec,
  createSpecRequest,
  createWarpRequest,
  getBlockWarps,
  getOperation,
  getSchedule,
  type Access,
  type ElementType,
} from '../../src/engine';
import { countRounds, getInstructionRequest } from '../../src/engine/kernel';
import { hasRace } from '../../src/engine/kernel/countRounds';
import { analyze, instructionsOf, readPreset } from '../support/kernelAnalyzer';

const seed = process.env.TEST_SEED ? Number(process.env.TEST_SEED) : undefined;

/** An index expression over the thread's names, printed for Explore and, with int locals, for a kernel. */
type Node = { name: string } | { value: number } | { op: string; left: Node; right: Node };

const NAMES: Record<string, string> = {
  lane: 'lane',
  warp: 'warp',
  'threadIdx.x': 'tx',
  'threadIdx.y': 'ty',
  'threadIdx.z': 'tz',
  'blockDim.x': 'bx',
};

const expression = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...Object.keys(NAMES)).map((name) => ({ name })),
    fc.integer({ min: 0, max: 40 }).map((value) => ({ value })),
    fc.record({
      op: fc.constantFrom('+', '-', '*', '/', '%', '&', '|', '^', '<<', '>>'),
      left: tie('node'),
      right: tie('node'),
    }),
  ),
}));

const print = (n: Node, names: (name: string) => string): string =>
  'name' in n
    ? names(n.name)
    : 'value' in n
      ? String(n.value)
      : `(${print(n.left, names)} ${n.op} ${print(n.right, names)})`;

/** A one-line kernel whose one shared load is `s[expression]`, its thread's names as ints (Explore's values). */
const oneLineKernel = (body: string) => `__global__ void one(float *out) {
  __shared__ float s[4096];
  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z, bx = blockDim.x;
  const int t = tx + ty * bx + tz * bx * (int)blockDim.y;
  const int lane = t % 32, warp = t / 32;
  out[t] = s[${body}];
}
`;

const block = fc.record({
  x: fc.integer({ min: 1, max: 64 }),
  y: fc.integer({ min: 1, max: 4 }),
  z: fc.integer({ min: 1, max: 2 }),
});

describe('the kernel analyzer against Explore', () => {
  it(
    'a one-line kernel of a random index expression makes exactly Explore’s access in every warp',
    { timeout: 60_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(expression.node, block, async (node, b) => {
          const explore = `s[${print(node, (name) => name)}]`;
          const kernel = oneLineKernel(print(node, (name) => NAMES[name]));
          const warps = getBlockWarps(b);
          const requests = Array.from({ length: warps }, (_, warp) =>
            createSpecRequest(createSpec({ pattern: 'expr', expr: explore, shared: 'float s[4096]', block: b, warp })),
          );
          const result = await analyze(kernel, { block: b });
          // Explore refuses a warp exactly when the kernel is refused (an undefined operation, an index out of range).
          expect(result.ok).toBe(requests.every((r) => r.ok));
          if (!result.ok) return;
          const { report } = result;
          expect(instructionsOf(report).map((i) => i.warp)).toEqual(requests.map((_, w) => w));
          for (const instruction of instructionsOf(report)) {
            const mine = getInstructionRequest(report, instruction);
            expect(mine).toEqual(requests[instruction.warp]);
          }
        }),
        { numRuns: 150, seed },
      );
    },
  );
});

const elementType = fc.constantFrom<ElementType>('char', 'short', 'int', 'float2', 'float4');

describe('the fast round count', () => {
  it('equals getSchedule’s rounds and its ideal (phases that carry a request) on random requests', () => {
    fc.assert(
      fc.property(
        elementType,
        fc.constantFrom('load', 'store', 'ldmatrix' as const),
        fc.constantFrom(1, 2, 4 as const),
        fc.array(fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }), { minLength: 32, maxLength: 32 }),
        (type, op, matrices, indices) => {
          const shape = {
            op,
            type: op === 'ldmatrix' ? ('half' as const) : type,
            matrices,
            block: { x: 32, y: 1, z: 1 },
            warp: 0,
            swizzle: null,
          };
          const elements = indices.map((i) => (i === null ? null : op === 'ldmatrix' ? i * 8 : i));
          if (
            elements.every((e) => e === null) ||
            (op === 'ldmatrix' && elements.slice(0, 8 * matrices).every((e) => e === null))
          )
            return;
          const request = createWarpRequest(elements as unknown as Access, shape);
          if (!request.ok) return;
          const schedule = getSchedule(request.value);
          const addresses = Int32Array.from(request.value.lanes, (l) => (l === null ? -1 : l.address));
          const bytes = op === 'ldmatrix' ? 16 : request.value.lanes.find((l) => l)!.bytes;
          expect(countRounds(addresses, bytes, getOperation(op).phasing(shape, bytes, addresses))).toEqual({
            rounds: schedule.rounds,
            ideal: schedule.activePhases,
          });
        },
      ),
      { numRuns: 2000, seed },
    );
  });

  it('equals getSchedule’s on wide loads and stores whose lanes pair at n^1, n^2, n^4 or n^16', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ElementType>('float2', 'float4', 'float'),
        fc.constantFrom('load', 'store' as const),
        fc.constantFrom(1, 2, 4, 16),
        fc.array(fc.option(fc.integer({ min: 0, max: 300 }), { nil: null, freq: 6 }), { minLength: 32, maxLength: 32 }),
        (type, op, distance, halves) => {
          const shape = { op, type, matrices: 1 as const, block: { x: 32, y: 1, z: 1 }, warp: 0, swizzle: null };
          const elements = halves.map((_, lane) => halves[Math.min(lane, lane ^ distance)]);
          if (elements.every((e) => e === null)) return;
          const request = createWarpRequest(elements as unknown as Access, shape);
          if (!request.ok) return;
          const schedule = getSchedule(request.value);
          const addresses = Int32Array.from(request.value.lanes, (l) => (l === null ? -1 : l.address));
          const bytes = request.value.lanes.find((l) => l)!.bytes;
          expect(countRounds(addresses, bytes, getOperation(op).phasing(shape, bytes, addresses))).toEqual({
            rounds: schedule.rounds,
            ideal: schedule.activePhases,
          });
        },
      ),
      { numRuns: 1000, seed },
    );
  });

  it('is the same for a warp’s addresses all moved by one whole number of words (the recorder reuses it)', () => {
    fc.assert(
      fc.property(
        elementType,
        fc.constantFrom('load', 'store', 'ldmatrix' as const),
        fc.constantFrom(1, 2, 4 as const),
        fc.array(fc.option(fc.integer({ min: 0, max: 300 }), { nil: null, freq: 4 }), { minLength: 32, maxLength: 32 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (type, op, matrices, indices, paired, words) => {
          const shape = { op, type, matrices, block: { x: 32, y: 1, z: 1 }, warp: 0, swizzle: null };
          const bytes = op === 'ldmatrix' ? 16 : getOperation(op).laneBytes(shape);
          // Every lane on its element's boundary; paired, lane n shares lane n^1's address as wide loads may.
          const lanes = indices.map((_, lane) => indices[paired ? lane & ~1 : lane]);
          const at = (shift: number) => Int32Array.from(lanes, (i) => (i === null ? -1 : i * bytes + shift));
          const count = (addresses: Int32Array) => ({
            ...countRounds(addresses, bytes, getOperation(op).phasing(shape, bytes, addresses)),
            racing: hasRace(addresses, bytes),
          });
          expect(count(at(words * 4))).toEqual(count(at(0)));
        },
      ),
      { numRuns: 2000, seed },
    );
  });
});

/** The tokens of a source: words, numbers, operators and punctuation, as a mutation moves them. */
const tokenize = (source: string) =>
  source.match(/[A-Za-z_]\w*|\d+|\/\/[^\n]*|"(?:[^"\\\n]|\\.)*"|<<=?|>>=?|[-+*/%&|^<>=!]=|&&|\|\||\+\+|--|->|::|\S/g) ??
  [];

const PRESETS = [
  ['transposeCoalesced', { x: 32, y: 8, z: 1 }],
  ['reduce1', { x: 256, y: 1, z: 1 }],
  ['gemmTileFloat4', { x: 256, y: 1, z: 1 }],
  ['ldmatrixX4Swizzled', { x: 32, y: 1, z: 1 }],
  ['matrixMul', { x: 32, y: 4, z: 1 }],
] as const;

describe('fuzzed sources', () => {
  it(
    'random mutations of the presets (tokens deleted, duplicated, swapped) never throw or hang',
    { timeout: 120_000 },
    async () => {
      const mutation = fc.record({ kind: fc.constantFrom('delete', 'duplicate', 'swap'), at: fc.nat(), to: fc.nat() });
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...PRESETS),
          fc.array(mutation, { minLength: 1, maxLength: 4 }),
          async ([name, b], mutations) => {
            const tokens = tokenize(readPreset(name));
            for (const { kind, at, to } of mutations) {
              const i = at % tokens.length;
              const j = to % tokens.length;
              if (kind === 'delete') tokens.splice(i, 1);
              else if (kind === 'duplicate') tokens.splice(i, 0, tokens[i]);
              else [tokens[i], tokens[j]] = [tokens[j], tokens[i]];
            }
            // Statements and loop rounds bounded, so a mutation that makes a loop endless ends in a refusal.
            const result = await analyze(tokens.map((t) => (t.startsWith('//') ? `${t}\n` : t)).join(' '), {
              block: b,
              args: { BLOCK_SIZE: 32, wA: 128, wB: 128 },
              stepBudget: 200_000,
            });
            if (!result.ok) for (const e of result.errors) expect(e.message).not.toMatch(/^the analyzer failed/);
          },
        ),
        { numRuns: 300, seed },
      );
    },
  );
});
