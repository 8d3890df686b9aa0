import { describe, expect, it } from 'vitest';
import { createSpec, createSpecRequest, getSchedule, getSpecWarnings, type AccessSpec } from '../../src/engine';
import { getExploreSearch, parsePlayerUrl } from '../../src/session/playerUrl';

function schedule(parts: Partial<AccessSpec>) {
  const request = createSpecRequest(createSpec(parts));
  if (!request.ok) throw new Error(`${request.error.field}: ${request.error.reason}`);
  return getSchedule(request.value);
}

describe('ldmatrix counts 16-bit elements unless a type or an array says otherwise', () => {
  const FRAGMENT = {
    pattern: 'expr' as const,
    op: 'ldmatrix' as const,
    expr: '(lane % 16) * 64 + (lane / 16) * 8',
    swizzle: { bits: 3, base: 3, shift: 3 },
  };

  it('with no type, a swizzled 64-half row load takes 4 rounds, as with half written, and no warning', () => {
    const spec = createSpec(FRAGMENT);
    expect(spec.type).toBe('half');
    expect(schedule(FRAGMENT).rounds).toBe(4);
    expect(schedule({ ...FRAGMENT, type: 'half' }).rounds).toBe(4);
    expect(getSpecWarnings(spec)).toEqual([]);
    expect(getSpecWarnings(createSpec({ ...FRAGMENT, type: 'bf16' }))).toEqual([]);
  });

  it('a type written keeps counting its own elements, and one of another size than 2 bytes is warned of', () => {
    const float = createSpec({ ...FRAGMENT, type: 'float' });
    expect(schedule(float).rounds).toBe(8);
    expect(getSpecWarnings(float)).toEqual([{ field: 'type', reason: expect.stringContaining('16-bit elements') }]);
    expect(getSpecWarnings(float)[0].reason).toContain('as float, each index counts 4 bytes');
    expect(getSpecWarnings(createSpec({ ...FRAGMENT, type: 'char' }))[0].reason).toContain('1 byte');
    // A load counts 4-byte words by default and is warned of nothing, whatever its type.
    expect(createSpec({ pattern: 'row' }).type).toBe('float');
    expect(getSpecWarnings(createSpec({ pattern: 'row', type: 'char' }))).toEqual([]);
  });

  it('a declared array sets the type the indices count, for ldmatrix as for a load', () => {
    expect(createSpec({ ...FRAGMENT, shared: 'half tile[16][64]' }).type).toBe('half');
    expect(createSpec({ pattern: 'expr', expr: 'lane', shared: 'half tile[16][64]' }).type).toBe('half');
    const floats = createSpec({ ...FRAGMENT, expr: 'lane * 4', swizzle: null, shared: 'float tile[32][32]' });
    expect(floats.type).toBe('float');
    expect(createSpecRequest(floats).ok).toBe(true);
    expect(getSpecWarnings(floats)[0].field).toBe('type');
  });

  it('a link without type for ldmatrix reads back as halves, and writes no type; one with a type keeps it', () => {
    const read = (search: string) => parsePlayerUrl(search, []);
    const plain = read('?mode=explore&pattern=expr&expr=lane*8&op=ldmatrix');
    expect(plain.errors).toEqual([]);
    expect(plain.access.type).toBe('half');
    const written = getExploreSearch(plain.access);
    expect(new URLSearchParams(written).has('type')).toBe(false);
    expect(read(`?${written}`).access).toEqual(plain.access);
    const floats = read('?mode=explore&pattern=expr&expr=lane*8&op=ldmatrix&type=float');
    expect(floats.access.type).toBe('float');
    expect(new URLSearchParams(getExploreSearch(floats.access)).get('type')).toBe('float');
    expect(read('?mode=explore&pattern=expr&expr=lane&type=float').access.type).toBe('float');
    expect(new URLSearchParams(getExploreSearch(read('?mode=explore&pattern=row').access)).has('type')).toBe(false);
  });
});
