import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applySwizzle,
  createAccess,
  createBlock,
  createSpec,
  createSpecRequest,
  createSwizzle,
  createWarpRequest,
  DEFAULT_REQUEST_SHAPE,
  ELEMENT_BYTES,
  ELEMENT_TYPES,
  getSchedule,
  type AccessSpec,
  type ElementType,
  type MatrixCount,
  parseSharedArray,
  parseSwizzle,
  writeSwizzle,
  type Operation,
} from '../../src/engine';
import { KERNEL_PRESETS } from '../../src/ui/explore/presets';
import { simulateWide } from '../support/naiveWideModel';
import { unwrap } from '../unwrap';

function schedule(parts: Partial<AccessSpec>) {
  const request = createSpecRequest(createSpec(parts));
  if (!request.ok) throw new Error(`${request.error.field}: ${request.error.reason}`);
  return getSchedule(request.value);
}

function refusal(parts: Partial<AccessSpec>) {
  const request = createSpecRequest(createSpec(parts));
  return request.ok ? null : request.error;
}

describe('the wider model: the cases a kernel author checks by hand', () => {
  it('a float4 row read takes 4 rounds, one in each of 4 phases of 8 lanes', () => {
    const s = schedule({ pattern: 'row', type: 'float4' });
    expect(s.rounds).toBe(4);
    expect(s.activePhases).toBe(4);
    expect(s.phases.map((p) => [p.firstLane, p.lastLane, p.rounds, p.firstRound])).toEqual([
      [0, 7, 1, 1],
      [8, 15, 1, 2],
      [16, 23, 1, 3],
      [24, 31, 1, 4],
    ]);
    expect(s.lanes[9]).toMatchObject({ words: [36, 37, 38, 39], address: 144, bytes: 16, phase: 2, round: 2 });
  });

  it('a float4 column read at a pitch of 8 elements takes 32 rounds, at 9 takes 4', () => {
    expect(schedule({ pattern: 'column', type: 'float4', pitch: 8 }).rounds).toBe(32);
    expect(schedule({ pattern: 'column', type: 'float4', pitch: 9 }).rounds).toBe(4);
  });

  it('a double column read of a tile 32 words a row (16 doubles) takes 32 rounds, in 2 phases', () => {
    const s = schedule({ pattern: 'column', type: 'double', pitch: 16 });
    expect([s.rounds, s.activePhases]).toEqual([32, 2]);
  });

  it('a half row read takes 1 round: two lanes share each word', () => {
    const s = schedule({ pattern: 'row', type: 'half' });
    expect(s.rounds).toBe(1);
    expect(s.lanes[1].sharers).toEqual([0]);
  });

  it('a half column read of rows of 64 halves takes 32 rounds', () => {
    expect(schedule({ pattern: 'column', type: 'half', pitch: 64 }).rounds).toBe(32);
  });

  it('a 32×8 block transposing float tile[32][32] takes 32 rounds in every warp, and 1 with [32][33]', () => {
    const expr = 'tile[threadIdx.x][threadIdx.y]';
    const block = { x: 32, y: 8, z: 1 };
    for (let warp = 0; warp < 8; warp++) {
      expect(schedule({ pattern: 'expr', expr, block, warp, shared: 'float tile[32][32]' }).rounds).toBe(32);
      expect(schedule({ pattern: 'expr', expr, block, warp, shared: '__shared__ float tile[32][33];' }).rounds).toBe(1);
    }
    expect(schedule({ pattern: 'expr', expr, block, warp: 3, shared: 'float tile[32][32]' }).lanes[5].thread).toEqual({
      x: 5,
      y: 3,
      z: 0,
    });
  });

  it('ldmatrix.x4 over half tile[8][64] reading 8-half columns takes 32 rounds, and 4 with Swizzle<3,3,3>', () => {
    const ldmatrix = {
      pattern: 'expr' as const,
      op: 'ldmatrix' as const,
      x: 4 as const,
      shared: 'half tile[8][64]',
      expr: 'tile[lane % 8][lane / 8 * 8]',
    };
    const plain = schedule(ldmatrix);
    expect([plain.rounds, plain.activePhases]).toEqual([32, 4]);
    expect(plain.lanes[0].words).toEqual([0, 1, 2, 3]);
    expect(schedule({ ...ldmatrix, swizzle: { bits: 3, base: 3, shift: 3 } }).rounds).toBe(4);
  });

  it('ldmatrix.x1 and .x2 take row addresses from lanes 0–7 and 0–15 only', () => {
    const rows = { pattern: 'expr' as const, op: 'ldmatrix' as const, expr: 'lane * 8', type: 'half' as const };
    expect(schedule({ ...rows, x: 1 }).activeLanes).toBe(8);
    expect(schedule({ ...rows, x: 2 }).phases.map((p) => p.activeLanes)).toEqual([8, 8]);
  });

  it('a store where lanes pair up on a word races on every lane, and takes 1 round', () => {
    const s = schedule({ pattern: 'expr', expr: 'lane / 2', op: 'store' });
    expect(s.rounds).toBe(1);
    expect(s.racing).toEqual([...Array(32).keys()]);
    expect(s.lanes.every((l) => l.race)).toBe(true);
    // Two chars of one word are different bytes: they share the word, but neither overwrites the other.
    expect(schedule({ pattern: 'row', type: 'char', op: 'store' }).racing).toEqual([]);
  });

  it('Swizzle<5,0,5> on a 32×32 float tile is the lesson’s XOR layout', () => {
    const swizzled = schedule({ pattern: 'column', col: 3, swizzle: { bits: 5, base: 0, shift: 5 } });
    const xor = schedule({ pattern: 'column', col: 3, layout: 'xor' });
    expect(swizzled.lanes.map((l) => l.word)).toEqual(xor.lanes.map((l) => l.word));
    expect(swizzled.rounds).toBe(1);
  });

  it('threads past the block are inactive lanes; a phase with no active lane takes no round', () => {
    const s = schedule({ pattern: 'row', type: 'float4', block: { x: 48, y: 1, z: 1 }, warp: 1 });
    expect(s.activeLanes).toBe(16);
    expect(s.phases.map((p) => p.rounds)).toEqual([1, 1, 0, 0]);
    expect([s.rounds, s.activePhases]).toEqual([2, 2]);
  });

  it('every lesson access is the one-phase special case', () => {
    const s = schedule({ pattern: 'column', pitch: 32 });
    expect([s.rounds, s.activePhases, s.phases.length, s.type, s.op]).toEqual([32, 1, 1, 'float', 'load']);
    expect(s.lanes[4]).toMatchObject({ words: [128], address: 512, bytes: 4, phase: 1, thread: { x: 4, y: 0, z: 0 } });
  });
});

