import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_FIELD_KEYS,
  ACCESS_FIELDS,
  ACCESS_REGISTRY,
  createAccess,
  createSpecAccess,
  getSchedule,
  PATTERNS,
  type AccessSpec,
} from '../../src/engine';
import { createPlayerSearch, DEFAULT_PLAYER_URL, parsePlayerUrl, type PlayerUrl } from '../../src/session/playerUrl';
import { KERNEL_KEYS, type KernelLink } from '../../src/kernel/kernelParams';
import { snapTime } from '../../src/timeline/planTimeline';
import { arbitrarySpec } from '../support/arbitrarySpec';
import { LINK_PARAMETERS } from '../support/linkParameters';

const IDS = ['banks', 'column-read'];

describe('parsePlayerUrl', () => {
  it('reads a full deep link', () => {
    const q = parsePlayerUrl('?scene=column-read&t=3.25&speed=1.5&present&lane=4', IDS);
    expect(parsePlayerUrl('?lane=0,1', IDS)).toMatchObject({ lanes: [0, 1], errors: [] });
    expect(parsePlayerUrl('?lane=0,1,2', IDS).errors.map((e) => e.field)).toEqual(['lane']);
    expect(q).toMatchObject({ scene: 'column-read', time: 3.25, speed: 1.5, present: true, lanes: [4], errors: [] });
  });

  it('reads an explore access and hands it to the engine', () => {
    const q = parsePlayerUrl('?mode=explore&pattern=stride&stride=2&lanes=16', IDS);
    expect(q.mode).toBe('explore');
    const access = createSpecAccess(q.access);
    expect(access.ok && access.value.slice(0, 17)).toEqual([...Array.from({ length: 16 }, (_, i) => 2 * i), null]);
    const list = parsePlayerUrl('?mode=explore&words=0,-,64,,5', IDS);
    expect(list.access.words).toEqual([0, null, 64, null, 5]);
  });

  it('reads a tile as useful columns and a row pitch, with padded as shorthand for one spare word', () => {
    const tile = (search: string) => {
      const q = parsePlayerUrl(search, IDS);
      return [q.access.cols, q.access.pitch, q.access.layout, q.errors.map((e) => e.field)];
    };
    expect(tile('?mode=explore&pattern=column')).toEqual([32, 32, 'plain', []]);
    expect(tile('?mode=explore&pattern=column&pitch=33')).toEqual([32, 33, 'plain', []]);
    expect(tile('?mode=explore&pattern=column&pitch=16')).toEqual([16, 16, 'plain', []]);
    expect(tile('?mode=explore&pattern=column&cols=64')).toEqual([64, 64, 'plain', []]);
    expect(tile('?mode=explore&pattern=column&layout=padded')).toEqual([32, 33, 'plain', []]);
    expect(tile('?mode=explore&pattern=column&cols=16&layout=padded')).toEqual([16, 17, 'plain', []]);
    expect(tile('?mode=explore&pattern=column&pitch=33&layout=padded')).toEqual([32, 33, 'plain', []]);
    // A pitch that contradicts the shorthand is named, never silently given a third meaning.
    expect(tile('?mode=explore&pattern=column&pitch=40&layout=padded')).toEqual([32, 33, 'plain', ['pitch']]);
    const narrow = parsePlayerUrl('?mode=explore&pattern=column&cols=32&pitch=20', IDS);
    expect(createSpecAccess(narrow.access)).toMatchObject({ ok: false, error: { field: 'pitch' } });
  });

  it('applies the active lanes to a word list, and takes a trailing comma after the last lane', () => {
    const masked = parsePlayerUrl('?mode=explore&words=1,2,3,4&mask=5', IDS);
    const access = createSpecAccess(masked.access);
    expect(access.ok && [...access.value.slice(0, 4)]).toEqual([1, null, 3, null]);
    const first = createSpecAccess(parsePlayerUrl('?mode=explore&words=1,2,3,4&lanes=2', IDS).access);
    expect(first.ok && [...first.value.slice(0, 4)]).toEqual([1, 2, null, null]);
    const full = Array.from({ length: 32 }, (_, i) => i).join(',');
    expect(parsePlayerUrl(`?mode=explore&words=${full},`, IDS).errors).toEqual([]);
    expect(parsePlayerUrl(`?mode=explore&words=${full},5`, IDS).errors.map((e) => e.reason)).toEqual([
      'a warp has 32 lanes, but 33 entries were given',
    ]);
  });

  it('names each bad parameter and keeps the default for it', () => {
    const q = parsePlayerUrl('?scene=nope&t=abc&speed=9&round=1.5&pitch=0&layout=diag&mask=zz&words=1,x&lane=40', IDS);
    // The access's fields in the registry's order: the kinds' own, then the active lanes.
    expect(q.errors.map((e) => e.field)).toEqual([
      'scene',
      't',
      'round',
      'speed',
      'lane',
      'pitch',
      'layout',
      'words[1]',
      'mask',
    ]);
    expect(q).toMatchObject({ scene: null, time: null, round: null, speed: 1, lanes: [] });
    expect(q.access.pitch).toBe(32);
    expect(q.access.pattern).toBe('column');
  });

  // What the browser once checked with 200 page loads: any bad value of any parameter is reported
  // under that parameter's name, and the rest of the query is still read.
  it('reports a malformed value under its parameter and keeps the default, for every parameter', () => {
    const fields: Readonly<Record<string, { parse(text: string): { ok: boolean } }>> = ACCESS_FIELDS;
    const bad = fc.oneof(
      fc.constantFrom('-1', 'NaN', '1e999', '<img src=x onerror=alert(1)>', '%', '0x', '99999999999', '1.5.5', '∞'),
      fc.string({ maxLength: 12 }).filter((s) => s.trim() !== '' && !/^[\d\s.,+-]*$/.test(s) && s !== '-'),
    );
    fc.assert(
      fc.property(fc.constantFrom(...LINK_PARAMETERS), bad, (name, value) => {
        // What a field's own parser takes is no malformed value (hex digits are a mask: 1e999 is
        // 0x1e999; -1 is an index expression).
        fc.pre(!(Object.hasOwn(fields, name) && fields[name].parse(value).ok));
        // Any time from 0 parses; whether the scene lasts that long is the player's check.
        fc.pre(!(name === 't' && /^\d+$/.test(value)));
        const params = new URLSearchParams({ speed: '1.5' });
        params.set(name, value);
        const q = parsePlayerUrl(`?${params}`, IDS);
        if (name === 'speed' || name === 'mode' || name === 'layout' || name === 'pattern' || name === 'scene')
          expect(q.errors.map((e) => e.field)).toEqual([name]);
        else expect(q.errors.length, `${name}=${value}`).toBeGreaterThanOrEqual(1);
        expect(q.errors.every((e) => e.field.startsWith(name))).toBe(true);
        for (const e of q.errors) expect(e.reason.length).toBeLessThan(160);
        if (name !== 'speed') expect(q.speed).toBe(1.5);
        expect(createSpecAccess(q.access).ok || name === 'lanes' || name === 'mask').toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws, whatever the query string', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        const q = parsePlayerUrl(s, IDS);
        expect(q.speed).toBeGreaterThanOrEqual(0.25);
        createSpecAccess(q.access);
      }),
      { numRuns: 2000 },
    );
  });
});

