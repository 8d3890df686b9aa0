import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve('.');

/** What a run of the command printed, and how it exited. */
export interface CommandRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `npm run kernel -- …` as a person runs it (in `cwd`, the project's folder unless given). */
export function runKernelCommand(args: readonly string[], cwd = root): Promise<CommandRun> {
  return new Promise((done, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'scripts/kernel.ts'), ...args], { cwd });
    const [out, err]: string[][] = [[], []];
    child.stdout.on('data', (d) => out.push(String(d)));
    child.stderr.on('data', (d) => err.push(String(d)));
    child.on('error', reject);
    child.on('close', (status) => done({ status, stdout: out.join(''), stderr: err.join('') }));
  });
}

/** The keys of a report in `--json`, in order: what a script reading it may rely on. */
export const REPORT_KEYS = ['kernel', 'block', 'grid', 'blockIdx', 'gridLoops', 'arrays', 'lines', 'total'];