describe('the wider model refuses what a kernel cannot do, naming the field and the lane', () => {
  it('a block over 1,024 threads, or with a zero dimension', () => {
    expect(createBlock({ x: 64, y: 32, z: 1 })).toMatchObject({ ok: false, error: { field: 'block' } });
    expect(createBlock({ x: 32, y: 0, z: 1 })).toMatchObject({ ok: false, error: { field: 'block' } });
  });

  it('a warp past the block', () => {
    expect(refusal({ block: { x: 32, y: 2, z: 1 }, warp: 2 })).toMatchObject({
      field: 'warp',
      reason: expect.stringContaining('no warp 2'),
    });
  });

  it('a declaration that does not parse, or names another array, or takes other subscripts', () => {
    expect(refusal({ pattern: 'expr', expr: 'tile[lane][0]', shared: 'float tile[32' })).toMatchObject({
      field: 'shared',
    });
    expect(refusal({ pattern: 'expr', expr: 'a[lane][0]', shared: 'float tile[32][33]' })).toMatchObject({
      field: 'expr',
      reason: expect.stringContaining('declaration is of tile'),
    });
    expect(refusal({ pattern: 'expr', expr: 'tile[lane]', shared: 'float tile[32][33]' })).toMatchObject({
      field: 'expr',
      reason: expect.stringContaining('2 dimensions'),
    });
  });

  it('a subscript outside its dimension, naming the lane and the subscript', () => {
    expect(refusal({ pattern: 'expr', expr: 'tile[0][lane + 10]', shared: 'float tile[32][33]' })).toMatchObject({
      field: 'expr',
      reason: expect.stringContaining('lane 23: subscript 2'),
    });
  });

  it('an ldmatrix row that is not 16-byte aligned, naming the lane', () => {
    expect(refusal({ pattern: 'expr', op: 'ldmatrix', type: 'half', expr: 'lane * 8 + (lane == 5)' })).toBeTruthy();
    expect(refusal({ pattern: 'expr', op: 'ldmatrix', type: 'half', expr: 'lane * 8 + lane / 5' })).toMatchObject({
      reason: expect.stringContaining("lane 5's ldmatrix row starts at byte 82"),
    });
  });

  it('a swizzle whose bits reach past bit 31, or read the bits it changes', () => {
    expect(createSwizzle({ bits: 10, base: 10, shift: 12 })).toMatchObject({ ok: false, error: { field: 'swizzle' } });
    expect(createSwizzle({ bits: 3, base: 0, shift: 2 })).toMatchObject({ ok: false, error: { field: 'swizzle' } });
    expect(createSwizzle({ bits: 3, base: 0, shift: -2 })).toMatchObject({ ok: false, error: { field: 'swizzle' } });
  });

  it('a negative S, as CuTe allows: the low bits XORed into the higher ones', () => {
    const swizzle = unwrap(parseSwizzle('3,0,-3'));
    // 5 = 0b000101: its bits 0–2 (101) go to bits 3–5, so 0b101101 = 45; bits 3–5 alone stay.
    expect(applySwizzle(swizzle, 5)).toBe(45);
    expect(applySwizzle(swizzle, 40)).toBe(40);
    expect(writeSwizzle(swizzle)).toBe('3,0,-3');
  });

  it('a static shared array past 48 KB, naming the limit and dynamic memory; extern up to 227 KB', () => {
    expect(unwrap(parseSharedArray('__shared__ float tile[96][128];')).elements).toBe(12_288);
    expect(parseSharedArray('__shared__ float tile[96][129];')).toMatchObject({
      ok: false,
      error: {
        field: 'shared',
        reason: expect.stringMatching(/49,536 bytes, past the 48 KB \(49,152 bytes\).*extern/),
      },
    });
    expect(unwrap(parseSharedArray('extern __shared__ float big[58112];')).elements).toBe(58_112);
    expect(parseSharedArray('extern __shared__ float big[58113];')).toMatchObject({
      ok: false,
      error: { reason: expect.stringContaining('227 KB (232,448 bytes)') },
    });
  });

  it('an extern __shared__ array with no size, saying to declare the size it launches with', () => {
    expect(parseSharedArray('extern __shared__ float smem[];')).toMatchObject({
      ok: false,
      error: { field: 'shared', reason: expect.stringContaining('like __shared__ float smem[1024]') },
    });
  });

  it('the types a kernel declares beyond the lesson, with their sizes', () => {
    const sizes = Object.fromEntries(
      ['half2 a[1]', '__nv_bfloat162 a[1]', 'short2 a[1]', 'char4 a[1]', 'bool a[1]', '__half a[1]', 'uint32_t a[1]']
        .map((d) => unwrap(parseSharedArray(d)))
        .map((a) => [a.type, ELEMENT_BYTES[a.type]]),
    );
    expect(sizes).toEqual({ half2: 4, bf162: 4, short2: 4, char4: 4, bool: 1, half: 2, int: 4 });
  });

  it('a type that contradicts the shared declaration', () => {
    expect(refusal({ pattern: 'expr', expr: 'lane', shared: 'half tile[64]', type: 'double' })).toMatchObject({
      field: 'type',
    });
  });
});

