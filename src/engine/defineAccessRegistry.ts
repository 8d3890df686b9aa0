import type { AnyField, FieldValues, SpecParts } from './accessField';
import { createKindRequest } from './createKindRequest';
import { KERNEL_FIELDS } from './kernelFields';
import type { AccessKind, CommonFields } from './kinds/defineAccessKind';
import { LANE_FIELDS } from './laneFields';
import { fail, ok, type EngineError, type Result } from './result';
import type { WarpRequest } from './warpRequest';

type AnyKind = AccessKind<string, readonly AnyField[]>;

/** Every field a registry of kinds holds: its kinds' own, and every kind's. */
type AllFields<K extends readonly AnyKind[]> = K[number]['fields'][number] | CommonFields[number];

/** An access of one of `K`'s kinds, as a flat record: its pattern, and a value for every field. */
export type SpecOf<K extends readonly AnyKind[]> = { readonly pattern: K[number]['id'] } & FieldValues<
  readonly AllFields<K>[]
>;

/**
 * The kinds of access the player knows, with everything derived from their parameters: the
 * fields in link and schema order, the defaults, and how a spec is completed, compared with its
 * defaults, read from a lesson file and built into a request.
 *
 * @remarks
 * One registry is the player's ({@link ACCESS_REGISTRY}); another, with a kind more, reads and
 * writes that kind through the same code, which is how a test proves a kind is one file.
 */
export interface AccessRegistry<K extends readonly AnyKind[] = readonly AnyKind[]> {
  readonly kinds: K;
  /** The kinds' ids, in menu order. */
  readonly patterns: readonly K[number]['id'][];
  /**
   * Every field by key, in link and schema order: the kinds' own (each once, every kind's order
   * kept), the active lanes, the kernel's.
   */
  readonly fields: { readonly [A in AllFields<K> as A['key']]: A };
  readonly keys: readonly AllFields<K>['key'][];
  /** The kernel's fields' keys (type, block, operation …), in form order. */
  readonly kernelKeys: readonly (typeof KERNEL_FIELDS)[number]['key'][];
  /** The access every field left out describes: the default kind with every default. */
  readonly defaults: SpecOf<K>;
  /** The definition of kind `id`. */
  getKind(id: K[number]['id']): K[number];
  /** The fields an access of kind `id` uses, in form order: its own, then the kernel's. */
  getKindFields(id: K[number]['id']): readonly AllFields<K>['key'][];
  /** A whole spec from the parts a person wrote: what is left out takes its default, in field order. */
  createSpec(parts: Partial<SpecOf<K>>): SpecOf<K>;
  /** Whether a spec's field holds the value it would take if left out (so a link may leave it out). */
  isDefault(spec: SpecOf<K>, key: AllFields<K>['key']): boolean;
  /** The whole spec of written parts (a link's, a lesson's): each shorthand expanded, then {@link createSpec}. */
  resolveWritten(written: SpecParts): { spec: SpecOf<K>; error: EngineError | null };
  /** Reads an access from a lesson file's object: every field through its own definition. */
  readWritten(value: SpecParts): Result<SpecOf<K>>;
  /** The wider model's request a spec describes. */
  createRequest(spec: SpecOf<K>): Result<WarpRequest>;
}

/**
 * Every kind's fields in one order that keeps each kind's own: a field first seen goes before the
 * kind's next field already placed. A field two kinds share is one definition, seen once (the
 * registry's tests check that no two kinds, nor a kind and the kernel, define one key twice).
 */
function mergeFields(kinds: readonly AnyKind[]): AnyField[] {
  const order: AnyField[] = [];
  for (const kind of kinds)
    kind.fields.forEach((field, i) => {
      if (order.includes(field)) return;
      const next = kind.fields
        .slice(i + 1)
        .map((f) => order.indexOf(f))
        .find((at) => at >= 0);
      order.splice(next ?? order.length, 0, field);
    });
  return order;
}

/** Values compared as a link writes them: by content. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The registry of `kinds`, whose default access is of kind `defaultKind`. A field is one definition
 * however many kinds read it, and a kind defines no key of the lanes' or the kernel's (its tests
 * check both: every key appears once).
 */
export function defineAccessRegistry<const K extends readonly AnyKind[]>(
  kinds: K,
  defaultKind: K[number]['id'],
): AccessRegistry<K> {
  type Spec = SpecOf<K>;
  const all: readonly AnyField[] = [...mergeFields(kinds), ...LANE_FIELDS, ...KERNEL_FIELDS];
  const fields = Object.freeze(Object.fromEntries(all.map((f) => [f.key, f]))) as AccessRegistry<K>['fields'];
  const byId = new Map<string, K[number]>(kinds.map((k) => [k.id, k]));
  const getKind = (id: string) => byId.get(id)!;
  const patterns = kinds.map((k) => k.id);

  // Every spec starts as a copy of one with every key, so V8 keeps it a fast object: one whose
  // keys are added one by one (19 of them) becomes a dictionary, 3 to 40 times slower to read.
  const template = Object.fromEntries([['pattern', defaultKind], ...all.map((f) => [f.key, undefined])]);
  const createSpec = (parts: Partial<Spec>): Spec => {
    const given = parts as SpecParts;
    const spec: Record<string, unknown> = { ...template, pattern: given.pattern ?? defaultKind };
    for (const { key } of all) spec[key] = given[key];
    // In field order, so a default that follows another field sees it resolved (a pitch its columns).
    for (const field of all)
      if (spec[field.key] === undefined) spec[field.key] = field.follows ? field.follows(spec) : field.default;
    return spec as Spec;
  };

  const resolveWritten = (written: SpecParts) => {
    let parts = written;
    let error: EngineError | null = null;
    for (const field of all) {
      if (!field.expand || parts[field.key] === undefined) continue;
      const expanded = field.expand(parts);
      parts = expanded.parts;
      error ??= expanded.error;
    }
    return { spec: createSpec(parts as Partial<Spec>), error };
  };

  return {
    kinds,
    patterns,
    fields,
    keys: all.map((f) => f.key) as AllFields<K>['key'][],
    kernelKeys: KERNEL_FIELDS.map((f) => f.key),
    defaults: Object.freeze(createSpec({})) as Spec,
    getKind,
    getKindFields: (id) => [...getKind(id).fields, ...KERNEL_FIELDS].map((f) => f.key) as AllFields<K>['key'][],
    createSpec,
    isDefault: (spec, key) => {
      const field = fields[key as keyof typeof fields] as AnyField;
      return same((spec as SpecParts)[key], field.follows ? field.follows(spec) : field.default);
    },
    resolveWritten,
    readWritten: (value) => {
      const parts: Record<string, unknown> = {};
      for (const [key, raw] of Object.entries(value)) {
        if (key === 'pattern') {
          if (!(patterns as readonly unknown[]).includes(raw))
            return fail('pattern', `must be one of ${patterns.join(', ')}`);
          parts.pattern = raw;
          continue;
        }
        if (!Object.hasOwn(fields, key)) return fail(key, 'is not a field of an access');
        const field = (fields as Readonly<Record<string, AnyField>>)[key];
        const read = field.read(raw);
        if (!read.ok) return read;
        parts[key] = read.value;
      }
      const { spec, error } = resolveWritten(parts);
      return error ? { ok: false, error } : ok(spec);
    },
    createRequest: (spec) => createKindRequest(getKind(spec.pattern), spec),
  };
}
