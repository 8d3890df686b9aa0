import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareKernelLines } from '../../scripts/gpu/compareKernelLines';
import {
  createProbe,
  getPairProbeSpecs,
  getProbeSpecs,
  loadOperationProbes,
  type Probe,
} from '../../scripts/gpu/getProbes';
import { measureProbe } from '../../scripts/gpu/measureProbe';
import { readNcuCsv } from '../../scripts/gpu/readNcuCsv';
import { readNcuSourceCsv } from '../../scripts/gpu/readNcuSourceCsv';
import type { ThreadBlock } from '../../src/engine';
import { analyzeOk, readPreset } from '../support/kernelAnalyzer';

// What Nsight Compute 2025.3.1 printed on an NVIDIA H200 (compute capability 9.0, driver
// 580.159.04) for `npm run gpu:check` and `gpu:check --kernel` on the presets, recorded as it came.
const recorded = (name: string) => readFileSync(`test/fixtures/ncu-h200/${name}`, 'utf8');

describe('gpu:check on what an H200 measured', () => {
  it('every probe of the default sample reads the engine’s rounds, ldmatrix’s from the loads’ counter', async () => {
    const { byOperation } = await loadOperationProbes();
    const probes = getProbeSpecs(1, 40)
      .map(({ name, spec }) => createProbe(name, spec))
      .filter((p): p is Probe => typeof p !== 'string');
    const launches = readNcuCsv(recorded('probes.raw.csv'));
    // Recorded before the pair rule's probes, which come last: the run holds every probe before them.
    expect(launches).toHaveLength(probes.length - getPairProbeSpecs().length);
    // That ncu had no ldsm wavefronts counter: what gpu:check asked it for, less that one.
    const present = Object.keys(launches[0]).filter((m) => !m.includes('_op_ldsm') || m.startsWith('smsp'));
    const rows = probes.slice(0, launches.length).map((p, i) => {
      const m = measureProbe(launches[i], byOperation[p.op], present);
      return [p.name, p.rounds, m.measured, m.from];
    });
    expect(rows.filter(([, rounds, measured]) => rounds !== measured)).toEqual([]);
    const ldmatrix = rows.filter(([name]) => String(name).includes('ldmatrix'));
    expect(ldmatrix.length).toBeGreaterThan(4);
    expect(new Set(ldmatrix.map(([, , , from]) => from))).toEqual(
      new Set(['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum']),
    );
  });

  it('the pair rule’s probes: wide loads and stores sharing addresses, what the engine expects of each', () => {
    const rows = getPairProbeSpecs().map(({ name, spec }) => {
      const probe = createProbe(name, spec);
      return typeof probe === 'string' ? probe : `${name}: ${probe.rounds}`;
    });
    // Loads paired at n^1 or n^2 take half the phases; n^4 and n^16, and every store, do not pair.
    expect(rows).toEqual([
      'lanes share at n^1: load float2: 1',
      'lanes share at n^2: load float2: 1',
      'lanes share at one address: load float2: 1',
      'lanes share at n^4: load float2: 2',
      'lanes share at n^16: load float2: 2',
      'lanes share at n^1, all in the same banks: load float2: 16',
      'lanes share at n^1, half of them four-way: load float2: 4',
      'lanes share at n^1: store float2: 2',
      'lanes share at n^2: store float2: 2',
      'lanes share at one address: store float2: 2',
      'lanes share at n^4: store float2: 2',
      'lanes share at n^16: store float2: 2',
      'lanes share at n^1, all in the same banks: store float2: 16',
      'lanes share at n^1, half of them four-way: store float2: 5',
      'lanes share at n^1: load float4: 2',
      'lanes share at n^2: load float4: 2',
      'lanes share at one address: load float4: 2',
      'lanes share at n^4: load float4: 4',
      'lanes share at n^16: load float4: 4',
      'lanes share at n^1, all in the same banks: load float4: 16',
      'lanes share at n^1, half of them four-way: load float4: 8',
      'lanes share at n^1: store float4: 4',
      'lanes share at n^2: store float4: 4',
      'lanes share at one address: store float4: 4',
      'lanes share at n^4: store float4: 4',
      'lanes share at n^16: store float4: 4',
      'lanes share at n^1, all in the same banks: store float4: 16',
      'lanes share at n^1, half of them four-way: store float4: 10',
    ]);
  });

  it('an ldmatrix probe’s launch that made an LDS too is not read from the loads’ counter', async () => {
    const { byOperation } = await loadOperationProbes();
    const launch = {
      'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum': 36,
      'smsp__inst_executed_op_shared_ld.sum': 1,
      'smsp__inst_executed_op_ldsm.sum': 1,
    };
    const m = measureProbe(launch, byOperation.ldmatrix, Object.keys(launch));
    expect([m.from, Number.isNaN(m.measured)]).toEqual([null, true]);
  });

  const block = (x: number, y = 1): ThreadBlock => ({ x, y, z: 1 });
  const kernels: [string, ThreadBlock, Record<string, number>, [number, string, string, boolean][]][] = [
    [
      'transposeCoalesced',
      block(32, 8),
      {},
      [
        [19, 'store', '32/32 32/32', true],
        [27, 'load', '1024/32 1024/32', true],
      ],
    ],
    [
      'reduce1',
      block(256),
      {},
      [
        [15, 'store', '8/8 8/8', true],
        [24, 'load', '94/24 94/24', true],
        [24, 'store', '47/12 47/12', true],
        [31, 'load', '1/1 1/1', true],
      ],
    ],
    [
      'matrixMul',
      block(32, 32),
      { BLOCK_SIZE: 32, wA: 1024, wB: 1024 },
      [
        [51, 'store', '1024/1024 1024/1024', true],
        [52, 'store', '1024/1024 1024/1024', true],
        [63, 'load', '65536/65536 49152/49152', false],
      ],
    ],
    [
      'gemmTileFloat4',
      block(256),
      {},
      [
        [28, 'store', '16/8 16/8', true],
        [29, 'store', '16/8 16/8', true],
        [30, 'store', '16/8 16/8', true],
        [31, 'store', '16/8 16/8', true],
        // Written over two lines; nvcc puts the STS.128 on the second.
        [34, 'store', '32/32 32/32', true],
        // Lanes of a row read one float4 (a broadcast), so lanes n and n^1 pair: 2 wavefronts, not 4.
        [40, 'load', '128/128 128/128', true],
        [41, 'load', '512/256 512/256', true],
      ],
    ],
    [
      'ldmatrixX4',
      block(32),
      {},
      [
        [15, 'store', '16/16 16/16', true],
        // The asm statement runs over three lines; nvcc puts the LDSM on its last.
        [24, 'ldmatrix', '32/4 32/4', true],
      ],
    ],
  ];
  it.each(kernels)(
    '%s: each line’s rounds and ideal beside the wavefronts measured',
    async (name, b, args, expected) => {
      const source = readPreset(name);
      const report = await analyzeOk(source, { block: b, args });
      const file = `/work/main/assets/kernels/${name}.cu`;
      const rows = compareKernelLines(report, readNcuSourceCsv(recorded(`${name}.source.csv`), file), source);
      expect(
        rows.map((r) => [
          r.line,
          r.op,
          `${r.model?.rounds}/${r.model?.ideal} ${r.measured?.wavefronts}/${r.measured?.ideal}`,
          r.agree,
        ]),
      ).toEqual(expected);
    },
    // matrixMul makes 65,536 loads: 3 s by itself here, past the default 5 s beside seven others.
    30_000,
  );

  it(
    'says where the compiler merged four loads into one, and where predicated instructions ran',
    { timeout: 30_000 },
    async () => {
      const source = readPreset('matrixMul');
      const report = await analyzeOk(source, { block: block(32, 32), args: { BLOCK_SIZE: 32, wA: 1024, wB: 1024 } });
      const rows = compareKernelLines(
        report,
        readNcuSourceCsv(recorded('matrixMul.source.csv'), '/work/main/assets/kernels/matrixMul.cu'),
        source,
      );
      expect(rows.find((r) => r.line === 63)?.note).toBe(
        "the compiler merged four LDS.32 into an LDS.128, which the model counts as written; the GPU served that LDS.128 in 2 wavefronts an instruction, not 4, its lanes paired (every lane reading lane n^1's or n^2's address)",
      );
      const reduce = readPreset('reduce1');
      const reduced = compareKernelLines(
        await analyzeOk(reduce, { block: block(256) }),
        readNcuSourceCsv(recorded('reduce1.source.csv'), '/work/main/assets/kernels/reduce1.cu'),
        reduce,
      );
      expect(reduced.find((r) => r.line === 24 && r.op === 'load')?.note).toBe(
        'the GPU also ran 104 with every lane predicated off, which make no wavefront',
      );
    },
  );
});
