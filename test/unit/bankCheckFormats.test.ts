import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import draft04 from 'ajv/lib/refs/json-schema-draft-04.json';
import { describe, expect, it } from 'vitest';
import { bankCheck, COLUMN_KERNEL, makeProject, PADDED_KERNEL, STRIDED_KERNEL } from '../support/bankCheckProject';

// The official SARIF 2.1.0 schema (OASIS, errata 01, draft-04), kept as a fixture: see its README.
const sarifSchema = JSON.parse(readFileSync('test/fixtures/sarif/sarif-schema-2.1.0.json', 'utf8'));
const ajv = new Ajv({ schemaId: 'id', meta: false, allErrors: true });
ajv.addMetaSchema(draft04);
const validateSarif = ajv.compile(sarifSchema);

/** The schema's complaints about a log, empty when it is valid SARIF 2.1.0. */
const sarifErrors = (log: unknown) => (validateSarif(log) ? [] : validateSarif.errors);

const project = () =>
  makeProject({ 'k/column.cu': COLUMN_KERNEL, 'k/padded.cu': PADDED_KERNEL, 'k/sub/strided.cu': STRIDED_KERNEL });

/** A kernel with `n` conflicting lines: each a 2-way read (2 rounds, ideal 1: errors), from line 5 on. */
const manyConflicts = (n: number) =>
  `// bank-check: block=32\n__global__ void many(float *out) {\n  __shared__ float t[128];\n  t[threadIdx.x] = 0;\n${Array.from(
    { length: n },
    (_, i) => `  out[${i}] = t[threadIdx.x * 2 + ${i % 2}] + ${i};\n`,
  ).join('')}}\n`;

// The first test loads the grammar (a second or two on a busy machine): budgets of 20 s.
describe('--format json', { timeout: 20_000 }, () => {
  it('prints every launch with its file, where it was written, its report and each line’s fingerprint', async () => {
    const run = await bankCheck(project(), ['k/sub/*.cu', '--format', 'json']);
    const json = JSON.parse(run.stdout);
    expect(json.status).toBe(0);
    expect(json.errors).toEqual([]);
    expect(
      json.results.map((r: { file: string; origin: string; block: string }) => [r.file, r.origin, r.block]),
    ).toEqual([
      ['k/sub/strided.cu', 'line 1', '64'],
      ['k/sub/strided.cu', 'line 2', '32'],
    ]);
    const line = json.results[1].report.lines[0];
    expect([line.line, line.rounds, line.ideal, line.excess]).toEqual([5, 3, 2, 1]);
    expect(line.fingerprint).toMatch(/^[0-9a-f]{16}:1$/);
  });
});

describe('--format sarif', { timeout: 20_000 }, () => {
  it('is valid SARIF 2.1.0: a result per conflicting line, its rule, level, words, region and fingerprint', async () => {
    const run = await bankCheck(project(), ['k/**/*.cu', '--format', 'sarif']);
    const log = JSON.parse(run.stdout);
    expect(sarifErrors(log)).toEqual([]);
    const [sarifRun] = log.runs;
    expect(sarifRun.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['bank-conflict']);
    const results = sarifRun.results.map(
      (r: {
        ruleId: string;
        level: string;
        locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[];
      }) => [
        r.ruleId,
        r.level,
        r.locations[0].physicalLocation.artifactLocation.uri,
        r.locations[0].physicalLocation.region.startLine,
      ],
    );
    expect(results).toEqual([
      ['bank-conflict', 'error', 'k/column.cu', 4],
      ['bank-conflict', 'error', 'k/column.cu', 5],
      ['bank-conflict', 'warning', 'k/sub/strided.cu', 5],
    ]);
    expect(sarifRun.results[2].message.text).toBe(
      'Bank conflict: the load of float takes 3 rounds where 2 would do, 1 past the ideal (1.50× the ideal), over 2 warp instructions of strided with block 32; worst in warp 0, i = 1: 2 rounds, ideal 1.',
    );
    expect(sarifRun.invocations[0].executionSuccessful).toBe(true);
  });

  it('keeps a line’s fingerprint when an edit above moves it', async () => {
    const root = project();
    const before = JSON.parse((await bankCheck(root, ['k/column.cu', '--format', 'sarif'])).stdout);
    const moved = makeProject({ 'k/column.cu': `\n\n${COLUMN_KERNEL}` });
    const after = JSON.parse((await bankCheck(moved, ['k/column.cu', '--format', 'sarif'])).stdout);
    const prints = (log: { runs: { results: { partialFingerprints: object }[] }[] }) =>
      log.runs[0].results.map((r) => r.partialFingerprints);
    expect(prints(after)).toEqual(prints(before));
    expect(after.runs[0].results[0].locations[0].physicalLocation.region.startLine).toBe(6);
  });

  it('bad input is a run with the error as a notification at its place, valid SARIF, status 2', async () => {
    const root = makeProject({ 'bad.cu': '// bank-check: block=32 grid=0\n' });
    const run = await bankCheck(root, ['bad.cu', '--format', 'sarif']);
    expect(run.status).toBe(2);
    const log = JSON.parse(run.stdout);
    expect(sarifErrors(log)).toEqual([]);
    const [invocation] = log.runs[0].invocations;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications).toEqual([
      {
        level: 'error',
        message: { text: 'gridDim.x must be at least 1' },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'bad.cu', uriBaseId: '%SRCROOT%' },
              region: { startLine: 1, startColumn: 30 },
            },
          },
        ],
      },
    ]);
  });

  it('bad arguments are a notification too', async () => {
    const run = await bankCheck(project(), ['k/column.cu', '--block', '0', '--format', 'sarif']);
    const log = JSON.parse(run.stdout);
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toMatch(/^--block 0: /);
  });
});

