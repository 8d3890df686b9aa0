import type { EngineError } from './result';
import { fail, ok, type Result } from './result';

/**
 * What a field's value may be, in a form any reader can check: a link's parser, Explore's form, the
 * lesson schema (which turns it into JSON Schema) and the embed element's attributes.
 */
export type FieldShape =
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly values: readonly string[] }
  /** Text; `numbers`: a lesson may write it as a bare number too (a block of `32`). */
  | { readonly kind: 'text'; readonly maxLength: number; readonly numbers?: boolean }
  /** Active lanes as bits: a number, or hexadecimal text (`ffff`, `0x5555`). */
  | { readonly kind: 'mask' }
  /** One entry per lane: a number, or nothing for an inactive lane. */
  | { readonly kind: 'list'; readonly min: number; readonly max: number; readonly length: number };

/** Fields as far as a spec's other fields go while one is read: any of them, by key. */
export type SpecParts = Readonly<Record<string, unknown>>;

/**
 * One parameter of an access, defined once, as tldraw defines a shape's props: how it is named,
 * written, read and checked everywhere, and the value it takes when left out. `T` is its value as
 * read, `J` as a lesson file writes it, `K` its key, `S` a shorthand it reads that
 * {@link AccessField.expand} turns into other fields, so no spec holds it.
 */
export interface AccessField<T, J = T, K extends string = string, S = never> {
  readonly key: K;
  /** What Explore's form calls it. */
  readonly label: string;
  /** What it means, for the lesson schema and a field's help. */
  readonly description: string;
  readonly shape: FieldShape;
  /** Its value when a link, a form or a lesson leaves it out. */
  readonly default: T;
  /**
   * Its default when it depends on another field (a tile's pitch is its columns), given the fields
   * before it as resolved and the later ones as written (`undefined` when left out); it never reads
   * its own.
   */
  follows?(spec: SpecParts): T;
  /**
   * A written value that stands for other fields (`layout: padded` is a pitch of cols + 1): the parts
   * it stands for, and the error when the others contradict it.
   */
  expand?(written: SpecParts): { readonly parts: SpecParts; readonly error: EngineError | null };
  /** For a choice, what a form offers, each with its label (a written shorthand may be left out). */
  readonly choices?: readonly (readonly [value: string, label: string])[];
  /** Reads it from text (a link, a form field); its errors name the field. */
  parse(text: string): Result<T>;
  /** Reads it from a lesson file's value (a number or a string, as the schema allows). */
  read(value: unknown): Result<T>;
  /** Writes it as text, the inverse of {@link parse}. */
  write(value: T): string;
  /** Types only: its value as a lesson file writes it. */
  readonly written?: J;
  /** Types only: the shorthand it reads. */
  readonly shorthand?: S;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field, whatever its value types
export type AnyField = AccessField<any, any, string, any>;

/** The value of a field in a spec: what it reads, less its shorthand (anything, for any field). */
export type FieldValue<F> =
  F extends AccessField<infer T, unknown, string, infer S> ? (0 extends 1 & T ? unknown : Exclude<T, S>) : never;

/** A list of fields as the values a spec holds, by key. */
export type FieldValues<F extends readonly AnyField[]> = {
  readonly [A in F[number] as A['key']]: FieldValue<A>;
};

/** A list of fields as a lesson file may write them: any of them, by key. */
export type WrittenValues<F extends readonly AnyField[]> = {
  readonly [A in F[number] as A['key']]?: NonNullable<A['written']>;
};

/** Whether a field is a fact narration may name: a number or a text (not a choice, a mask or a list). */
export const isFactField = (field: AnyField) => field.shape.kind === 'integer' || field.shape.kind === 'text';

/** Shows at most 40 characters of what the user typed, quoted. */
export const quote = (text: string) => `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;

/** A number written as text (a link's, a field's); its error names the field. */
export function parseNumber(field: string, text: string): Result<number> {
  if (!/^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(text)) return fail(field, `must be a number, not ${quote(text)}`);
  return ok(Number(text));
}

/** A whole number from `min` to `max`, written as text. */
export function parseWhole(field: string, text: string, min: number, max: number): Result<number> {
  const n = parseNumber(field, text);
  if (!n.ok) return n;
  if (!Number.isInteger(n.value) || n.value < min || n.value > max) {
    return fail(field, `must be a whole number from ${min} to ${max}, not ${quote(text)}`);
  }
  return n;
}

/** What every field constructor is told beside its own limits. */
interface FieldText<T, K extends string> {
  readonly key: K;
  readonly label: string;
  readonly description: string;
  readonly default: T;
  follows?(spec: SpecParts): T;
}

/** Defines a field (the type keeps its key a literal, for a spec's type). */
export const defineField = <T, J = T, const K extends string = string, S = never>(field: AccessField<T, J, K, S>) =>
  field;

/** A whole number from `min` to `max`. */
export function integerField<const K extends string>(
  field: FieldText<number, K> & { readonly min: number; readonly max: number },
): AccessField<number, number, K> {
  const { min, max, key } = field;
  return {
    ...field,
    shape: { kind: 'integer', min, max },
    parse: (text) => parseWhole(key, text, min, max),
    read: (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
        ? ok(value)
        : fail(key, `must be a whole number from ${min} to ${max}`),
    write: String,
  };
}

/** A field whose value is one of a few names, each offered with its label. */
export function choiceField<T extends string, const K extends string>(
  field: FieldText<T, K> & { readonly choices: readonly (readonly [T, string])[] },
): AccessField<T, T, K> {
  const { key, choices } = field;
  const values = choices.map(([value]) => value);
  // A long list (the element types) is named by its first few, so the message stays one line.
  const named =
    values.length > 8
      ? `one of ${values.slice(0, 6).join(', ')}… (${values.length} in all)`
      : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  const parse = (text: string): Result<T> =>
    (values as readonly string[]).includes(text) ? ok(text as T) : fail(key, `must be ${named}, not ${quote(text)}`);
  return {
    ...field,
    shape: { kind: 'choice', values },
    parse,
    read: (value) => (typeof value === 'string' ? parse(value) : fail(key, `must be one of ${values.join(', ')}`)),
    write: (value) => value,
  };
}

/** A field written as text that its own parser reads into a value (a block's size, a swizzle). */
export function textField<T, const K extends string>(
  field: FieldText<T, K> & {
    readonly maxLength: number;
    /** A lesson may write it as a bare number too (a block of `32`). */
    readonly numbers?: boolean;
    parse(text: string): Result<T>;
    write(value: T): string;
  },
): AccessField<T, string | number, K> {
  const { key, maxLength, numbers, parse } = field;
  return {
    ...field,
    shape: { kind: 'text', maxLength, numbers },
    read: (value) =>
      typeof value === 'string' || typeof value === 'number' ? parse(String(value)) : fail(key, 'must be text'),
  };
}