const OPS = ['load', 'store', 'ldmatrix', 'stmatrix', 'cp.async'] as const satisfies readonly Operation[];
const input = fc.record({
  indices: fc.array(fc.option(fc.integer({ min: 0, max: 600 }), { nil: null, freq: 5 }), {
    minLength: 32,
    maxLength: 32,
  }),
  type: fc.constantFrom<ElementType>(...ELEMENT_TYPES),
  op: fc.constantFrom(...OPS),
  matrices: fc.constantFrom<MatrixCount>(1, 2, 4),
  block: fc.constantFrom<[number, number, number]>(
    [32, 1, 1],
    [32, 8, 1],
    [16, 16, 1],
    [8, 8, 4],
    [48, 1, 1],
    [100, 1, 1],
    [7, 5, 3],
  ),
  warp: fc.integer({ min: 0, max: 3 }),
  swizzle: fc.option(
    fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: -6, max: 6 })),
    { nil: null },
  ),
});

// 1.5 s alone for 1,500 runs; past the default 5 s beside seven other helpers' tests.
const PROPERTY_BUDGET = { timeout: 30_000 };

describe('the wider schedule agrees with a naive model written apart from the engine', () => {
  it('over random types, blocks, warps, swizzles and operations', PROPERTY_BUDGET, () => {
    fc.assert(
      fc.property(input, (i) => {
        const [x, y, z] = i.block;
        const warps = Math.ceil((x * y * z) / 32);
        const warp = i.warp % warps;
        // ldmatrix and stmatrix rows are 16-byte aligned: the index is rounded down to one.
        const per = 16 / ELEMENT_BYTES[i.type];
        const indices =
          i.op === 'ldmatrix' || i.op === 'stmatrix'
            ? i.indices.map((e) => (e === null ? null : e - (e % Math.max(1, per))))
            : i.indices;
        // cp.async copies 4, 8 or 16 bytes a lane; other types are refused (tested apart).
        if (i.op === 'cp.async' && ![4, 8, 16].includes(ELEMENT_BYTES[i.type])) return;
        const naive = simulateWide({
          indices,
          elementBytes: ELEMENT_BYTES[i.type],
          op: i.op,
          matrices: i.matrices,
          block: i.block as [number, number, number],
          warp,
          swizzle: null,
        });
        if (naive.roundOfLane.every((r) => r === null)) return;
        const access = createAccess(indices);
        if (!access.ok) return;
        const made = createWarpRequest(access.value, {
          op: i.op,
          type: i.type,
          matrices: i.matrices,
          block: { x, y, z },
          warp,
          swizzle: null,
        });
        if (!made.ok) throw new Error(made.error.reason);
        const s = getSchedule(made.value);
        expect(s.rounds).toBe(naive.rounds);
        expect(s.activePhases).toBe(naive.phasesCarrying);
        expect(s.lanes.map((l) => l.round)).toEqual(naive.roundOfLane);
        expect(s.lanes.map((l) => l.phase)).toEqual(naive.phaseOfLane);
        expect(s.lanes.map((l) => [...l.words])).toEqual(naive.wordsOfLane);
        expect(s.racing).toEqual(naive.racing);
      }),
      { numRuns: 1500 },
    );
  });

  it('with swizzles, on loads and stores of every type', PROPERTY_BUDGET, () => {
    fc.assert(
      fc.property(input, (i) => {
        if (i.swizzle === null || i.op === 'ldmatrix' || i.op === 'stmatrix') return;
        if (i.op === 'cp.async' && ![4, 8, 16].includes(ELEMENT_BYTES[i.type])) return;
        const [b, m, s] = i.swizzle;
        const swizzle = createSwizzle({ bits: b, base: m, shift: s });
        if (!swizzle.ok) return;
        const access = createAccess(i.indices);
        if (!access.ok) return;
        const made = createWarpRequest(access.value, {
          op: i.op,
          type: i.type,
          matrices: 1,
          block: { x: 32, y: 1, z: 1 },
          warp: 0,
          swizzle: swizzle.value,
        });
        if (!made.ok) throw new Error(made.error.reason);
        const naive = simulateWide({
          indices: i.indices,
          elementBytes: ELEMENT_BYTES[i.type],
          op: i.op,
          matrices: 1,
          block: [32, 1, 1],
          warp: 0,
          swizzle: [b, m, s],
        });
        const sch = getSchedule(made.value);
        expect(sch.rounds).toBe(naive.rounds);
        expect(sch.lanes.map((l) => l.round)).toEqual(naive.roundOfLane);
        expect(sch.racing).toEqual(naive.racing);
      }),
      { numRuns: 1500 },
    );
  });
});

