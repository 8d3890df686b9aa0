import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AccessSchema, createAccessSchema } from '../../scenes/lessonSchema';
import {
  ACCESS_KINDS,
  ACCESS_REGISTRY,
  createAccess,
  defineAccessKind,
  defineAccessRegistry,
  getSchedule,
  getSpecType,
  integerField,
  isLaneActive,
  TILE_FIELDS,
  WARP_SIZE,
  type AccessRegistry,
  type EngineError,
} from '../../src/engine';
import { findTypedFacts } from '../../src/lesson/findTypedFacts';
import { readAccessParams, writeAccessParams } from '../../src/session/accessParams';
import { getExploreFormModel } from '../../src/ui/explore/getExploreFormModel';
import { arbitrarySpec } from '../support/arbitrarySpec';
import { unwrap } from '../unwrap';

/**
 * A kind the player does not have, with a parameter no kind has: lane i reads row i of a tile at
 * useful column (i · skew) mod columns, as a skewed (diagonal) layout would. Everything below is
 * this one definition and one registry line; nothing else names `skew`.
 */
const skewKind = defineAccessKind({
  id: 'skew',
  label: 'Skewed column read',
  fields: [
    TILE_FIELDS.cols,
    TILE_FIELDS.pitch,
    integerField({
      key: 'skew',
      label: 'Skew (0–31)',
      description: 'Useful columns each row’s read moves on from the row before.',
      min: 0,
      max: 31,
      default: 1,
    }),
    TILE_FIELDS.layout,
  ],
  linkFields: ['pitch', 'skew'],
  readsTile: true,
  build: (spec, { mask }) =>
    createAccess(
      Array.from({ length: WARP_SIZE }, (_, lane) =>
        isLaneActive(mask, lane) ? lane * spec.pitch + ((lane * spec.skew) % spec.cols) : null,
      ),
    ),
  describe: (spec) => `Skew ${spec.skew}, pitch ${spec.pitch}`,
});

const registry = defineAccessRegistry([...ACCESS_KINDS, skewKind], 'column');
const skewed = arbitrarySpec(registry).filter((spec) => spec.pattern === 'skew');

const readLink = (search: string) => {
  const errors: EngineError[] = [];
  const spec = readAccessParams(new URLSearchParams(search), errors, registry);
  return { spec, errors };
};
const writeLink = (spec: typeof registry.defaults) => {
  const params = new URLSearchParams();
  writeAccessParams(params, spec, registry);
  return params.toString();
};

