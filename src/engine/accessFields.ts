import { parseLaneMask } from './activeLanes';
import { MAX_WORD_INDEX } from './access';
import { WARP_SIZE } from './bankModel';
import { MAX_STRIDE } from './generators';
import { parseIndexExpression } from './indexExpression';
import { ACCESS_FIELD_KEYS, type AccessFieldKey } from './accessFieldKeys';
import { fail, ok, type Result } from './result';
import { LAYOUTS, MAX_PITCH, MAX_ROW } from './tileLayout';

/**
 * What a field's value may be, in a form any reader can check: a link's parser, Explore's form, the
 * lesson schema (which turns it into JSON Schema) and the embed element's attributes.
 */
export type FieldShape =
  | { readonly kind: 'integer'; readonly min: number; readonly max: number }
  | { readonly kind: 'choice'; readonly values: readonly string[] }
  | { readonly kind: 'text'; readonly maxLength: number }
  /** Active lanes as bits: a number, or hexadecimal text (`ffff`, `0x5555`). */
  | { readonly kind: 'mask' }
  /** One entry per lane: a number, or nothing for an inactive lane. */
  | { readonly kind: 'list'; readonly min: number; readonly max: number; readonly length: number };

/**
 * One field of an access, defined once: how it is named, written, read and checked everywhere.
 * `T` is its value in a spec, `J` its value as a lesson file writes it.
 */
export interface AccessField<T, J = T> {
  readonly key: string;
  /** What Explore's form calls it. */
  readonly label: string;
  /** What it means, for the lesson schema and a field's help. */
  readonly description: string;
  readonly shape: FieldShape;
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
}

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

/** Keeps a field's value types: `T` in a spec, `J` in a lesson file. */
const defineField = <T, J = T>(field: AccessField<T, J>) => field;

function integer(key: string, label: string, description: string, min: number, max: number): AccessField<number> {
  return {
    key,
    label,
    description,
    shape: { kind: 'integer', min, max },
    parse: (text) => parseWhole(key, text, min, max),
    read: (value) =>
      typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
        ? ok(value)
        : fail(key, `must be a whole number from ${min} to ${max}`),
    write: String,
  };
}

/** A word list: entry `i` is lane `i`'s word, `-` (or nothing) an inactive lane. */
function parseWords(text: string): Result<(number | null)[]> {
  const entries = text.split(',');
  // A trailing comma (or several) after the last lane is no lane of its own.
  while (entries.length > WARP_SIZE && entries.at(-1)!.trim() === '') entries.pop();
  if (entries.length > WARP_SIZE)
    return fail('words', `a warp has ${WARP_SIZE} lanes, but ${entries.length} entries were given`);
  const words: (number | null)[] = [];
  for (const [lane, raw] of entries.entries()) {
    const entry = raw.trim();
    if (entry === '-' || entry === '') {
      words.push(null);
      continue;
    }
    const word = parseWhole(`words[${lane}]`, entry, 0, MAX_WORD_INDEX);
    if (!word.ok) return word;
    words.push(word.value);
  }
  return ok(words);
}

/** The layout a person may write: the tile layouts, and `padded`, one word of padding a row. */
export type WrittenLayout = (typeof LAYOUTS)[number] | 'padded';

function parseExpr(text: string): Result<string> {
  const parsed = parseIndexExpression(text);
  return parsed.ok ? ok(text) : parsed;
}

function parseLayout(text: string): Result<WrittenLayout> {
  return (LAYOUTS as readonly string[]).includes(text) || text === 'padded'
    ? ok(text as WrittenLayout)
    : fail('layout', `must be plain, padded or xor, not ${quote(text)}`);
}

/**
 * Every field an access can have, in the order forms show them. Each access kind names the ones it
 * uses (see accessKinds.ts); links, Explore's form, lesson files and the embed element all read
 * and write fields through these definitions, and no other.
 */
