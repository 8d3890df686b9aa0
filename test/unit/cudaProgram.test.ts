import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const nvcc = spawnSync('nvcc', ['--version'], { encoding: 'utf8' });
const hasNvcc = nvcc.status === 0;
if (!hasNvcc) console.log('nvcc is not on this machine: skipping the CUDA compile test');

describe('assets/readColumn.cu', () => {
  it.skipIf(!hasNvcc)(
    'is valid CUDA C++: nvcc compiles and links it',
    () => {
      const out = join(mkdtempSync(join(tmpdir(), 'cuda-')), 'readColumn');
      execFileSync('nvcc', ['-std=c++17', '-o', out, 'assets/readColumn.cu'], { stdio: 'pipe' });
      expect(spawnSync('test', ['-x', out]).status).toBe(0);
    },
    120_000,
  );
});
