import { describe, expect, it } from 'vitest';
import { fitCodeLine } from '../../src/panels/code/fitCodeLine';

/** The line's tokens, spaces left out: a wrap that cut one would change them. */
const tokensOf = (text: string) => text.match(/[A-Za-z_]\w*|\d+(?:\.\d+)?|%\d+|\S/g) ?? [];

describe('fitCodeLine: code wrapped for the frame at a size a room can read', () => {
  const FIT = 37;
  const lines = [
    'asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"',
    '             : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(addr));',
    'unsigned addr = __cvta_generic_to_shared(&tile[0][0] + o);',
    '    out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];',
    'float v = tile[threadIdx.y + j][threadIdx.x] * 0.5f + 1.25f;',
  ];

  it.each(lines)('wraps %s between tokens, every piece inside the column', (line) => {
    const pieces = fitCodeLine(line, FIT);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(FIT);
    expect(tokensOf(pieces.join(' '))).toEqual(tokensOf(line));
  });

  it('breaks ldmatrix’s instruction at a dot, never inside m8n8', () => {
    const [first, second] = fitCodeLine(lines[0], FIT);
    expect(first).toBe('asm volatile("ldmatrix.sync.aligned');
    expect(second.trim()).toMatch(/^\.m8n8\.x4/);
  });

  it('indents a continuation under its line, and keeps a line that fits as it is', () => {
    expect(fitCodeLine('  int x = blockIdx.x * 32 + threadIdx.x;', FIT)).toEqual([
      '  int x = blockIdx.x * 32 +',
      '      threadIdx.x;',
    ]);
    expect(fitCodeLine('int row = lane % 8;', FIT)).toEqual(['int row = lane % 8;']);
  });

  it('drops a comment after code, and shortens a comment line', () => {
    expect(fitCodeLine('int row = lane % 8;              // lanes 0–7 give matrix 0', FIT)).toEqual([
      'int row = lane % 8;',
    ]);
    const [comment] = fitCodeLine('// One warp loads four 8×8 matrices of halves for a tensor-core MMA.', FIT);
    expect(comment).toHaveLength(FIT);
    expect(comment.endsWith('…')).toBe(true);
  });
});