/**
 * A warp whose lanes pair: lane n reads lane n XOR d's element (d = 1 or 2, or 4 or 16: a pair at
 * another distance), some pairs inactive, and at times one lane moved off its partner.
 */
const paired = fc.record({
  halves: fc.array(fc.option(fc.integer({ min: 0, max: 300 }), { nil: null, freq: 6 }), {
    minLength: 32,
    maxLength: 32,
  }),
  distance: fc.constantFrom(1, 2, 4, 16),
  type: fc.constantFrom<ElementType>('float2', 'double', 'float4', 'int4', 'float', 'half'),
  op: fc.constantFrom<Operation>('load', 'store'),
  block: fc.constantFrom<[number, number, number]>([32, 1, 1], [32, 8, 1], [20, 1, 1]),
  moved: fc.option(fc.tuple(fc.integer({ min: 0, max: 31 }), fc.integer({ min: 0, max: 300 })), {
    nil: null,
    freq: 3,
  }),
});

describe('lanes that pair at n^1 or n^2, against the naive model with the pair rule', () => {
  it(
    '8- and 16-byte loads whose lanes all pair are served a pair at a time; stores and others as before',
    PROPERTY_BUDGET,
    () => {
      fc.assert(
        fc.property(paired, (i) => {
          // Each lane takes the element of the lower lane of its pair, so partners share an address.
          const indices = i.halves.map((_, lane) => i.halves[Math.min(lane, lane ^ i.distance)]);
          if (i.moved) indices[i.moved[0]] = i.moved[1];
          const naive = simulateWide({
            indices,
            elementBytes: ELEMENT_BYTES[i.type],
            op: i.op,
            matrices: 1,
            block: i.block,
            warp: 0,
            swizzle: null,
          });
          if (naive.roundOfLane.every((r) => r === null)) return;
          const made = createWarpRequest(unwrap(createAccess(indices)), {
            op: i.op,
            type: i.type,
            matrices: 1,
            block: { x: i.block[0], y: i.block[1], z: i.block[2] },
            warp: 0,
            swizzle: null,
          });
          if (!made.ok) throw new Error(made.error.reason);
          const s = getSchedule(made.value);
          expect(s.rounds).toBe(naive.rounds);
          expect(s.activePhases).toBe(naive.phasesCarrying);
          expect(s.lanes.map((l) => l.round)).toEqual(naive.roundOfLane);
          expect(s.lanes.map((l) => l.phase)).toEqual(naive.phaseOfLane);
        }),
        { numRuns: 1000 },
      );
    },
  );

  it('a float4 load of one address for 16 lanes takes 2 rounds, its ideal 2 (the H200’s LDS.128)', () => {
    const made = unwrap(
      createWarpRequest(unwrap(createAccess(Array.from({ length: 32 }, (_, l) => (l < 16 ? 0 : 32)))), {
        ...DEFAULT_REQUEST_SHAPE,
        type: 'float4',
      }),
    );
    const s = getSchedule(made);
    expect([made.pairs, made.lanesPerPhase, s.rounds, s.activePhases]).toEqual([1, 16, 2, 2]);
  });

  it('the same addresses stored, or paired at n^16, stay in phases of 8 lanes', () => {
    const halves = Array.from({ length: 32 }, (_, l) => (l < 16 ? 0 : 32));
    const stored = unwrap(
      createWarpRequest(unwrap(createAccess(halves)), { ...DEFAULT_REQUEST_SHAPE, op: 'store', type: 'float4' }),
    );
    const sixteen = Array.from({ length: 32 }, (_, l) => (l % 16) * 2);
    const far = unwrap(createWarpRequest(unwrap(createAccess(sixteen)), { ...DEFAULT_REQUEST_SHAPE, type: 'float4' }));
    expect([stored.pairs, getSchedule(stored).rounds, far.pairs, getSchedule(far).rounds]).toEqual([null, 4, null, 8]);
  });
});

describe('Explore’s presets beyond the lesson', () => {
  const expected: Record<string, [rounds: number, phases: number, racing: number]> = {
    'float4 along a row': [4, 4, 0],
    'float4 column, pitch 8': [32, 4, 0],
    'float4 column, pitch 9': [4, 4, 0],
    'Transpose, 32×8 block': [32, 1, 0],
    'Transpose, tile[32][33]': [1, 1, 0],
    'ldmatrix.x4 columns': [32, 4, 0],
    'ldmatrix.x4, Swizzle<3,3,3>': [4, 4, 0],
    'Stores paired on a word': [1, 1, 32],
  };
  for (const preset of KERNEL_PRESETS)
    it(`${preset.name}: the rounds, phases and racing lanes counted by hand`, () => {
      const request = createSpecRequest(preset.spec);
      if (!request.ok) throw new Error(request.error.reason);
      const s = getSchedule(request.value);
      expect([s.rounds, s.activePhases, s.racing.length]).toEqual(expected[preset.name]);
    });
});
