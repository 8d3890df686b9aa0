import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSpecAccess, getSpecParams } from '../../src/player/exploreAccess';
import { parsePlayerQuery } from '../../src/player/parsePlayerQuery';

const IDS = ['banks', 'column-read'];

describe('parsePlayerQuery', () => {
  it('reads a full deep link', () => {
    const q = parsePlayerQuery('?scene=column-read&t=3.25&speed=1.5&present&lane=4', IDS);
    expect(q).toMatchObject({ scene: 'column-read', time: 3.25, speed: 1.5, present: true, lane: 4, errors: [] });
  });

  it('reads an explore access and hands it to the engine', () => {
    const q = parsePlayerQuery('?mode=explore&pattern=stride&stride=2&lanes=16', IDS);
    expect(q.mode).toBe('explore');
    const access = createSpecAccess(q.access);
    expect(access.ok && access.value.slice(0, 17)).toEqual([...Array.from({ length: 16 }, (_, i) => 2 * i), null]);
    const list = parsePlayerQuery('?mode=explore&words=0,-,64,,5', IDS);
    expect(list.access.words).toEqual([0, null, 64, null, 5]);
  });

  it('names each bad parameter and keeps the default for it', () => {
    const q = parsePlayerQuery(
      '?scene=nope&t=abc&speed=9&round=1.5&pitch=0&layout=diag&mask=zz&words=1,x&lane=40',
      IDS,
    );
    expect(q.errors.map((e) => e.field)).toEqual([
      'scene',
      't',
      'round',
      'speed',
      'lane',
      'pitch',
      'mask',
      'layout',
      'words (lane 1)',
    ]);
    expect(q).toMatchObject({ scene: null, time: null, round: null, speed: 1, lane: null });
    expect(q.access.pitch).toBe(32);
    expect(q.access.pattern).toBe('column');
  });

  it('never throws, whatever the query string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const q = parsePlayerQuery(s, IDS);
        expect(q.speed).toBeGreaterThanOrEqual(0.25);
        createSpecAccess(q.access);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('getSpecParams', () => {
  it('round-trips through parsePlayerQuery to the same access', () => {
    const specArb = fc.record({
      pattern: fc.constantFrom('row', 'column', 'stride', 'broadcast', 'list'),
      pitch: fc.integer({ min: 1, max: 64 }),
      row: fc.integer({ min: 0, max: 40 }),
      col: fc.integer({ min: 0, max: 63 }),
      stride: fc.integer({ min: 0, max: 64 }),
      offset: fc.integer({ min: 0, max: 500 }),
      lanes: fc.integer({ min: 1, max: 32 }),
      mask: fc.option(fc.integer({ min: 1, max: 0xffffffff }), { nil: null }),
      layout: fc.constantFrom('plain', 'padded', 'xor'),
      words: fc.array(fc.option(fc.integer({ min: 0, max: 9999 }), { nil: null }), { maxLength: 32 }),
    });
    fc.assert(
      fc.property(specArb, (spec) => {
        const before = createSpecAccess(spec as never);
        const query = parsePlayerQuery(`?${getSpecParams(spec as never)}`, IDS);
        expect(query.errors).toEqual([]);
        const after = createSpecAccess(query.access);
        expect(after.ok).toBe(before.ok);
        if (before.ok && after.ok) expect([...after.value]).toEqual([...before.value]);
      }),
      { numRuns: 1000 },
    );
  });
});
