import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const hasNvcc = !spawnSync('nvcc', ['--version']).error;
const files = readdirSync('assets/kernels').filter((f) => f.endsWith('.cu'));

/** nvcc's status, its warnings and what it wrote, for one file compiled for sm_90 with every warning an error. */
const compile = (file: string) =>
  new Promise<{ status: number | null; stderr: string; written: string[] }>((resolve, reject) => {
    const out = mkdtempSync(join(tmpdir(), 'kernels-'));
    const child = spawn('nvcc', [
      '-arch=sm_90',
      '-c',
      join('assets/kernels', file),
      '-odir',
      out,
      '-Werror',
      'all-warnings',
    ]);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr, written: readdirSync(out) }));
  });

describe.skipIf(!hasNvcc)('the presets are real CUDA', () => {
  it('finds the eleven presets', () => {
    expect(files.length).toBe(11);
  });

  // About 1 s of CPU a file (0.8 s for reduce0); 2.6–3.5 s of wall-clock time at load average 16–20
  // on two cores. A budget of 60 s each.
  it.each(files)('%s compiles with nvcc -arch=sm_90, every warning an error', { timeout: 60_000 }, async (file) => {
    expect(await compile(file)).toEqual({ status: 0, stderr: '', written: [file.replace(/\.cu$/, '.o')] });
  });
});
