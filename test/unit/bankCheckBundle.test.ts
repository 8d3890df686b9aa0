import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildBankCheck } from '../../scripts/kernel/buildBankCheck';
import { COLUMN_KERNEL, PADDED_KERNEL } from '../support/bankCheckProject';

/** A shell command run where a CUDA project's CI runs it: Node on the PATH, nothing installed. */
const sh = (cwd: string, command: string, env: Record<string, string> = {}) => {
  const run = spawnSync('sh', ['-c', command], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: cwd, ...env },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
};

let command: string;

// The command is built here as `npm run build` builds it (2–5 s on a busy machine), once for the file.
beforeAll(async () => {
  command = await buildBankCheck();
}, 60_000);

/** A fresh folder holding only tools/bank-check.mjs and `kernels`, as a CUDA project that copied it in. */
function cudaProject(kernels: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cuda-project-'));
  mkdirSync(join(root, 'tools'));
  writeFileSync(join(root, 'tools/bank-check.mjs'), command);
  chmodSync(join(root, 'tools/bank-check.mjs'), 0o755);
  mkdirSync(join(root, 'kernels'));
  for (const [name, text] of Object.entries(kernels)) writeFileSync(join(root, 'kernels', name), text);
  return root;
}

describe('dist/bank-check.mjs, one file, with plain Node and no node_modules', { timeout: 30_000 }, () => {
  it('checks a preset from a folder with nothing installed, as npm run kernel does', () => {
    const root = cudaProject({});
    copyFileSync('assets/kernels/transposeCoalesced.cu', join(root, 'kernels/transposeCoalesced.cu'));
    expect(readdirSync(root).sort()).toEqual(['kernels', 'tools']);
    const run = sh(root, 'node tools/bank-check.mjs kernels/transposeCoalesced.cu --block 32x8');
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toContain('total: 64 instructions, 1,056 rounds, ideal 64, excess 992');
    expect(run.stdout).toMatch(/^verdict: 1 line conflicts, 992 rounds past the ideal .* the worst is line 27$/m);
  });

  it('runs through its #! line, and says what is wrong with its arguments; status 2', () => {
    const root = cudaProject({});
    const run = sh(root, './tools/bank-check.mjs --format xml');
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('kernel: --format xml: the formats are text, json, sarif, github');
  });

  it('prints what npm run kernel prints for the same arguments', () => {
    const root = cudaProject({ 'column.cu': COLUMN_KERNEL, 'padded.cu': PADDED_KERNEL });
    const args = "'kernels/*.cu' --format json";
    const bundled = sh(root, `node tools/bank-check.mjs ${args}`);
    const npm = sh(
      root,
      `${join(process.cwd(), 'node_modules/.bin/tsx')} ${join(process.cwd(), 'scripts/kernel.ts')} ${args}`,
    );
    expect(npm.status).toBe(0);
    expect(bundled.stdout).toBe(npm.stdout);
  });
});

/** The docs' workflow's steps that run bank-check, as written. */
const workflowSteps = (): { name: string; run: string }[] =>
  parse(readFileSync('docs/ci/bank-check.yml', 'utf8')).jobs['bank-check'].steps.filter((s: { run?: string }) =>
    s.run?.includes('tools/bank-check.mjs'),
  );

describe('docs/ci/bank-check.yml, its steps run here as written', { timeout: 30_000 }, () => {
  it('has the annotating and the SARIF steps, which docs/ci.md shows as they are', () => {
    const steps = workflowSteps();
    expect(steps.map((s) => s.name)).toEqual(['Bank conflicts', 'Bank conflicts as SARIF']);
    const page = readFileSync('docs/ci.md', 'utf8');
    for (const step of steps) expect(page).toContain(`  run: ${step.run}\n`);
  });

  it('after --write-baseline, both steps pass though a line conflicts, and the SARIF is written', () => {
    const root = cudaProject({ 'column.cu': COLUMN_KERNEL, 'padded.cu': PADDED_KERNEL });
    expect(
      sh(root, "node tools/bank-check.mjs 'kernels/**/*.cu' --write-baseline bank-check-baseline.json").status,
    ).toBe(0);
    const summary = join(root, 'summary.md');
    const [annotate, sarif] = workflowSteps().map((s) => sh(root, s.run, { GITHUB_STEP_SUMMARY: summary }));
    expect(annotate.status).toBe(0);
    expect(annotate.stdout).toMatch(/^::notice file=kernels\/column\.cu,line=5,col=22,/m);
    expect(readFileSync(summary, 'utf8')).toContain(
      '| kernels/column.cu:5 | column | 32 | load | 32 | 1 | 31 | unchanged |',
    );
    expect(sarif.status).toBe(0);
    expect(JSON.parse(readFileSync(join(root, 'bank-check.sarif'), 'utf8')).runs[0].results).toHaveLength(2);
  });

  it('a line made worse fails the annotating step with an error annotation; the SARIF step still writes', () => {
    const root = cudaProject({ 'column.cu': COLUMN_KERNEL, 'padded.cu': PADDED_KERNEL });
    sh(root, "node tools/bank-check.mjs 'kernels/**/*.cu' --write-baseline bank-check-baseline.json");
    writeFileSync(join(root, 'kernels/padded.cu'), COLUMN_KERNEL);
    const [annotate, sarif] = workflowSteps().map((s) => sh(root, s.run, { GITHUB_STEP_SUMMARY: join(root, 's.md') }));
    expect(annotate.status).toBe(1);
    expect(annotate.stdout).toMatch(/^::error file=kernels\/padded\.cu,line=5,col=22,.*New since the baseline\.$/m);
    expect(sarif.status).toBe(0);
    const results = JSON.parse(readFileSync(join(root, 'bank-check.sarif'), 'utf8')).runs[0].results;
    expect(results.map((r: { baselineState: string }) => r.baselineState)).toEqual([
      'unchanged',
      'unchanged',
      'new',
      'new',
    ]);
  });

  it('the pre-commit hook checks the staged kernels against the baseline', () => {
    const root = cudaProject({ 'column.cu': COLUMN_KERNEL });
    const git = (args: string) => sh(root, `git -c user.email=t@t -c user.name=t ${args}`);
    git('init -q');
    sh(root, "node tools/bank-check.mjs 'kernels/**/*.cu' --write-baseline bank-check-baseline.json");
    copyFileSync('docs/ci/pre-commit', join(root, '.git/hooks/pre-commit'));
    chmodSync(join(root, '.git/hooks/pre-commit'), 0o755);
    git('add -A');
    expect(git('commit -qm first').status).toBe(0);
    writeFileSync(join(root, 'kernels/new.cu'), COLUMN_KERNEL);
    git('add kernels/new.cu');
    const refused = git('commit -qm second');
    expect(refused.status).toBe(1);
    // Git passes a hook's output on as its own standard error.
    expect(refused.stderr).toContain('  line 5 load: new since the baseline');
  });
});