/** Kernel mode's parameters as a link writes them: text, which Kernel mode reads when it loads. */
const kernelLink: fc.Arbitrary<KernelLink> = fc.record(
  Object.fromEntries(KERNEL_KEYS.map((key) => [key, fc.string({ maxLength: 40 })])),
  { requiredKeys: [] },
);

describe('a Kernel mode link', () => {
  it('keeps its parameters as written, for Kernel mode to read', () => {
    const q = parsePlayerUrl('?mode=kernel&kz=abc&kernel=x&block=32x8&args=n%3D8&line=12&op=store&instance=3&t=2', IDS);
    expect(q.errors).toEqual([]);
    expect(q.link).toEqual({
      kz: 'abc',
      kernel: 'x',
      block: '32x8',
      args: 'n=8',
      line: '12',
      op: 'store',
      instance: '3',
    });
    // A moment of the kernel's instruction cannot be known before the kernel is analysed.
    expect(q.time).toBeNull();
    expect(parsePlayerUrl('?mode=kerne', IDS).errors[0]).toEqual({
      field: 'mode',
      reason: 'must be explore, kernel, puzzles or walkthrough, not "kerne"',
    });
  });

  it('is read only in Kernel mode: block= is the access’s own elsewhere', () => {
    const explore = parsePlayerUrl('?mode=explore&block=32x8&kernel=x&line=3', IDS);
    expect(explore.link).toEqual(DEFAULT_PLAYER_URL.link);
    expect(explore.access.block).toEqual({ x: 32, y: 8, z: 1 });
  });
});