describe('a kind with a parameter of its own, defined in one file and one registry line', () => {
  it('is carried by a link both ways, its parameter checked against its limits', () => {
    const { spec, errors } = readLink('pattern=skew&pitch=40&skew=5');
    expect(errors).toEqual([]);
    expect(spec).toMatchObject({ pattern: 'skew', cols: 32, pitch: 40, skew: 5, layout: 'plain' });
    expect(writeLink(spec)).toBe('pattern=skew&pitch=40&skew=5');
    expect(readLink('pattern=skew&skew=99').errors).toEqual([
      { field: 'skew', reason: 'must be a whole number from 0 to 31, not "99"' },
    ]);
    fc.assert(
      fc.property(skewed, (x) => {
        const back = readLink(writeLink(x));
        expect(back.errors).toEqual([]);
        expect(back.spec).toEqual(x);
      }),
      { numRuns: 300 },
    );
  });

  it('is in the lesson schema with its limits, and a lesson file reads it', () => {
    const schema = createAccessSchema(registry);
    expect(Value.Check(schema, { pattern: 'skew', pitch: 40, skew: 5 })).toBe(true);
    expect(Value.Check(schema, { pattern: 'skew', skew: 32 })).toBe(false);
    expect(Value.Check(schema, { pattern: 'skew', skew: 'five' })).toBe(false);
    // The player's own lesson format knows neither the kind nor its parameter.
    expect(Value.Check(AccessSchema, { pattern: 'column', skew: 5 })).toBe(false);
    expect(Value.Check(AccessSchema, { pattern: 'skew' })).toBe(false);
    expect(unwrap(registry.readWritten({ pattern: 'skew', skew: 5, layout: 'padded' }))).toMatchObject({
      pattern: 'skew',
      skew: 5,
      cols: 32,
      pitch: 33,
    });
    expect(registry.readWritten({ pattern: 'skew', skew: 40 })).toMatchObject({ ok: false, error: { field: 'skew' } });
  });

  it('gets a field of Explore’s form, shown for its kind only, that writes and reads it back', () => {
    const form = getExploreFormModel(registry);
    expect(form.fields.map((f) => f.key)).toContain('skew');
    expect(form.fields.find((f) => f.key === 'pattern')!.options).toContainEqual(['skew', 'Skewed column read']);
    expect(form.fields.find((f) => f.key === 'skew')).toEqual({
      key: 'skew',
      label: 'Skew (0–31)',
      options: null,
      numeric: true,
    });
    expect(form.shows('skew', 'load').filter((key) => !registry.kernelKeys.includes(key as 'op'))).toEqual([
      'cols',
      'pitch',
      'skew',
      'layout',
      'lanes',
      'mask',
    ]);
    expect(form.shows('column', 'load')).not.toContain('skew');
    // Every access the engine takes comes back whole; the type field shows a shared array's type.
    fc.assert(
      fc.property(skewed, (x) => {
        fc.pre(registry.createRequest(x).ok);
        const { spec, errors } = form.read(form.write(x), 'skew', x.mask, registry.defaults);
        expect(errors).toEqual([]);
        expect(spec).toEqual({ ...x, type: getSpecType(x) });
      }),
      { numRuns: 200, examples: [[registry.createSpec({ pattern: 'skew', skew: 3 })]] },
    );
    const texts = form.write(registry.createSpec({ pattern: 'skew' }));
    expect(form.read({ ...texts, skew: 'a lot' }, 'skew', null, registry.defaults).errors).toEqual([
      { field: 'skew', reason: 'must be a number, not "a lot"' },
    ]);
  });

  it('builds through the engine, its parameter is a fact, and narration may type it as the author chose it', () => {
    const schedule = (skew: number) =>
      getSchedule(unwrap(registry.createRequest(registry.createSpec({ pattern: 'skew', skew }))));
    // Lane i at column i of row i, a pitch of 32: word 33i, bank i; with no skew all in bank 0.
    expect(schedule(1).rounds).toBe(1);
    expect(schedule(0).rounds).toBe(32);
    const facts = skewKind.facts(registry.createSpec({ pattern: 'skew', skew: 5 }));
    expect(facts).toMatchObject({ skew: '5', pitch: '32', cols: '32' });
    // The skew is the author's own input, not a count the engine makes: typed, it is no warning.
    expect(findTypedFacts('With a skew of 5, rows move on.', facts)).toEqual([]);
  });

  it('shares a field with another kind only as the one definition both read, each kind keeping its order', () => {
    // Every key once, and every kind's fields in its own order among them: for the player's kinds,
    // and with the kind above.
    for (const { kinds, keys } of [ACCESS_REGISTRY, registry] as readonly AccessRegistry[]) {
      expect(new Set(keys).size).toBe(keys.length);
      for (const kind of kinds) {
        const places = kind.fields.map((f) => keys.indexOf(f.key));
        expect(places, kind.id).toEqual([...places].sort((a, b) => a - b));
      }
    }
    // A kind that defines a key of its own where another kind or the kernel has one is seen.
    const kindOf = (field: ReturnType<typeof integerField>) =>
      defineAccessKind({
        id: 'other',
        label: 'Other',
        fields: [field],
        linkFields: [],
        readsTile: false,
        build: () => createAccess([0]),
        describe: () => 'Other',
      });
    const keysWith = (field: ReturnType<typeof integerField>) =>
      defineAccessRegistry([...ACCESS_KINDS, kindOf(field)], 'column').keys.filter((key) => key === field.key);
    expect(keysWith(integerField({ key: 'pitch', label: 'P', description: 'P.', min: 1, max: 9, default: 1 }))).toEqual(
      ['pitch', 'pitch'],
    );
    expect(keysWith(integerField({ key: 'warp', label: 'W', description: 'W.', min: 0, max: 1, default: 0 }))).toEqual([
      'warp',
      'warp',
    ]);
    expect(keysWith(TILE_FIELDS.pitch)).toEqual(['pitch']);
  });
});
