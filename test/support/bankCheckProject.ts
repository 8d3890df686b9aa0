import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runBankCheck } from '../../scripts/kernel/runBankCheck';
import { getKernelParser } from './kernelAnalyzer';

/** A kernel whose column read is a 32-way conflict: 32 rounds, ideal 1, on line 5. */
export const COLUMN_KERNEL = `// bank-check: block=32
__global__ void column(float *out) {
  __shared__ float tile[64][32];
  tile[threadIdx.x][0] = 0;
  out[threadIdx.x] = tile[threadIdx.x][0];
}
`;

/** The same, padded: no conflict. */
export const PADDED_KERNEL = COLUMN_KERNEL.replace('[64][32]', '[64][33]');

/**
 * A kernel with two launches: one pass over two warps, no conflict; two passes over one warp, the
 * second a 2-way conflict (3 rounds where 2 would do: under twice the ideal).
 */
export const STRIDED_KERNEL = `// bank-check: kernel=strided block=64 args=n=1
// bank-check: kernel=strided block=32 args=n=2
__global__ void strided(float *out, int n) {
  __shared__ float t[128];
  for (int i = 0; i < n; i++) out[i] = t[threadIdx.x * (i + 1)];
}
`;

/** A project folder (with a .git, so bank-check.json is looked for no higher) holding `files`. */
export function makeProject(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'bank-check-'));
  mkdirSync(join(root, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** `bank-check …` run in `cwd` as the command runs it, but in this process (the parser loaded once). */
export const bankCheck = (cwd: string, argv: string[], env: Record<string, string> = {}) =>
  runBankCheck(argv, { cwd, env, loadParser: getKernelParser });