describe('a Puzzles mode link', () => {
  it('names the puzzle and a shared answer, as written, and carries no moment, lane or access', () => {
    const q = parsePlayerUrl('?mode=puzzles&puzzle=pad-column&answer=row+*+33+%2B+col&t=2&lane=3&pitch=33', IDS);
    expect(q.errors).toEqual([]);
    expect(q).toMatchObject({
      mode: 'puzzles',
      link: { puzzle: 'pad-column', answer: 'row * 33 + col' },
      time: null,
    });
    expect(q.lanes).toEqual([]);
    expect(q.access).toEqual(DEFAULT_PLAYER_URL.access);
    expect(createPlayerSearch(q).toString()).toBe('mode=puzzles&puzzle=pad-column&answer=row+*+33+%2B+col');
  });

  it('is read only in Puzzles mode', () => {
    expect(parsePlayerUrl('?mode=explore&puzzle=pad-column&answer=33', IDS).link).toEqual({});
  });
});

describe('an Explore link to a word list', () => {
  // 5.4 s alone at load average 14 on two cores: a budget of 20 s.
  it('puts on stage exactly the access the engine makes of those words', { timeout: 20_000 }, () => {
    const words = fc.array(
      fc.option(fc.oneof(fc.integer({ min: 0, max: 130 }), fc.integer({ min: 0, max: 100_000 })), { nil: null }),
      { minLength: 1, maxLength: 32 },
    );
    fc.assert(
      fc.property(words, (ws) => {
        fc.pre(ws.some((w) => w !== null));
        const list = ws.map((w) => (w === null ? '-' : String(w))).join(',');
        const query = parsePlayerUrl(`?mode=explore&words=${list}`, IDS);
        expect(query.errors).toEqual([]);
        const onStage = createSpecAccess(query.access);
        const engine = createAccess(ws);
        expect(onStage.ok && engine.ok).toBe(true);
        if (onStage.ok && engine.ok) expect(getSchedule(onStage.value)).toEqual(getSchedule(engine.value));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('createPlayerSearch', () => {
  // Valid link states, with what a link cannot carry left at its default: an Explore access names
  // only the fields its pattern uses, and a word list ends with its last active lane. Every kind,
  // and every field, from the engine's kinds.
  const spec: fc.Arbitrary<AccessSpec> = arbitrarySpec(ACCESS_REGISTRY);

  it('draws accesses of every kind, with every field of every kind away from its default', () => {
    const drawn = fc.sample(spec, { numRuns: 2000, seed: 47 });
    expect(new Set(drawn.map((s) => s.pattern))).toEqual(new Set(PATTERNS));
    const moved = ACCESS_FIELD_KEYS.filter((key) => drawn.some((s) => !ACCESS_REGISTRY.isDefault(s, key)));
    expect(moved).toEqual(ACCESS_FIELD_KEYS);
  });

  const moment = fc
    .record({
      time: fc.option(fc.double({ min: 0, max: 500, noNaN: true }).map(snapTime), { nil: null }),
      round: fc.option(fc.integer({ min: 0, max: 32 }), { nil: null }),
      speed: fc.double({ min: 0.25, max: 2, noNaN: true }),
      present: fc.boolean(),
      lanes: fc.uniqueArray(fc.integer({ min: 0, max: 31 }), { maxLength: 2 }),
      voice: fc.boolean(),
      edit: fc.boolean(),
      captions: fc.boolean(),
      embed: fc.boolean(),
      origins: fc.uniqueArray(
        fc.constantFrom('https://course.example', 'http://localhost:8000', 'https://slides.example:8443'),
        { maxLength: 3 },
      ),
      end: fc.constantFrom('lesson' as const, 'scene' as const),
    })
    .map((m) => ({ ...m, round: m.time === null ? m.round : null }));
  const state: fc.Arbitrary<PlayerUrl> = fc.oneof(
    fc.record({ moment, scene: fc.option(fc.constantFrom(...IDS), { nil: null }) }).map(({ moment, scene }) => ({
      ...DEFAULT_PLAYER_URL,
      ...moment,
      scene,
    })),
    fc.record({ moment, spec, predict: fc.boolean() }).map(({ moment, spec, predict }) => ({
      ...DEFAULT_PLAYER_URL,
      ...moment,
      mode: 'explore' as const,
      access: spec,
      predict,
    })),
    // Kernel mode's links carry no moment: a reload cannot know it before the kernel is analysed.
    fc.record({ moment, kernel: kernelLink }).map(({ moment, kernel }) => ({
      ...DEFAULT_PLAYER_URL,
      ...moment,
      time: null,
      round: null,
      lanes: [],
      mode: 'kernel' as const,
      link: kernel,
    })),
  );

  it('is the inverse of parsePlayerUrl: every valid state comes back whole, with no error', () => {
    fc.assert(
      fc.property(state, (x) => {
        const parsed = parsePlayerUrl(`?${createPlayerSearch(x)}`, IDS);
        const { errors, ...back } = parsed;
        expect(errors).toEqual([]);
        expect(back).toEqual(x);
      }),
      { numRuns: 2000 },
    );
  });
});
