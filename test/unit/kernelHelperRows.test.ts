import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import draft04 from 'ajv/lib/refs/json-schema-draft-04.json';
import { describe, expect, it } from 'vitest';
import { analyzeOk } from '../support/kernelAnalyzer';
import { bankCheck, makeProject } from '../support/bankCheckProject';
import { HELPER_KERNEL } from '../support/helperKernel';

const project = () => makeProject({ 'k/helper.cu': HELPER_KERNEL });

const sarifSchema = JSON.parse(readFileSync('test/fixtures/sarif/sarif-schema-2.1.0.json', 'utf8'));
const ajv = new Ajv({ schemaId: 'id', meta: false, allErrors: true });
ajv.addMetaSchema(draft04);
const validateSarif = ajv.compile(sarifSchema);

// The first test loads the grammar (a second or two on a busy machine): budgets of 20 s.
describe('a called function’s lines, a row each per call', { timeout: 20_000 }, () => {
  it('the report: its kernel line, its own line, its own counts and text', async () => {
    const report = await analyzeOk(HELPER_KERNEL, { block: { x: 32, y: 1, z: 1 } });
    expect(report.lines.map((l) => [l.line, l.inner, l.op, l.executions, l.rounds, l.ideal, l.source])).toEqual([
      [9, null, 'store', 1, 1, 1, 'tile[threadIdx.x] = 0;'],
      [10, 3, 'load', 1, 2, 1, 'float a = t[i * 2];'],
      [10, 4, 'load', 1, 1, 1, 'float b = t[i];'],
      [11, 3, 'load', 1, 2, 1, 'float a = t[i * 2];'],
      [11, 4, 'load', 1, 1, 1, 'float b = t[i];'],
    ]);
    expect(report.total).toEqual({ executions: 5, rounds: 7, ideal: 5, excess: 2 });
  });

  it('the table shows the function’s line and the call it came through', async () => {
    const run = await bankCheck(project(), ['k/helper.cu']);
    const rows = run.stdout.split('\n').filter((l) => /^\s+\d+\s+(load|store)\s/.test(l));
    expect(rows).toEqual([
      '   3  load   float             1       2      1       1  float a = t[i * 2];  (via line 10)',
      '   3  load   float             1       2      1       1  float a = t[i * 2];  (via line 11)',
      '   4  load   float             1       1      1       0  float b = t[i];  (via line 10)',
      '   4  load   float             1       1      1       0  float b = t[i];  (via line 11)',
      '   9  store  float             1       1      1       0  tile[threadIdx.x] = 0;',
    ]);
    expect(run.stdout).toContain('  line 3 (via line 11) load: worst in warp 0: 2 rounds, ideal 1\n');
    expect(run.stdout).toMatch(/the worst is line 3 \(via line 10\)$/m);
  });

  it('--json gives each row its kernel line and, inside the function, its own line', async () => {
    const run = await bankCheck(project(), ['k/helper.cu', '--json']);
    const lines = JSON.parse(run.stdout).lines as { line: number; inner: number | null; column: number }[];
    expect(lines.map((l) => [l.line, l.inner, l.column])).toEqual([
      [9, null, 3],
      [10, 3, 22],
      [10, 4, 22],
      [11, 3, 27],
      [11, 4, 27],
    ]);
  });

  it('SARIF puts a result at the function’s line, the kernel’s call its related location', async () => {
    const run = await bankCheck(project(), ['k/helper.cu', '--format', 'sarif']);
    const log = JSON.parse(run.stdout);
    expect(validateSarif(log) ? [] : validateSarif.errors).toEqual([]);
    const results = log.runs[0].results as {
      locations: { physicalLocation: { region: object } }[];
      relatedLocations: { physicalLocation: { region: object }; message: { text: string } }[];
      message: { text: string };
    }[];
    expect(
      results.map((r) => [r.locations[0].physicalLocation.region, r.relatedLocations[0].physicalLocation.region]),
    ).toEqual([
      [{ startLine: 3 }, { startLine: 10, startColumn: 22 }],
      [{ startLine: 3 }, { startLine: 11, startColumn: 27 }],
    ]);
    expect(results[1].message.text).toMatch(
      /^Bank conflict: the load of float \(in a function the kernel calls at line 11\)/,
    );
  });

  it('GitHub’s annotations are at the function’s line, naming the call', async () => {
    const run = await bankCheck(project(), ['k/helper.cu', '--format', 'github']);
    expect(run.stdout).toContain(
      '::error file=k/helper.cu,line=3,title=Bank conflict%3A 1 round past the ideal::Bank conflict: the load of float (in a function the kernel calls at line 10) takes',
    );
    expect(run.summary).toContain('| k/helper.cu:3 (via line 11) | k | 32 | load | 2 | 1 | 1 |  |');
  });

  it('a baseline keeps a row for each call, and a run against it passes', async () => {
    const root = project();
    await bankCheck(root, ['k/helper.cu', '--write-baseline', 'base.json']);
    const baseline = JSON.parse(readFileSync(join(root, 'base.json'), 'utf8'));
    expect(baseline.version).toBe(2);
    expect(baseline.lines.map((l: { line: number; via: number }) => [l.line, l.via])).toEqual([
      [3, 10],
      [3, 11],
    ]);
    const run = await bankCheck(root, ['k/helper.cu', '--baseline', 'base.json', '--format', 'json']);
    expect(run.status).toBe(0);
    const states = JSON.parse(run.stdout).results[0].report.lines.map(
      (l: { baselineState?: string }) => l.baselineState,
    );
    expect(states).toEqual([undefined, 'unchanged', undefined, 'unchanged', undefined]);
  });

  it('a version 1 baseline (a call’s lines summed at the kernel line) still reads: a call it had is as before, one it lacks is new', async () => {
    const root = project();
    // As the build before wrote it for k/helper.cu, then cut to line 10's row: its fingerprint is
    // the kernel line's text, and its excess that of both of the function's lines.
    const line10 = { fingerprint: 'a8260668e5eb626b:1', file: 'k/helper.cu', kernel: 'k', block: '32', line: 10 };
    writeFileSync(
      join(root, 'base.json'),
      JSON.stringify({ version: 1, tool: 'bank-check', lines: [{ ...line10, op: 'load', source: '…', excess: 1 }] }),
    );
    const run = await bankCheck(root, ['k/helper.cu', '--baseline', 'base.json']);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('  line 3 (via line 11) load: new since the baseline\n');
    expect(run.stdout).not.toContain('(via line 10) load: new');
    expect(run.stdout).toMatch(/; 1 line worse than the baseline$/m);
  });
});
