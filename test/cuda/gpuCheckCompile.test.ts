import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGpuCheck } from '../support/runGpuCheck';

const hasNvcc = !spawnSync('nvcc', ['--version']).error;

describe.skipIf(!hasNvcc)('gpu:check --compile-only, without a GPU', () => {
  it('builds the probe with every warning an error', { timeout: 120_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'gpu-check-'));
    const run = await runGpuCheck(['--compile-only', '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^gpu:check: compiled \d+ probes for sm_\d+: /m);
    expect(existsSync(join(out, 'probe'))).toBe(true);
    const header = readFileSync(join(out, 'probes.h'), 'utf8');
    expect(header).toContain('"ldmatrix.x4, Swizzle<3,3,3>", 2, 16, 4,');
    // Built for sm_90 without a GPU, so stmatrix's probes and cp.async's are in it and compiled.
    expect(run.stdout).toMatch(/ for sm_90: /);
    expect(header).toContain('"stmatrix.x4 columns", 3, 16, 4,');
    expect(header).toContain('"cp.async of 16 bytes a lane, in a row", 4, 16, 1,');
  });

  it('builds the user’s kernel with -lineinfo into a one-block harness', { timeout: 120_000 }, async () => {
    const out = mkdtempSync(join(tmpdir(), 'gpu-check-kernel-'));
    const run = await runGpuCheck([
      '--kernel',
      'assets/kernels/reduce1.cu',
      '--block',
      '256',
      '--compile-only',
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^gpu:check: compiled one block of reduce1 \(reduce1\.cu\) for sm_\d+: /m);
    expect(existsSync(join(out, 'harness'))).toBe(true);
    // The extern array gets the dynamic shared memory the analysis assumed (227 KB here), or what
    // a GPU that allows less allows.
    const harness = readFileSync(join(out, 'harness.cu'), 'utf8');
    expect(harness).toContain('const int assumed = 232448;');
    expect(harness).toContain('const int dynamicBytes = std::min(assumed, optin - 0);');
  });
});
