import { spawn } from 'node:child_process';

/** `npm run gpu:check -- …` as a person runs it (npm puts the project's bin on the path), without blocking. */
export const runGpuCheck = (args: readonly string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', [
      '--import',
      './test/support/rawImports.mjs',
      'scripts/gpuCheck.ts',
      ...args,
    ]);
    const [out, err]: string[][] = [[], []];
    child.stdout.on('data', (d) => out.push(String(d)));
    child.stderr.on('data', (d) => err.push(String(d)));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: out.join(''), stderr: err.join('') }));
  });
