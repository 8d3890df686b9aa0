import { describe, expect, it } from 'vitest';
import { type KernelLaunch, type LayoutFixes } from '../../src/engine';
import { getEditedLine, getFixReplacements, suggestLayoutFixes } from '../../src/engine/kernel';
import { analyzeOk, getKernelParser, readPreset } from '../support/kernelAnalyzer';

const block = (x: number, y = 1) => ({ x, y, z: 1 });

/** The suggestions for a source, from its own report, as the command and Kernel mode ask for them. */
async function suggest(source: string, launch: KernelLaunch, maxAnalyses?: number): Promise<LayoutFixes> {
  const report = await analyzeOk(source, launch);
  return suggestLayoutFixes(source, launch, report, await getKernelParser(), { maxAnalyses });
}

/** A kernel of one block of 32 threads around `body`, with `declarations` before it. */
const kernel = (declarations: string, body: string) =>
  `${declarations}\n__global__ void k(float *out)\n{\n${body}\n}\n`;

// Each suggestion analyses the whole kernel again up to 24 times: a second or two each here on a
// loaded machine, so a budget of 30 s a test.
describe('layout fixes, each proved on the whole kernel', { timeout: 30_000 }, () => {
  it('pads the coalesced transpose by one float: 992 → 0 excess, the edited source analysed again', async () => {
    const source = readPreset('transposeCoalesced');
    const launch = { block: block(32, 8) };
    const { fixes } = await suggest(source, launch);
    const pad = fixes.find((f) => f.kind === 'pad' && f.pad === 1)!;
    expect(pad.summary).toBe('pad tile by 1 float (128 bytes): 992 → 0 excess');
    expect(pad.source).toContain('__shared__ float tile[TILE_DIM][TILE_DIM + 1];');
    expect((await analyzeOk(pad.source, launch)).total.excess).toBe(0);
  });

  it('orders fixes by excess, then by bytes added: the swizzle (no bytes), then padding by 1', async () => {
    const { fixes } = await suggest(readPreset('transposeCoalesced'), { block: block(32, 8) });
    expect(fixes.slice(0, 2).map((f) => f.summary)).toEqual([
      'swizzle tile: column ^ row: 992 → 0 excess',
      'pad tile by 1 float (128 bytes): 992 → 0 excess',
    ]);
  });

  it('writes a swizzle as a __device__ index function at every subscript of the array', async () => {
    const { fixes } = await suggest(readPreset('transposeCoalesced'), { block: block(32, 8) });
    const swizzle = fixes.find((f) => f.kind === 'swizzle')!;
    expect(swizzle.source).toContain(
      '__device__ __forceinline__ int tileSwizzle(int row, int column) { return column ^ (row % TILE_DIM); }',
    );
    expect(swizzle.source).toContain('tile[threadIdx.y + j][tileSwizzle(threadIdx.y + j, threadIdx.x)] =');
    expect(swizzle.source).toContain('= tile[threadIdx.x][tileSwizzle(threadIdx.x, threadIdx.y + j)];');
    expect(swizzle.report.total.excess).toBe(0);
  });

  it('edits at the right places past text outside ASCII (the parser’s offsets are UTF-16 units, as the source’s)', async () => {
    const source = `// A tile — read down its columns → 32 rounds × 8 warps 😀\n${readPreset('transposeCoalesced')}`;
    const { fixes } = await suggest(source, { block: block(32, 8) });
    expect(fixes.find((f) => f.kind === 'pad')!.source).toContain('__shared__ float tile[TILE_DIM][TILE_DIM + 1];');
  });

  it('finds no layout fix for reduce1: its one-dimensional index is the cause', async () => {
    const result = await suggest(readPreset('reduce1'), { block: block(256) });
    expect(result.fixes).toEqual([]);
    expect(result.none).toHaveLength(1);
    expect(result.none[0].kind).toBe('index');
    expect(result.none[0].reason).toMatch(/^sdata is one-dimensional .* the subscript at line 24 .* is the cause/);
  });

  it('pads a one-dimensional array through the #define that is only its row pitch', async () => {
    const source = kernel(
      '#define PITCH 32',
      '  __shared__ float s[32 * PITCH];\n  for (int c = 0; c < 32; c++)\n    s[threadIdx.x * PITCH + c] = 0;\n  out[threadIdx.x] = s[threadIdx.x * PITCH];',
    );
    const { fixes } = await suggest(source, { block: block(32) });
    expect(fixes[0].summary).toBe("pad s's rows (PITCH) by 1 float (128 bytes): 1,023 → 0 excess");
    expect(fixes[0].source.startsWith('#define PITCH 33\n')).toBe(true);
  });

  it('leaves a #define alone that other lines use for something else, and says why', async () => {
    const source = kernel(
      '#define PITCH 32',
      '  __shared__ float s[32 * PITCH];\n  s[threadIdx.x * PITCH] = 0;\n  out[threadIdx.x * PITCH] = 1;',
    );
    const result = await suggest(source, { block: block(32) });
    expect(result.fixes).toEqual([]);
    expect(result.none[0].kind).toBe('index');
  });

  it('keeps a float4 store aligned: pads of 1 to 3 floats are refused as misaligned, 4 is the fix', async () => {
    const source = kernel(
      '',
      '  __shared__ float t[32][32];\n  reinterpret_cast<float4 *>(&t[threadIdx.x][0])[0] = make_float4(0, 0, 0, 0);\n  out[threadIdx.x] = t[threadIdx.x][0];',
    );
    const result = await suggest(source, { block: block(32) });
    expect(result.fixes[0].summary).toMatch(/^pad t by 4 floats \(512 bytes\): 59 → 3 excess$/);
    const misaligned = result.rejected.filter((r) => /^refused: 5:3: .* not 16-byte aligned/.test(r.why));
    expect(misaligned.map((r) => r.title)).toEqual([
      'pad t by 1 float',
      'pad t by 2 floats',
      'pad t by 3 floats',
      'pad t by 5 floats',
      'pad t by 6 floats',
      'pad t by 7 floats',
    ]);
    // A swizzle would scatter the float4's four columns: not offered.
    expect(result.fixes.some((f) => f.kind === 'swizzle')).toBe(false);
  });

  it('refuses a pad that takes static shared memory over 48 KB; the swizzle adds nothing and fixes it', async () => {
    const source = kernel('', '  __shared__ float t[96][128];\n  out[threadIdx.x] = t[threadIdx.x][0];');
    const result = await suggest(source, { block: block(32) });
    expect(result.fixes.map((f) => f.summary)).toEqual(['swizzle t: column ^ row: 31 → 0 excess']);
    expect(result.rejected[0].why).toMatch(/^refused: /);
  });

  it('says when the lanes stride within one row, which no padding of rows spreads', async () => {
    const source = kernel('', '  __shared__ float t[2][1024];\n  out[threadIdx.x] = t[1][threadIdx.x * 32];');
    const result = await suggest(source, { block: block(32) });
    expect(result.fixes).toEqual([]);
    expect(result.none.map((n) => n.kind)).toEqual(['stride']);
    expect(result.none[0].reason).toMatch(/^the lanes of line 5 .* all address one row of t: no padding or swizzle/);
  });

  it('proposes nothing for an array used through a pointer it cannot follow, and says so', async () => {
    const source = kernel(
      '',
      '  __shared__ float t[32][32];\n  float *p = &t[0][0];\n  out[threadIdx.x] = p[threadIdx.x * 32];',
    );
    const result = await suggest(source, { block: block(32) });
    expect(result.analyses).toBe(0);
    expect(result.none[0].kind).toBe('pointer');
    expect(result.none[0].reason).toMatch(/^t is used through a pointer or a row at line 5 \(&t\[0\]\[0\]\)/);
  });

  it('says a broadcast is already free', async () => {
    const source = kernel('', '  __shared__ float t[32][32];\n  out[threadIdx.x] = t[0][0];');
    const result = await suggest(source, { block: block(32) });
    expect(result.fixes).toEqual([]);
    expect(result.none).toEqual([
      expect.objectContaining({ kind: 'broadcast', line: 5, reason: expect.stringMatching(/a broadcast/) }),
    ]);
  });

  it('pads a template’s tile as t[TILE][TILE + 1] and proves two arrays’ best fixes together', async () => {
    const source = [
      '__shared__ double g[16][16];',
      'template <int TILE>',
      '__global__ void k(float *out)',
      '{',
      '  __shared__ float t[TILE][TILE];',
      '  t[threadIdx.x][0] = 1;',
      '  out[threadIdx.x] = t[0][threadIdx.x] + g[threadIdx.x % 16][0];',
      '}',
    ].join('\n');
    const { fixes } = await suggest(source, { block: block(32), args: { TILE: 32 } });
    // No swizzle of t: its width is the template's, which a function outside the template cannot name.
    expect(fixes.map((f) => f.summary)).toEqual([
      'pad t by 1 float and swizzle g: column ^ row (128 bytes): 61 → 0 excess',
      'pad t by 1 float (128 bytes): 61 → 30 excess',
      'swizzle g: column ^ row: 61 → 31 excess',
      'pad g by 1 double (128 bytes): 61 → 31 excess',
    ]);
    expect(fixes[0].source).toContain('__shared__ float t[TILE][TILE + 1];');
    expect(fixes[0].source).toContain('__shared__ double g[16][16];\n// g[r][c] is kept at column c ^ (r % 16)');
  });

  it('stops at its budget of analyses and counts what it left untried', async () => {
    const result = await suggest(readPreset('transposeCoalesced'), { block: block(32, 8) }, 0);
    expect(result.analyses).toBe(0);
    expect(result.untried).toBe(9);
  });
});

describe('a line through a fix', () => {
  it('moves down by the lines a swizzle inserts above it, and stays where a pad inserts none', async () => {
    const source = readPreset('transposeCoalesced');
    const { fixes } = await suggest(source, { block: block(32, 8) });
    const moved = fixes.map((f) => `${f.kind} ${getEditedLine(source, f.edits, 27)}`);
    expect(moved).toEqual(['swizzle 30', 'pad 27']);
    expect(fixes[0].source.split('\n')[29]).toContain('tileSwizzle(threadIdx.x, threadIdx.y + j)');
  });
});

describe('a fix as SARIF carries it', () => {
  it('writes the pad as a replacement of the size at its line and columns', async () => {
    const source = readPreset('transposeCoalesced');
    const { fixes } = await suggest(source, { block: block(32, 8) });
    const pad = fixes.find((f) => f.kind === 'pad')!;
    expect(getFixReplacements(source, pad.edits)).toEqual([
      {
        deletedRegion: { startLine: 12, startColumn: 35, endLine: 12, endColumn: 43 },
        insertedContent: { text: 'TILE_DIM + 1' },
      },
    ]);
    expect(source.split('\n')[11].slice(34, 42)).toBe('TILE_DIM');
  });
});
