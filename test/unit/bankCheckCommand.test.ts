import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bankCheck, COLUMN_KERNEL, makeProject, PADDED_KERNEL, STRIDED_KERNEL } from '../support/bankCheckProject';
import { REPORT_KEYS } from '../support/runKernelCommand';

const project = () =>
  makeProject({ 'k/column.cu': COLUMN_KERNEL, 'k/padded.cu': PADDED_KERNEL, 'k/sub/strided.cu': STRIDED_KERNEL });

/** The header line of each report table a text run printed: `file: kernel, block …`. */
const headers = (stdout: string) => stdout.split('\n').filter((l) => /^\S+\.cu: \w+, block /.test(l));

// The first test loads the grammar (a second or two on a busy machine): budgets of 20 s.
describe('bank-check: many kernels, their written launches, one status', { timeout: 20_000 }, () => {
  it('a glob checks every launch of every file it matches, then one line for the run; status 0', async () => {
    const run = await bankCheck(project(), ['k/**/*.cu']);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(headers(run.stdout)).toEqual([
      'k/column.cu: column, block 32 (1 warp), tile at byte 0',
      'k/padded.cu: column, block 32 (1 warp), tile at byte 0',
      'k/sub/strided.cu: strided, block 64 (2 warps), t at byte 0',
      'k/sub/strided.cu: strided, block 32 (1 warp), t at byte 0',
    ]);
    expect(run.stdout.trim().split('\n').at(-1)).toBe('bank-check: 4 launches in 3 files, 2 with a conflict');
  });

  it('--fail-on-conflict gives one status for all: 1 when any launch conflicts', async () => {
    const root = project();
    expect((await bankCheck(root, ['k/*.cu', '--fail-on-conflict'])).status).toBe(1);
    expect((await bankCheck(root, ['k/padded.cu', '--fail-on-conflict'])).status).toBe(0);
  });

  it('the command line’s block and arguments override every written launch', async () => {
    const run = await bankCheck(project(), ['k/sub/strided.cu', '--block', '64', '--arg', 'n=2']);
    expect(headers(run.stdout)).toEqual([
      'k/sub/strided.cu: strided, block 64 (2 warps), t at byte 0',
      'k/sub/strided.cu: strided, block 64 (2 warps), t at byte 0',
    ]);
    // Two warps, two passes each, in both launches.
    expect(run.stdout.match(/^\s+5\s+load\s+float\s+4\s/gm)).toHaveLength(2);
  });

  it('bank-check.json’s include and defines reach the preprocessor, under the command line’s -D', async () => {
    const kernel = [
      '#include "pitch.h"',
      '// bank-check: block=32',
      '__global__ void column(float *out) {',
      '  __shared__ float tile[32 * PITCH];',
      '  out[threadIdx.x] = tile[threadIdx.x * PITCH];',
      '}',
    ].join('\n');
    const root = makeProject({
      'k/column.cu': kernel,
      'inc/pitch.h': '#ifndef PITCH\n#define PITCH WIDTH\n#endif\n',
      'bank-check.json': JSON.stringify({ files: ['k/*.cu'], include: ['inc'], defines: { WIDTH: 32 } }),
    });
    const json = (run: { stdout: string }) => JSON.parse(run.stdout).results[0].report.total;
    expect(json(await bankCheck(root, ['--format', 'json']))).toMatchObject({ rounds: 32, ideal: 1 });
    expect(json(await bankCheck(root, ['--format', 'json', '-D', 'PITCH=33']))).toMatchObject({ rounds: 1, ideal: 1 });
  });

  it('--kernel keeps only that kernel’s written launches', async () => {
    const root = makeProject({ 'two.cu': `// bank-check: kernel=other block=64\n${STRIDED_KERNEL}` });
    const run = await bankCheck(root, ['two.cu', '--kernel', 'strided']);
    expect(headers(run.stdout)).toEqual([
      'two.cu: strided, block 64 (2 warps), t at byte 0',
      'two.cu: strided, block 32 (1 warp), t at byte 0',
    ]);
  });

  it('--json prints one launch’s report as it always has, and refuses several: status 2', async () => {
    const root = project();
    expect(Object.keys(JSON.parse((await bankCheck(root, ['k/column.cu', '--json'])).stdout))).toEqual(REPORT_KEYS);
    const several = await bankCheck(root, ['k/sub/strided.cu', '--json']);
    expect([several.status, several.stderr]).toEqual([
      2,
      'kernel: --json prints one launch; this run has several: use --format json\n',
    ]);
  });

  it('a glob that matches nothing is an error, status 2', async () => {
    const run = await bankCheck(project(), ['src/**/*.cu']);
    expect([run.status, run.stderr]).toEqual([2, 'kernel: src/**/*.cu matches no file\n']);
  });

  it('a bad launch comment is an error at its line and column, status 2; the other files are still checked', async () => {
    const root = makeProject({ 'a.cu': COLUMN_KERNEL, 'b.cu': `\n  // bank-check: block=32x64\n${PADDED_KERNEL}` });
    const run = await bankCheck(root, ['*.cu']);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('b.cu:2:24: block a block holds at most 1024 threads, and 32x64 is 2048\n');
    expect(headers(run.stdout)).toEqual(['a.cu: column, block 32 (1 warp), tile at byte 0']);
  });
});

