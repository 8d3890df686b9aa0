import { describe, expect, it } from 'vitest';
import {
  createAccess,
  createBankModel,
  createColumnAccess,
  createFirstLanesMask,
  createRowAccess,
  createStridedAccess,
  createTileLayout,
  parseLaneMask,
  type Result,
} from '../../src/engine';

function expectError(result: Result<unknown>, field: string, reason: RegExp) {
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.field).toBe(field);
    expect(result.error.reason).toMatch(reason);
  }
}

describe('bad input comes back as a typed error naming the field', () => {
  it('word indices', () => {
    expectError(createAccess([0, -1]), 'words[1]', /negative/);
    expectError(createAccess([0.5]), 'words[0]', /whole/);
    expectError(createAccess([Number.NaN]), 'words[0]', /number/);
    expectError(createAccess([2 ** 40]), 'words[0]', /at most/);
    expectError(createAccess([Infinity]), 'words[0]', /whole|at most/);
    expectError(createAccess(Array.from({ length: 33 }, () => 0)), 'words', /32 lanes/);
    expectError(createAccess([]), 'lanes', /at least one/);
    expectError(createAccess([null, undefined]), 'lanes', /at least one/);
  });
  it('tile and stride parameters', () => {
    expectError(createColumnAccess({ col: 0, pitch: 0 }), 'pitch', /from 1/);
    expectError(createColumnAccess({ col: 40, pitch: 32 }), 'col', /0 to 31/);
    expectError(createRowAccess({ row: 0, pitch: 16 }), 'cols', /at least 32/);
    expectError(createTileLayout({ cols: 24, pitch: 32, layout: 'xor' }), 'cols', /power-of-two/);
    expectError(createTileLayout({ cols: 32, pitch: 31 }), 'pitch', /at least the 32 useful columns/);
    expectError(createTileLayout({ pitch: 32, layout: 'diagonal' as never }), 'layout', /plain or xor/);
    expectError(createRowAccess({ row: 0, cols: 16, pitch: 40 }), 'cols', /at least 32 useful columns/);
    expectError(createColumnAccess({ col: 32, cols: 32, pitch: 33 }), 'col', /0 to 31/);
    expectError(createStridedAccess({ stride: -2 }), 'stride', /from 0/);
    expectError(createStridedAccess({ stride: 4096, offset: 2 ** 20 - 10 }), 'stride', /beyond/);
    expectError(createBankModel(0, 4), 'banks', /from 1/);
  });
  it('lane masks and counts', () => {
    expectError(parseLaneMask('zz'), 'mask', /hexadecimal/);
    expectError(parseLaneMask('123456789'), 'mask', /hexadecimal/);
    expectError(parseLaneMask('0'), 'mask', /at least one/);
    expectError(createFirstLanesMask(33), 'lanes', /1 to 32/);
    expect(parseLaneMask('0x5555')).toEqual({ ok: true, value: 0x5555 });
    expect(parseLaneMask('ffffffff')).toEqual({ ok: true, value: 0xffffffff });
  });
  it('never throws, whatever it is given', () => {
    const junk: unknown[] = [null, undefined, 'x', {}, [], [[1]], ['3'], [Symbol.iterator], -0, 1e308];
    for (const j of junk) {
      expect(() => createAccess(j as never)).not.toThrow();
      expect(() => createColumnAccess({ col: j as never, pitch: j as never })).not.toThrow();
      expect(() => parseLaneMask(j as never)).not.toThrow();
    }
  });
});
