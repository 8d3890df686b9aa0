import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const nvcc = spawnSync('nvcc', ['--version'], { encoding: 'utf8' });
const hasNvcc = nvcc.status === 0;
if (!hasNvcc) console.log('nvcc is not on this machine: skipping the CUDA program tests');

describe('assets/readColumn.cu', () => {
  it.skipIf(!hasNvcc)(
    'compiles with every warning an error, and runs to a verdict: ok on a GPU, else the failing CUDA call named',
    () => {
      const out = join(mkdtempSync(join(tmpdir(), 'cuda-')), 'readColumn');
      // The build command in docs/kernels.md, with warnings turned into errors.
      execFileSync(
        'nvcc',
        [
          '-std=c++17',
          '-O2',
          '-Werror',
          'all-warnings',
          '-Xcompiler',
          '-Wall,-Wextra,-Werror',
          '-o',
          out,
          'assets/readColumn.cu',
        ],
        { stdio: 'pipe' },
      );
      const run = spawnSync(out, [], { encoding: 'utf8', timeout: 60_000 });
      if (run.status === 0) {
        expect(run.stdout).toMatch(/^ok: all 32 lanes read column 0 correctly$/m);
      } else {
        // No usable GPU (as on CI): the first CUDA call reports CUDA's own error, and the program
        // never gets as far as comparing values it did not compute.
        expect(run.status).toBe(2);
        expect(run.stderr).toMatch(/readColumn\.cu:\d+: cuda\w+\(.*\) failed: \S/);
        expect(run.stdout).not.toMatch(/wrong/);
      }
    },
    120_000,
  );
});
