import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORT_KEYS, runKernelCommand } from '../support/runKernelCommand';

/** `npm run kernel -- …` as a person runs it. */
const kernel = (...args: string[]) => runKernelCommand(args);

// Each run starts tsx and loads the grammar, 1.5–3 s here on a busy machine (a budget of 30 s each);
// one after another, so the suite keeps one core busy, not seven.
describe('npm run kernel', { timeout: 30_000 }, () => {
  it('prints a table sorted by excess with the source lines, a total and a verdict; status 0', async () => {
    const run = await kernel('assets/kernels/transposeCoalesced.cu', '--block', '32x8');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout.split('\n');
    const rows = lines.filter((l) => /^\s+\d+\s+(load|store)/.test(l));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(
      /^\s+27\s+load\s+float\s+32\s+1,024\s+32\s+992\s+odata\[\(y \+ j\) \* width \+ x\] = tile\[threadIdx\.x\]\[threadIdx\.y \+ j\];$/,
    );
    expect(rows[1]).toMatch(/^\s+19\s+store\s+float\s+32\s+32\s+32\s+0\s+tile\[threadIdx\.y \+ j\]/);
    expect(lines).toContain('total: 64 instructions, 1,056 rounds, ideal 64, excess 992');
    expect(lines.at(-2)).toMatch(/^verdict: 1 line conflicts, 992 rounds past the ideal .* the worst is line 27$/);
  });

  it('--fail-on-conflict exits 1 when a line has excess, 0 when none has', async () => {
    const bad = await kernel('assets/kernels/transposeCoalesced.cu', '--block', '32x8', '--fail-on-conflict');
    const good = await kernel('assets/kernels/transposePadded.cu', '--block', '32x8', '--fail-on-conflict');
    expect([bad.status, good.status]).toEqual([1, 0]);
    expect(good.stdout).toMatch(/verdict: no bank conflict/);
  });

  it('--json prints the report: kernel, block, arrays, lines, total', async () => {
    const run = await kernel(
      'assets/kernels/matrixMul.cu',
      '--block',
      '32x2',
      '--arg',
      'BLOCK_SIZE=32',
      '--arg',
      'wA=64',
      '--arg',
      'wB=64',
      '--json',
    );
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(Object.keys(report)).toEqual(REPORT_KEYS);
    expect(report.kernel).toBe('MatrixMulCUDA');
    expect(report.arrays.map((a: { name: string; base: number }) => [a.name, a.base])).toEqual([
      ['As', 0],
      ['Bs', 4096],
    ]);
    // 2 warps × 64 / 32 = 2 tiles × 32 k steps × 2 loads.
    const loads = report.lines.find((l: { op: string; line: number }) => l.op === 'load');
    expect([loads.executions, loads.rounds, loads.ideal, loads.excess]).toEqual([256, 256, 256, 0]);
    expect(loads.worst).toEqual(expect.objectContaining({ warp: 0, rounds: 1, ideal: 1 }));
    expect(report.total.executions).toBe(2 * 2 * (2 + 64));
  });

  it('prints an error as file:line:column: message and exits 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kernel-')), 'bad.cu');
    writeFileSync(
      file,
      '__global__ void k(const int *index) {\n  __shared__ float t[32];\n  t[index[threadIdx.x]] = 0;\n}\n',
    );
    const run = await kernel(file, '--block', '32');
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      `${file}:3:3: t[index[threadIdx.x]]: index[threadIdx.x] is a value in global memory; the address cannot be known without the data\n`,
    );
  });

  it('names every problem with its arguments at once, then the usage; status 2', async () => {
    const run = await kernel('--block', '2048', '--arg', 'n', '--color');
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      'kernel: --block 2048: blockDim.x is at most 1024, not 2048',
      'kernel: --arg n: write it as name=value (like n=1024)',
      'kernel: unknown option --color',
      expect.stringMatching(/^usage: npm run kernel -- <file\.cu\|glob>… /),
    ]);
  });

  it('no file and no bank-check.json: says the file is missing; status 2', async () => {
    const run = await kernel('--block', '32');
    expect([run.status, run.stderr]).toEqual([2, 'kernel: the kernel file is missing\n']);
  });

  it('a file over 1 MB is refused before it is read: file:1:1, status 2', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kernel-')), 'huge.cu');
    writeFileSync(file, `// ${'x'.repeat(1024 * 1024)}\n`);
    const run = await kernel(file);
    expect([run.status, run.stderr]).toEqual([
      2,
      `${file}:1:1: the source is over 1 MB (1048580 bytes); analyze the kernel's own file\n`,
    ]);
  });

  it('a file that cannot be read: one line, status 2', async () => {
    const run = await kernel('no/such/file.cu');
    expect([run.status, run.stderr]).toEqual([2, 'kernel: cannot read no/such/file.cu: ENOENT\n']);
  });

  it('-I finds an include, -D chooses a branch, and --grid and --block-idx are the launch the table states', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kernel-'));
    mkdirSync(join(dir, 'inc'));
    writeFileSync(join(dir, 'inc', 'tile.h'), '#pragma once\n#define TILE 32\n');
    const file = join(dir, 'k.cu');
    writeFileSync(
      file,
      '#include "tile.h"\n#ifdef PAD\n#define W (TILE + 1)\n#else\n#define W TILE\n#endif\n__global__ void k() {\n  __shared__ float s[TILE * W];\n  for (int b = blockIdx.x; b < 100; b += gridDim.x)\n    s[threadIdx.x * W] = b;\n}\n',
    );
    const plain = await kernel(file, '-I', join(dir, 'inc'), '--grid', '40', '--block-idx', '3');
    expect(plain.stderr).toBe('');
    const lines = plain.stdout.split('\n');
    expect(lines.slice(1, 3)).toEqual([
      'gridDim 40, blockIdx (3, 0, 0), as assumed (--grid, --block-idx)',
      "  line 9: the loop's trip count comes from gridDim (40 here): give --grid as the kernel is launched",
    ]);
    // Blocks 3, 43 and 83 of 100: three rounds of the loop, each a 32-way store (W = 32 floats apart).
    expect(lines).toContain('total: 3 instructions, 96 rounds, ideal 3, excess 93');
    const padded = await kernel(file, `-I${join(dir, 'inc')}`, '-D', 'PAD', '--grid', '40', '--block-idx', '3');
    expect(padded.stdout.split('\n')).toContain('total: 3 instructions, 3 rounds, ideal 3, excess 0');
  });

  it("an error in an included file is printed at that file's line; a missing include is named", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kernel-'));
    writeFileSync(join(dir, 'bad.h'), 'int a;\n#if\n#endif\n');
    const file = join(dir, 'k.cu');
    writeFileSync(file, '#include "bad.h"\n#include "gone.h"\n__global__ void k() {}\n');
    const run = await kernel(file);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toEqual([
      `${join(dir, 'bad.h')}:2:2: #if needs a condition: write an integer expression after it`,
      `${file}:2:10: cannot find "gone.h", which ${file} includes: looked beside the file; give its directory with -I dir`,
    ]);
  });

  it('names a bad -D, --arch, --grid and --block-idx at once', async () => {
    const run = await kernel('k.cu', '-D', '1X', '--arch', 'ampere', '--grid', '0x2', '--block-idx', '-1');
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n').slice(0, 3)).toEqual([
      'kernel: -D 1X: write it as NAME or NAME=value (like -D BLOCK=128)',
      'kernel: --arch ampere: write it as sm_XY (like sm_80 for __CUDA_ARCH__ 800)',
      'kernel: --grid 0x2: write the blocks of the grid as X, XxY or XxYxZ, each at least 1 (like 640 or 16x16)',
    ]);
  });
});
