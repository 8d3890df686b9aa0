import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKernelCommand } from '../support/runKernelCommand';

const root = resolve('.');

/** `npm run kernel -- …` run in `dir`, as a person runs it beside their kernel. */
const kernel = (dir: string, ...args: string[]) => runKernelCommand(args, dir);

/** Applies a unified diff in `dir` as git does; its message when it does not apply. */
function applyDiff(dir: string, diff: string) {
  const run = spawnSync('git', ['apply', '-'], { cwd: dir, input: diff, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}

const excessOf = (stdout: string) => Number(/^total: .* excess ([\d,]+)$/m.exec(stdout)![1].replace(/,/g, ''));

// Each run starts tsx and loads the grammar (1.5–3 s here on a busy machine) and --suggest analyses
// the kernel again for each candidate: a budget of 60 s a test.
describe('npm run kernel --suggest', { timeout: 60_000 }, () => {
  it('prints the coalesced transpose’s fixes and the first as a diff that, applied, gives the promised report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suggest-'));
    copyFileSync('assets/kernels/transposeCoalesced.cu', join(dir, 'transpose.cu'));
    const run = await kernel(dir, 'transpose.cu', '--block', '32x8', '--suggest');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^ {2}1\. swizzle tile: column \^ row: 992 → 0 excess$/m);
    expect(run.stdout).toMatch(/^ {2}2\. pad tile by 1 float \(128 bytes\): 992 → 0 excess$/m);
    applyDiff(dir, run.stdout.slice(run.stdout.indexOf('--- a/transpose.cu')));
    const after = await kernel(dir, 'transpose.cu', '--block', '32x8');
    expect(after.status).toBe(0);
    expect(excessOf(after.stdout)).toBe(0);
  });

  it('gives every fix’s diff in --json: the padding one applied makes the declaration tile[TILE_DIM][TILE_DIM + 1]', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suggest-'));
    copyFileSync('assets/kernels/transposeCoalesced.cu', join(dir, 'transpose.cu'));
    const run = await kernel(dir, 'transpose.cu', '--block', '32x8', '--suggest', '--json');
    const json = JSON.parse(run.stdout) as {
      fixes: { fixes: { kind: string; pad: number; diff: string; after: number }[] };
    };
    const pad = json.fixes.fixes.find((f) => f.kind === 'pad' && f.pad === 1)!;
    expect(pad.after).toBe(0);
    applyDiff(dir, pad.diff);
    const after = await kernel(dir, 'transpose.cu', '--block', '32x8');
    expect(readFileSync(join(dir, 'transpose.cu'), 'utf8')).toContain('__shared__ float tile[TILE_DIM][TILE_DIM + 1];');
    expect(excessOf(after.stdout)).toBe(0);
  });

  it('keeps a float4 store aligned: the diff pads by 4 floats and the patched kernel has the promised 3 excess', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'suggest-'));
    const source = [
      '__global__ void rows(float *out)',
      '{',
      '  __shared__ float t[32][32];',
      '  reinterpret_cast<float4 *>(&t[threadIdx.x][0])[0] = make_float4(0, 0, 0, 0);',
      '  out[threadIdx.x] = t[threadIdx.x][0];',
      '}',
    ].join('\n');
    writeFileSync(join(dir, 'rows.cu'), source);
    const run = await kernel(dir, 'rows.cu', '--suggest');
    expect(run.stdout).toMatch(/^ {2}1\. pad t by 4 floats \(512 bytes\): 59 → 3 excess$/m);
    expect(run.stdout).toMatch(/^ {2}not kept: pad t by 1 float: refused: 4:3: .* not 16-byte aligned/m);
    applyDiff(dir, run.stdout.slice(run.stdout.indexOf('--- a/rows.cu')));
    const after = await kernel(dir, 'rows.cu');
    expect(after.stderr).toBe('');
    expect(excessOf(after.stdout)).toBe(3);
  });

  it('says a kernel with no conflict has nothing to fix, and that a load all lanes share is a broadcast', async () => {
    const run = await kernel(
      root,
      'assets/kernels/matrixMul.cu',
      '--block',
      '32x32',
      '--arg',
      'BLOCK_SIZE=32',
      '--arg',
      'wA=64',
      '--arg',
      'wB=64',
      '--suggest',
    );
    expect(run.status).toBe(0);
    expect(run.stdout.split('\n').slice(-3)).toEqual([
      'no line conflicts: nothing to fix',
      "no fix: As: line 63's lanes share words (a broadcast), which is already served at its ideal: nothing to fix",
      '',
    ]);
  });

  it('says plainly that reduce1 has no layout fix: its index is the cause', async () => {
    const run = await kernel(root, 'assets/kernels/reduce1.cu', '--block', '256', '--suggest');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^no layout fix: no array has a layout the check can change that would help$/m);
    expect(run.stdout).toMatch(/^no fix: sdata is one-dimensional .* is the cause; change the index$/m);
    expect(run.stdout).not.toContain('--- a/');
  });
});
