import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { writeKernelTable } from '../../scripts/kernel/writeKernelReport';
import {
  createSpec,
  createSpecRequest,
  getModelNotes,
  getSchedule,
  OPERATIONS,
  readPtxInstruction,
  type AccessSpec,
} from '../../src/engine';
import { analyzeOk } from '../support/kernelAnalyzer';

const schedule = (fields: Partial<AccessSpec>) => {
  const request = createSpecRequest(createSpec(fields));
  return request.ok ? getSchedule(request.value) : request.error.reason;
};

describe('an operation is one definition', () => {
  it('each has its file in src/engine/operations/ and its probe in src/engine/probes/', () => {
    const files = readdirSync('src/engine/operations');
    const probes = readdirSync('src/engine/probes');
    for (const o of OPERATIONS) {
      expect(files, o.id).toContain(`${o.id.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase())}.ts`);
      expect(probes, o.id).toContain(`${o.probe}.ts`);
    }
  });

  it('each reads its own PTX, and only its own', () => {
    const read = (instruction: string) => {
      const reading = readPtxInstruction(instruction.split(/\s/)[0], instruction);
      return reading && ('refused' in reading ? reading.refused : `${reading.op} ${reading.type} ${reading.form}`);
    };
    expect(
      [
        'ld.shared.v4.f32 {%0, %1, %2, %3}, [%4];',
        'st.shared.u16 [%0], %1;',
        'ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];',
        'stmatrix.sync.aligned.x4.m8n8.shared::cta.b16 [%0], {%1, %2, %3, %4};',
        'cp.async.ca.shared.global [%0], [%1], 8;',
        'cp.async.commit_group;',
        'ld.global.f32 %0, [%1];',
      ].map(read),
    ).toEqual([
      'load float4 LDS.128',
      'store short STS.U16',
      'ldmatrix half LDSM.x2.T',
      'stmatrix half STSM.x4',
      'cp.async int2 LDGSTS.64',
      null,
      null,
    ]);
  });
});

describe('stmatrix, ldmatrix’s store twin', () => {
  it('stores 8×8 matrices a row a lane: rows 128 bytes apart take 8 rounds a matrix', () => {
    const s = schedule({ pattern: 'expr', op: 'stmatrix', x: 4, expr: 'lane * 64', type: 'half' });
    expect(typeof s === 'string' ? s : [s.rounds, s.phases.length, s.activeLanes, s.racing.length]).toEqual([
      32, 4, 32, 0,
    ]);
  });

  it('x2 gives 16 row addresses; rows stored at one address race', () => {
    const s = schedule({ pattern: 'expr', op: 'stmatrix', x: 2, expr: 'lane % 8 * 8', type: 'half' });
    expect(typeof s === 'string' ? s : [s.rounds, s.activeLanes, s.racing.length]).toEqual([2, 16, 16]);
  });

  it('refuses a row that is not 16-byte aligned, naming the lane', () => {
    expect(schedule({ pattern: 'expr', op: 'stmatrix', x: 1, expr: 'lane * 8 + 1', type: 'half' })).toBe(
      "lane 0's stmatrix row starts at byte 2, which is not 16-byte aligned (element 1 of 2-byte half)",
    );
  });
});

describe('cp.async, a model', () => {
  it('copies 4, 8 or 16 bytes a lane and refuses other widths', () => {
    const s = schedule({ pattern: 'expr', op: 'cp.async', expr: 'lane * 2', type: 'float2' });
    expect(typeof s === 'string' ? s : s.rounds).toBe(4);
    expect(schedule({ pattern: 'expr', op: 'cp.async', expr: 'lane', type: 'short' })).toBe(
      "cp.async copies 4, 8 or 16 bytes a lane, and lane 0's short is 2",
    );
  });

  it('is said to be a model once where the report names it, and nowhere else', async () => {
    const report = await analyzeOk(
      '__global__ void k(const float *in) {\n  __shared__ float s[256];\n  __pipeline_memcpy_async(&s[threadIdx.x], in, 4);\n  __pipeline_memcpy_async(&s[threadIdx.x * 4 + 128], in, 16);\n  s[threadIdx.x] = 0;\n}\n',
      { block: { x: 32, y: 1, z: 1 } },
    );
    const notes = writeKernelTable(report, 'k.cu')
      .split('\n')
      .filter((l) => l.includes('NVIDIA documents no bank rule'));
    expect(notes).toEqual([
      '  note: cp.async’s rounds are a model: NVIDIA documents no bank rule for it, so each lane’s copy is counted as a write of its width into shared memory.',
    ]);
    expect(getModelNotes(['load', 'store', 'ldmatrix', 'stmatrix'])).toEqual([]);
  });
});
