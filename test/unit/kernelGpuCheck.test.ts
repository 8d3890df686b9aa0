import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareKernelLines } from '../../scripts/gpu/compareKernelLines';
import { onGpu, readGpuList } from '../../scripts/gpu/findGpus';
import { readMetricList, splitMetrics } from '../../scripts/gpu/queryNcuMetrics';
import { readNcuSourceCsv } from '../../scripts/gpu/readNcuSourceCsv';
import { writeKernelHarness } from '../../scripts/gpu/writeKernelHarness';
import { analyzeOk, readPreset } from '../support/kernelAnalyzer';
import { runGpuCheck } from '../support/runGpuCheck';

const hasGpu = spawnSync('nvidia-smi', ['-L']).status === 0;

describe('gpu:check’s readers, on text in Nsight Compute’s and nvidia-smi’s formats', () => {
  it('reads every GPU nvidia-smi lists, with the index CUDA_VISIBLE_DEVICES takes', () => {
    const text = '0, NVIDIA H100 80GB HBM3, 9.0, 550.54.15\n1, NVIDIA A100-SXM4-40GB, 8.0, 550.54.15\n';
    expect(readGpuList(text)).toEqual([
      { index: '0', name: 'NVIDIA H100 80GB HBM3', computeCapability: '9.0', driver: '550.54.15' },
      { index: '1', name: 'NVIDIA A100-SXM4-40GB', computeCapability: '8.0', driver: '550.54.15' },
    ]);
  });

  it('runs on the GPU nvidia-smi names, in nvidia-smi’s order (CUDA’s own puts the fastest first)', () => {
    const [, second] = readGpuList(
      '0, NVIDIA H100 80GB HBM3, 9.0, 550.54.15\n1, NVIDIA A100-SXM4-40GB, 8.0, 550.54.15\n',
    );
    expect(onGpu(second)).toMatchObject({ CUDA_DEVICE_ORDER: 'PCI_BUS_ID', CUDA_VISIBLE_DEVICES: '1' });
  });

  it('profiles the metrics ncu --query-metrics lists and names the ones it does not', () => {
    const listing = [
      'Device NVIDIA H100 80GB HBM3 (GH100)',
      '------------------------------------------------------- -----------------------------------------------',
      'Metric Name                                              Metric Description',
      'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld         # of shared memory wavefronts processed by Data-Stage for LDS',
      'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st         # of shared memory wavefronts processed by Data-Stage for STS',
      'smsp__inst_executed_op_shared_ld                         # of warp instructions executed: LDS',
      'smsp__inst_executed_op_shared_st                         # of warp instructions executed: STS',
      'smsp__inst_executed_op_ldsm                              # of warp instructions executed: LDSM',
    ].join('\n');
    const requested = [
      'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum',
      'l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum',
      'smsp__inst_executed_op_ldsm.sum',
    ];
    expect(splitMetrics(requested, readMetricList(listing))).toEqual({
      present: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum', 'smsp__inst_executed_op_ldsm.sum'],
      missing: ['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum'],
    });
  });

  it('reads the source page’s shared instructions under their CUDA lines, for the user’s file only', () => {
    const file = resolve('assets/kernels/transposeCoalesced.cu');
    const csv = [
      '"File Path","/usr/local/cuda/include/cuda_runtime.h"',
      '"Line No","Source","Address","Source","inst_executed","memory_l1_wavefronts_shared","memory_l1_wavefronts_shared_ideal"',
      '"12","","","","","",""',
      '"","","0x7f0000000100","LDS R0, [R1]","5","5","5"',
      `"File Path","${file}"`,
      '"Function Name","transposeCoalesced(float *, const float *)"',
      '"Line No","Source","Address","Source","inst_executed","memory_l1_wavefronts_shared","memory_l1_wavefronts_shared_ideal"',
      // A line's own row quotes its source unescaped; only its number is read.
      '"19","    tile[threadIdx.y + j][threadIdx.x] = idata["x"];","","","32","32","32"',
      '"","","0x7f0000000a10","STS [R5], R2","32","32","32"',
      '"27","    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];","","","32","1,024","32"',
      '"","","0x7f0000000b40","LDS R7, [R6+0x4]","32","1,024","32"',
      '"","","0x7f0000000b50","@!P0 LDS.64 R8, [R6+0x80]","0","0","0"',
      '"","","0x7f0000000b60","FADD R9, R7, R7","32","",""',
    ].join('\n');
    expect(readNcuSourceCsv(csv, file)).toEqual([
      { line: 19, sass: 'STS [R5], R2', form: 'STS.32', op: 'store', executed: 32, wavefronts: 32, ideal: 32 },
      { line: 27, sass: 'LDS R7, [R6+0x4]', form: 'LDS.32', op: 'load', executed: 32, wavefronts: 1024, ideal: 32 },
      { line: 27, sass: '@!P0 LDS.64 R8, [R6+0x80]', form: 'LDS.64', op: 'load', executed: 0, wavefronts: 0, ideal: 0 },
    ]);
  });
});