export const ACCESS_FIELDS = {
  cols: integer(
    'cols',
    `Useful columns (words of data per row, 1–${MAX_PITCH})`,
    'Useful words per row of the tile.',
    1,
    MAX_PITCH,
  ),
  pitch: integer(
    'pitch',
    'Row pitch: allocated words per row (at least the useful columns)',
    'Allocated words per row (at least cols): the row pitch.',
    1,
    MAX_PITCH,
  ),
  row: integer('row', `Row (0–${MAX_ROW})`, 'The row a row read reads.', 0, MAX_ROW),
  col: integer('col', 'Column (0 to useful columns − 1)', 'The column a column read reads.', 0, MAX_PITCH - 1),
  stride: integer(
    'stride',
    `Stride (0–${MAX_STRIDE})`,
    'Words between successive lanes of a strided read.',
    0,
    MAX_STRIDE,
  ),
  offset: integer(
    'offset',
    `Offset: first word (0–${MAX_WORD_INDEX})`,
    'The first word of a strided read; the word of a broadcast.',
    0,
    MAX_WORD_INDEX,
  ),
  words: defineField<readonly (number | null)[]>({
    key: 'words',
    label: 'Words, lane by lane (comma-separated, - for inactive)',
    description: 'Each lane’s word (null: inactive), for the list pattern.',
    shape: { kind: 'list', min: 0, max: MAX_WORD_INDEX, length: WARP_SIZE },
    parse: parseWords,
    read: (value) => {
      if (!Array.isArray(value) || value.length > WARP_SIZE)
        return fail('words', `must list at most ${WARP_SIZE} words`);
      return parseWords(value.map((w) => (w === null ? '-' : String(w))).join(','));
    },
    write: (words) => {
      const entries = words.map((w) => (w === null ? '-' : String(w)));
      while (entries.at(-1) === '-') entries.pop();
      return entries.join(',');
    },
  }),
  expr: defineField<string>({
    key: 'expr',
    label: 'Word of lane: a C integer expression over lane (+ − * / % & | ^ ~ << >>)',
    description: 'A C integer expression over lane, for the expr pattern.',
    shape: { kind: 'text', maxLength: 500 },
    parse: parseExpr,
    read: (value) => (typeof value === 'string' ? parseExpr(value) : fail('expr', 'must be an expression, as text')),
    write: (text) => text,
  }),
  lanes: integer('lanes', `Active lanes: the first N (1–${WARP_SIZE})`, 'The first N lanes are active.', 1, WARP_SIZE),
  mask: defineField<number, number | string>({
    key: 'mask',
    label: 'Active lanes, one by one',
    description: 'Active lanes as a bit mask (a number, or hex like 0xffff).',
    shape: { kind: 'mask' },
    parse: parseLaneMask,
    read: (value) =>
      typeof value === 'string'
        ? parseLaneMask(value)
        : typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 0xffffffff
          ? ok(value >>> 0)
          : fail('mask', 'must be a lane mask: a number, or hexadecimal like 0xffff'),
    write: (mask) => (mask >>> 0).toString(16),
  }),
  layout: defineField<WrittenLayout>({
    key: 'layout',
    label: 'Layout',
    description: 'padded: a pitch of cols + 1.',
    shape: { kind: 'choice', values: [...LAYOUTS, 'padded'] },
    // A form sets padding through the pitch, so it offers the layouts themselves.
    choices: [
      ['plain', 'Plain'],
      ['xor', 'XOR swizzle (over the useful columns)'],
    ],
    parse: parseLayout,
    read: (value) => (typeof value === 'string' ? parseLayout(value) : fail('layout', 'must be plain, padded or xor')),
    write: (layout) => layout,
  }),
} as const satisfies Record<AccessFieldKey, object>;

export { ACCESS_FIELD_KEYS, type AccessFieldKey };

/** An access's fields as a lesson file writes them (a mask as a number or hex text, `layout: padded` …). */
export type WrittenFields = {
  readonly [K in AccessFieldKey]?: NonNullable<(typeof ACCESS_FIELDS)[K]['written']>;
};
