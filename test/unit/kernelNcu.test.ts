import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareNcuText, writeNcuTable } from '../../scripts/kernel/compareNcuPage';
import { analyzeOk, readPreset } from '../support/kernelAnalyzer';
import { REPORT_KEYS, runKernelCommand } from '../support/runKernelCommand';

/** `npm run kernel -- …` as a person runs it. */
const kernel = (...args: string[]) => runKernelCommand(args);

const page = (name: string) => `test/fixtures/ncu-h200/${name}.source.csv`;

describe('a Nsight Compute source page beside the report (--ncu), offline', () => {
  it('reads the H200’s page of gemmTileFloat4: every line agrees, line 40’s paired float4 at 128 wavefronts', async () => {
    const source = readPreset('gemmTileFloat4');
    const report = await analyzeOk(source, { block: { x: 256, y: 1, z: 1 } });
    const read = compareNcuText(report, readFileSync(page('gemmTileFloat4'), 'utf8'), 'gemmTileFloat4.cu', source);
    if (!read.ok) throw new Error(read.problem);
    const table = writeNcuTable(read.rows, 'page.csv').split('\n');
    expect(table[1]).toMatch(/^line\s+op\s+rounds \(wavefronts\)\s+ideal\s+excess \(L1 Wavefronts Shared Excessive\)$/);
    expect(table).toContainEqual(expect.stringMatching(/^40\s+load\s+128 \/ 128\s+128 \/ 128\s+0 \/ 0\s+agree$/));
    expect(table).toContainEqual(expect.stringMatching(/^41\s+load\s+512 \/ 512\s+256 \/ 256\s+256 \/ 256\s+agree$/));
    expect(table.at(-1)).toBe('7 of 7 lines agree with the page.');
  });

  it(
    'npm run kernel -- matrixMul.cu … --ncu page.csv prints the report, then line 63’s difference in gpu:check’s words',
    { timeout: 60_000 },
    async () => {
      const run = await kernel(
        'assets/kernels/matrixMul.cu',
        '--block',
        '32x32',
        ...['--arg', 'BLOCK_SIZE=32', '--arg', 'wA=1024', '--arg', 'wB=1024'],
        '--ncu',
        page('matrixMul'),
      );
      expect([run.status, run.stderr]).toEqual([0, '']);
      const lines = run.stdout.split('\n');
      expect(lines).toContain('total: 67,584 instructions, 67,584 rounds, ideal 67,584, excess 0');
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^63\s+load\s+65,536 \/ 49,152\s+65,536 \/ 49,152\s+0 \/ 0\s+differ: the compiler merged four LDS\.32 into an LDS\.128, which the model counts as written; the GPU served that LDS\.128 in 2 wavefronts an instruction, not 4/,
        ),
      );
      expect(lines.at(-2)).toBe('2 of 3 lines agree with the page.');
    },
  );

  it('with --json, the comparison’s rows are under ncu', { timeout: 60_000 }, async () => {
    const run = await kernel(
      'assets/kernels/gemmTileFloat4.cu',
      '--block',
      '256',
      '--json',
      '--ncu',
      page('gemmTileFloat4'),
    );
    expect(run.status).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual([...REPORT_KEYS, 'ncu']);
    const line40 = json.ncu.find((r: { line: number }) => r.line === 40);
    expect([line40.model.rounds, line40.measured.wavefronts, line40.measured.excessive, line40.agree]).toEqual([
      128,
      128,
      0,
      true,
    ]);
  });

  it('a page of another file is refused, naming the files it holds; status 2', { timeout: 60_000 }, async () => {
    const run = await kernel('assets/kernels/reduce1.cu', '--block', '256', '--ncu', page('matrixMul'));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(
      /^kernel: --ncu test\/fixtures\/ncu-h200\/matrixMul\.source\.csv: it has no shared-memory instruction of reduce1\.cu; its files: .*matrixMul\.cu/,
    );
  });

  it('a file that is not there, or not a source page, is named; status 2', { timeout: 60_000 }, async () => {
    const missing = await kernel('assets/kernels/reduce1.cu', '--block', '256', '--ncu', 'nowhere.csv');
    const other = await kernel('assets/kernels/reduce1.cu', '--block', '256', '--ncu', 'package.json');
    expect([missing.status, missing.stderr.trim()]).toEqual([2, 'kernel: --ncu nowhere.csv: cannot read it: ENOENT']);
    expect(other.stderr).toMatch(/--ncu package\.json: it is not a source page as CSV \(no "File Path" row\)/);
  });
});