describe('the report beside the measurement, line by line', () => {
  it('agrees where the wavefronts are the rounds, and says where the compiler merged two LDS.32 into an LDS.64', async () => {
    const source = readPreset('transposeCoalesced');
    const report = await analyzeOk(source, { block: { x: 32, y: 8, z: 1 } });
    const rows = compareKernelLines(report, [
      { line: 19, sass: 'STS [R5], R2', form: 'STS.32', op: 'store', executed: 32, wavefronts: 32, ideal: 32 },
      { line: 27, sass: 'LDS.64 R6, [R4]', form: 'LDS.64', op: 'load', executed: 16, wavefronts: 1024, ideal: 32 },
    ]);
    expect(rows.map((r) => [r.line, r.op, r.agree, r.note])).toEqual([
      [19, 'store', true, ''],
      [27, 'load', true, 'the compiler merged two LDS.32 into an LDS.64'],
    ]);
  });

  it('names a line the model counts and the GPU never ran', async () => {
    const report = await analyzeOk(readPreset('transposePadded'), { block: { x: 32, y: 8, z: 1 } });
    const rows = compareKernelLines(report, []);
    expect(rows.every((r) => !r.agree && r.note.startsWith('no shared instruction measured'))).toBe(true);
  });

  it('writes a harness that launches one block with the report’s block, template and arguments', async () => {
    const report = await analyzeOk(readPreset('matrixMul'), {
      block: { x: 32, y: 4, z: 1 },
      args: { BLOCK_SIZE: 32, wA: 256, wB: 128 },
    });
    const harness = writeKernelHarness(report, 'assets/kernels/matrixMul.cu');
    expect(harness).toContain(`#include "${resolve('assets/kernels/matrixMul.cu')}"`);
    expect(harness).toContain('auto kernel = MatrixMulCUDA<32>;');
    expect(harness).toContain(
      'kernel<<<1, dim3(32, 4, 1), dynamicBytes>>>(AnyPointer{buffers[0]}, AnyPointer{buffers[1]}, AnyPointer{buffers[2]}, 256, 128);',
    );
  });
});

describe('gpu:check --kernel', () => {
  it.skipIf(hasGpu)(
    'without a GPU, says so in one line and exits 2',
    async () => {
      const run = await runGpuCheck(['--kernel', 'assets/kernels/reduce2.cu', '--block', '256']);
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^gpu:check: no GPU found: .*nothing was measured/),
      ]);
    },
    30_000,
  );

  it.skipIf(hasGpu)(
    'takes the file’s bank-check launch: matrixMul with its arguments there is analyzed, then stops for want of a GPU',
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'gpu-check-launch-')), 'matrixMul.cu');
      writeFileSync(file, `// bank-check: block=32x4 args=BLOCK_SIZE=32,wA=64,wB=64\n${readPreset('matrixMul')}`);
      const run = await runGpuCheck(['--kernel', file]);
      expect(run.status).toBe(2);
      expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^gpu:check: no GPU found: /)]);
    },
    30_000,
  );

  it('a bank-check comment it cannot read is an error at its line and column, status 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gpu-check-launch-')), 'k.cu');
    writeFileSync(file, `// bank-check: block=32 args=n\n${readPreset('reduce1')}`);
    const run = await runGpuCheck(['--kernel', file]);
    expect([run.status, run.stderr.trim()]).toEqual([
      2,
      `gpu:check: ${file}:1:30: "n" in args: write each as name=value (like args=n=1024,TILE=32)`,
    ]);
  }, 30_000);

  it('an error in the kernel is printed file:line:column, status 2', async () => {
    const run = await runGpuCheck([
      '--kernel',
      'assets/kernels/matrixMul.cu',
      '--block',
      '32x32',
      '--arg',
      'BLOCK_SIZE=32',
      '--compile-only',
    ]);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^assets\/kernels\/matrixMul\.cu:39:36: a <= aEnd: a comes from wA, a parameter without a value/,
    );
  }, 30_000);
});