describe('--format github', { timeout: 20_000 }, () => {
  it('a warning annotation names the file, line and column, in words', async () => {
    const run = await bankCheck(project(), ['k/sub/strided.cu', '--format', 'github']);
    expect(run.stdout.split('\n')[0]).toBe(
      '::warning file=k/sub/strided.cu,line=5,col=40,title=Bank conflict%3A 1 round past the ideal::Bank conflict: the load of float takes 3 rounds where 2 would do, 1 past the ideal (1.50× the ideal), over 2 warp instructions of strided with block 32; worst in warp 0, i = 1: 2 rounds, ideal 1.',
    );
  });

  it('shows 10 annotations of a level as GitHub does, and every line in the step summary', async () => {
    const root = makeProject({ 'many.cu': manyConflicts(14) });
    const summary = join(root, 'summary.md');
    const run = await bankCheck(root, ['many.cu', '--format', 'github'], { GITHUB_STEP_SUMMARY: summary });
    const lines = run.stdout.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(10);
    expect(lines.at(-1)).toBe(
      'bank-check: 4 more findings than GitHub shows as annotations; all are in the step summary',
    );
    const table = readFileSync(summary, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| many.cu:'));
    expect(table).toHaveLength(14);
  });

  it('bad input is an annotation of level error at its place, status 2', async () => {
    const root = makeProject({ 'bad.cu': '__global__ void k() {\n  int x = ;\n}\n' });
    const run = await bankCheck(root, ['bad.cu', '--format', 'github']);
    expect(run.status).toBe(2);
    expect(run.stdout.split('\n')[0]).toMatch(
      /^::error file=bad\.cu,line=2,col=\d+,title=bank-check could not check this::/,
    );
  });
});

describe('--format text and json with bad input', { timeout: 20_000 }, () => {
  it('text: file:line:column: message on stderr, status 2', async () => {
    const root = makeProject({ 'bad.cu': '// bank-check: blok=32\n' });
    const run = await bankCheck(root, ['bad.cu']);
    expect([run.status, run.stderr]).toEqual([
      2,
      'bad.cu:1:16: unknown key "blok" in a bank-check comment: the keys are kernel, block, args, grid\n',
    ]);
  });

  it('json: the error with its file, line and column in errors, status 2', async () => {
    const root = makeProject({ 'bad.cu': '// bank-check: blok=32\n' });
    const run = await bankCheck(root, ['bad.cu', '--format', 'json']);
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).errors).toEqual([
      {
        file: 'bad.cu',
        path: 'bad.cu',
        line: 1,
        column: 16,
        message: 'unknown key "blok" in a bank-check comment: the keys are kernel, block, args, grid',
      },
    ]);
  });
});
