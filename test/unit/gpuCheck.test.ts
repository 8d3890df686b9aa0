import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createProbe, getProbeSpecs, loadOperationProbes, MAX_SHARED_BYTES } from '../../scripts/gpu/getProbes';
import { readNcuCsv } from '../../scripts/gpu/readNcuCsv';
import { writeProbeHeader } from '../../scripts/gpu/writeProbeHeader';
import { createSpecRequest, getSchedule, OPERATIONS } from '../../src/engine';
import { runGpuCheck } from '../support/runGpuCheck';
import { unwrap } from '../unwrap';

const hasGpu = spawnSync('nvidia-smi', ['-L']).status === 0;

describe('the hardware check', () => {
  it('probes every preset, every Going further access and a seeded sample, at the engine’s addresses', () => {
    const specs = getProbeSpecs(1, 40);
    expect(getProbeSpecs(1, 40)).toEqual(specs);
    expect(getProbeSpecs(2, 40)).not.toEqual(specs);
    const probes = specs.map(({ name, spec }) => createProbe(name, spec));
    expect(probes.filter((p) => typeof p === 'string')).toEqual([]);
    for (const [i, probe] of probes.entries()) {
      if (typeof probe === 'string') continue;
      const schedule = getSchedule(unwrap(createSpecRequest(specs[i].spec)));
      expect(probe.offsets).toEqual(schedule.lanes.map((l) => l.address));
      expect(probe.rounds).toBe(schedule.rounds);
      expect(probe.sharedBytes).toBeLessThanOrEqual(MAX_SHARED_BYTES);
    }
    // The sample reaches every kind of access the issue names.
    const kinds = new Set(probes.map((p) => (typeof p === 'string' ? '' : `${p.op} ${p.bytes}`)));
    for (const kind of ['load 4', 'load 8', 'load 16', 'store 4', 'store 8', 'store 16', 'ldmatrix 16'])
      expect(kinds, kind).toContain(kind);
  });

  it('takes each operation’s probe from its entry in the engine’s table: its counters, its kernel and its check', async () => {
    const { codes, byOperation } = await loadOperationProbes();
    expect(Object.keys(byOperation)).toEqual(OPERATIONS.map((o) => o.id));
    for (const [i, code] of codes.entries()) {
      expect(byOperation[OPERATIONS[i].id]).toBe(code);
      expect(code.metrics).toEqual([
        expect.stringMatching(/^l1tex__data_pipe_lsu_wavefronts_mem_shared_op_\w+\.sum$/),
        expect.stringMatching(/^smsp__(sass_)?inst_executed_op_\w+\.sum$/),
      ]);
      expect(code.cuda).toContain('static Kernel kernelFor(const Probe& p)');
      expect(code.cuda).toContain('static bool check(const Probe& p, const unsigned char* out)');
    }
    // A probe names its operation by the table's index, whose code comes in the same order.
    const probe = createProbe('stores', getProbeSpecs(1, 0).find((p) => p.spec.op === 'store')!.spec);
    const header = writeProbeHeader([probe as Exclude<typeof probe, string>], codes);
    expect(header.match(/\{op_\w+::kernelFor, op_\w+::check\}/g)).toEqual(
      OPERATIONS.map((o) => o.id.replace(/\W/g, '_')).map((id) => `{op_${id}::kernelFor, op_${id}::check}`),
    );
    expect(header).toMatch(new RegExp(`\\{"stores", ${OPERATIONS.findIndex((o) => o.id === 'store')}, `));
  });

  it('probes, last, the accesses an operation’s probe adds for itself (stmatrix’s, cp.async’s), at the engine’s rounds', async () => {
    const { codes } = await loadOperationProbes();
    const own = getProbeSpecs(1, 40, codes).slice(getProbeSpecs(1, 40).length);
    const rows = own.map(({ name, spec }) => {
      const probe = createProbe(name, spec);
      return typeof probe === 'string'
        ? probe
        : `${probe.op} ${name}: ${probe.rounds} rounds, ${probe.offsets.filter((o) => o !== null).length} rows`;
    });
    expect(rows).toEqual([
      'stmatrix stmatrix.x4 columns: 32 rounds, 32 rows',
      'stmatrix stmatrix.x4, Swizzle<3,3,3>: 4 rounds, 32 rows',
      'stmatrix stmatrix.x2 rows: 2 rounds, 16 rows',
      'stmatrix stmatrix.x1 on one row: 1 rounds, 8 rows',
      'cp.async cp.async of 16 bytes a lane, in a row: 4 rounds, 32 rows',
      'cp.async cp.async of 4 bytes a lane, two apart: 2 rounds, 32 rows',
      'cp.async cp.async of 8 bytes a lane, down a column of a 32-wide tile: 32 rounds, 32 rows',
      'cp.async cp.async of 16 bytes a lane, paired on one address: 4 rounds, 32 rows',
    ]);
  });

  it('reads Nsight Compute’s raw CSV, one row per launch in order, after the program’s own output', () => {
    const csv = [
      'probe 0 ok: Row read',
      '"ID","Kernel Name","l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum","smsp__inst_executed_op_shared_ld.sum"',
      '"","","","inst"',
      '"0","probeLoad<unsigned int>","1","1"',
      '"1","probeLoad<uint4>","1,024","2"',
    ].join('\n');
    expect(readNcuCsv(csv).map((r) => r['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum'])).toEqual([1, 1024]);
  });

  it.skipIf(hasGpu).concurrent(
    'without a GPU, says so in one line and exits 2',
    async () => {
      const run = await runGpuCheck([]);
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^gpu:check: no GPU found: .*nothing was measured/),
      ]);
    },
    30_000,
  );
});