describe('bank-check.json', { timeout: 20_000 }, () => {
  it('is found from a folder below the project’s root; its files and launches are run', async () => {
    const root = project();
    writeFileSync(
      join(root, 'bank-check.json'),
      JSON.stringify({ files: ['k/*.cu'], launches: [{ file: 'k/padded.cu', block: '64' }] }),
    );
    mkdirSync(join(root, 'build'));
    const run = await bankCheck(join(root, 'build'), []);
    expect(run.stderr).toBe('');
    expect(headers(run.stdout)).toEqual([
      '../k/column.cu: column, block 32 (1 warp), tile at byte 0',
      '../k/padded.cu: column, block 32 (1 warp), tile at byte 0',
      '../k/padded.cu: column, block 64 (2 warps), tile at byte 0',
    ]);
  });

  it('is not looked for above the folder that holds .git', async () => {
    const root = project();
    writeFileSync(join(root, 'bank-check.json'), '{ "files": ["k/*.cu"] }');
    const inner = join(root, 'vendor');
    mkdirSync(join(inner, '.git'), { recursive: true });
    const run = await bankCheck(inner, []);
    expect([run.status, run.stderr]).toEqual([2, 'kernel: the kernel file is missing\n']);
  });

  it('an unknown key and a bad block are errors at their line and column', async () => {
    const root = project();
    writeFileSync(
      join(root, 'bank-check.json'),
      '{\n  "files": ["k/*.cu"],\n  "launch": [],\n  "launches": [{ "file": "k/padded.cu", "block": "2000" }]\n}\n',
    );
    const run = await bankCheck(root, []);
    const path = join(root, 'bank-check.json');
    expect(run.status).toBe(2);
    expect(run.stderr.split('\n')).toEqual([
      `${path}:3:3: unknown key "launch": the keys are files, include, defines, launches`,
      `${path}:4:50: launches[0].block blockDim.x is at most 1024, not 2000`,
      '',
    ]);
  });

  it('a file that is not JSON is an error at its place', async () => {
    const root = project();
    writeFileSync(join(root, 'bank-check.json'), '{\n  "files": ["k/*.cu"\n}\n');
    const run = await bankCheck(root, []);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^${join(root, 'bank-check.json')}:3:1: `));
  });
});

describe('--baseline and --write-baseline', { timeout: 20_000 }, () => {
  it('a run against its own baseline passes though lines conflict; the baseline lists them', async () => {
    const root = project();
    const written = await bankCheck(root, ['k/**/*.cu', '--write-baseline', 'base.json']);
    expect(written.status).toBe(0);
    const baseline = JSON.parse(readFileSync(join(root, 'base.json'), 'utf8'));
    expect(
      baseline.lines.map((l: { file: string; line: number; excess: number }) => [l.file, l.line, l.excess]),
    ).toEqual([
      ['k/column.cu', 4, 31],
      ['k/column.cu', 5, 31],
      ['k/sub/strided.cu', 5, 1],
    ]);
    const again = await bankCheck(root, ['k/**/*.cu', '--baseline', 'base.json']);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/; 0 lines worse than the baseline$/m);
  });

  it('names files from the project’s root: a baseline written there holds from a folder below', async () => {
    const root = project();
    await bankCheck(root, ['k/column.cu', '--write-baseline', 'base.json']);
    mkdirSync(join(root, 'build'));
    const below = await bankCheck(join(root, 'build'), ['../k/column.cu', '--baseline', '../base.json']);
    expect(below.status).toBe(0);
    const github = await bankCheck(join(root, 'build'), ['../k/column.cu', '--format', 'github']);
    expect(github.stdout).toMatch(/^::error file=k\/column\.cu,line=4,/);
  });

  it('a line moved by an edit above it is the same line', async () => {
    const root = project();
    await bankCheck(root, ['k/column.cu', '--write-baseline', 'base.json']);
    writeFileSync(join(root, 'k/column.cu'), `// a new first line\n${COLUMN_KERNEL}`);
    expect((await bankCheck(root, ['k/column.cu', '--baseline', 'base.json'])).status).toBe(0);
  });

  it('a line that got worse, or a new conflicting line, exits 1 and is named', async () => {
    const root = project();
    await bankCheck(root, ['k/*.cu', '--write-baseline', 'base.json']);
    writeFileSync(join(root, 'k/padded.cu'), COLUMN_KERNEL.replace('block=32', 'block=64'));
    const run = await bankCheck(root, ['k/*.cu', '--baseline', 'base.json']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  line 4 store: new since the baseline');
    expect(run.stdout).toMatch(/; 2 lines worse than the baseline$/m);
  });

  it('no baseline is written from a run that could not check everything: status 2', async () => {
    const root = makeProject({ 'a.cu': COLUMN_KERNEL, 'b.cu': '// bank-check: block=32 grid=0\n' });
    const run = await bankCheck(root, ['*.cu', '--write-baseline', 'base.json']);
    expect(run.status).toBe(2);
    expect(existsSync(join(root, 'base.json'))).toBe(false);
  });

  it('a baseline that is not one is an error, status 2', async () => {
    const root = project();
    writeFileSync(join(root, 'base.json'), '{"lines": 3}');
    const run = await bankCheck(root, ['k/*.cu', '--baseline', 'base.json']);
    expect([run.status, run.stderr]).toEqual([
      2,
      'base.json:1:1: not a baseline that --write-baseline wrote (version 1 or 2, lines)\n',
    ]);
  });
});
