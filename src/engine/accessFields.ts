import { parseLaneMask } from './activeLanes';
import { MAX_WORD_INDEX } from './access';
import { WARP_SIZE } from './bankModel';
import { MAX_STRIDE } from './generators';
import { parseIndexExpression } from './indexExpression';
import { ACCESS_FIELD_KEYS, type AccessFieldKey } from './accessFieldKeys';
import { fail, ok, type Result } from './result';
import { ADDRESS_TRANSFORMS } from './addressTransforms';
import { LAYOUTS, MAX_PITCH, MAX_ROW } from './tileLayout';
import { ELEMENT_TYPES, getElementBytes, type ElementType } from './elementTypes';
import { KERNEL_GRAMMAR } from './indexExpression';
import { parseSharedArray } from './sharedArray';
import { parseSwizzle, writeSwizzle, type Swizzle } from './swizzle';
import { getBlockWarps, MAX_BLOCK_THREADS, parseBlock, writeBlock, type ThreadBlock } from './threadBlock';
import { MATRIX_COUNTS, type MatrixCount, type Operation } from './warpRequest';

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
  const parsed = parseIndexExpression(text, KERNEL_GRAMMAR);
  return parsed.ok ? ok(text) : parsed;
}

/** A field whose value is one of a few names, each offered with its label. */
function choice<T extends string>(
  key: string,
  label: string,
  description: string,
  choices: readonly (readonly [T, string])[],
): AccessField<T> {
  const values = choices.map(([value]) => value);
  // A long list (the element types) is named by its first few, so the message stays one line.
  const named =
    values.length > 8
      ? `one of ${values.slice(0, 6).join(', ')}… (${values.length} in all)`
      : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  const parse = (text: string): Result<T> =>
    (values as readonly string[]).includes(text) ? ok(text as T) : fail(key, `must be ${named}, not ${quote(text)}`);
  return {
    key,
    label,
    description,
    shape: { kind: 'choice', values },
    choices,
    parse,
    read: (value) => (typeof value === 'string' ? parse(value) : fail(key, `must be one of ${values.join(', ')}`)),
    write: (value) => value,
  };
}

/** A field written as text that its own parser reads into a value (a block's size, a swizzle). */
function textField<T>(
  key: string,
  label: string,
  description: string,
  maxLength: number,
  parse: (text: string) => Result<T>,
  write: (value: T) => string,
): AccessField<T, string | number> {
  return {
    key,
    label,
    description,
    shape: { kind: 'text', maxLength, numbers: key === 'block' },
    parse,
    read: (value) =>
      typeof value === 'string' || typeof value === 'number' ? parse(String(value)) : fail(key, 'must be text'),
    write,
  };
}

const TYPE_CHOICES = ELEMENT_TYPES.map(
  (type) => [type, `${type} (${getElementBytes(type)} byte${getElementBytes(type) === 1 ? '' : 's'})`] as const,
);

/** No swizzle is written as nothing (or `none`). */
function parseSwizzleField(text: string): Result<Swizzle | null> {
  return text.trim() === '' || text.trim() === 'none' ? ok(null) : parseSwizzle(text);
}

/** The declaration as written (checked), or nothing for none. */
function parseSharedField(text: string): Result<string> {
  if (text.trim() === '') return ok('');
  const parsed = parseSharedArray(text);
  return parsed.ok ? ok(text.trim()) : parsed;
}

/** `x`: how many matrices an `ldmatrix` loads. */
function parseMatrices(text: string): Result<MatrixCount> {
  const n = Number(text);
  return (MATRIX_COUNTS as readonly number[]).includes(n) && /^\s*[124]\s*$/.test(text)
    ? ok(n as MatrixCount)
    : fail('x', `must be 1, 2 or 4 (ldmatrix's .x1, .x2 or .x4), not ${quote(text)}`);
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
    `Useful columns (elements of data per row, 1–${MAX_PITCH})`,
    'Useful elements per row of the tile (words, for 4-byte types).',
    1,
    MAX_PITCH,
  ),
  pitch: integer(
    'pitch',
    'Row pitch: allocated elements per row (at least the useful columns)',
    'Allocated elements per row (at least cols): the row pitch.',
    1,
    MAX_PITCH,
  ),
  row: integer('row', `Row (0–${MAX_ROW})`, 'The row a row read reads.', 0, MAX_ROW),
  col: integer('col', 'Column (0 to useful columns − 1)', 'The column a column read reads.', 0, MAX_PITCH - 1),
  stride: integer(
    'stride',
    `Stride (0–${MAX_STRIDE})`,
    'Elements between successive lanes of a strided read.',
    0,
    MAX_STRIDE,
  ),
  offset: integer(
    'offset',
    `Offset: first element (0–${MAX_WORD_INDEX})`,
    'The first element of a strided read; the element of a broadcast.',
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
    choices: LAYOUTS.map((id) => [id, ADDRESS_TRANSFORMS[id].label] as const),
    parse: parseLayout,
    read: (value) => (typeof value === 'string' ? parseLayout(value) : fail('layout', 'must be plain, padded or xor')),
    write: (layout) => layout,
  }),
  type: choice<ElementType>(
    'type',
    'Element type',
    'The type of each element an index counts: 1, 2, 4, 8 or 16 bytes.',
    TYPE_CHOICES,
  ),
  block: textField<ThreadBlock>(
    'block',
    `Thread block: X, XxY or XxYxZ threads (at most ${MAX_BLOCK_THREADS})`,
    'The thread block, as X, XxY or XxYxZ (like 32x8); threadIdx follows from it.',
    20,
    parseBlock,
    writeBlock,
  ),
  warp: integer(
    'warp',
    `Warp of the block (0–${getBlockWarps({ x: MAX_BLOCK_THREADS, y: 1, z: 1 }) - 1})`,
    'Which warp of the block makes the access (threads 32·warp to 32·warp + 31).',
    0,
    getBlockWarps({ x: MAX_BLOCK_THREADS, y: 1, z: 1 }) - 1,
  ),
  op: choice<Operation>('op', 'Operation', 'A load, a store, or ldmatrix’s row loads.', [
    ['load', 'Load'],
    ['store', 'Store'],
    ['ldmatrix', 'ldmatrix (8×8 matrices of 16-bit elements)'],
  ]),
  x: defineField<MatrixCount, number | string>({
    key: 'x',
    label: 'Matrices per ldmatrix (.x1, .x2, .x4)',
    description: 'How many 8×8 matrices one ldmatrix loads: 1, 2 or 4.',
    shape: { kind: 'choice', values: MATRIX_COUNTS.map(String) },
    choices: MATRIX_COUNTS.map((n) => [String(n), `.x${n}`] as const),
    parse: parseMatrices,
    read: (value) =>
      typeof value === 'number' || typeof value === 'string'
        ? parseMatrices(String(value))
        : fail('x', 'must be 1, 2 or 4'),
    write: String,
  }),
  shared: textField<string>(
    'shared',
    'Shared array, as the kernel declares it (like float tile[32][33])',
    'A __shared__ array declaration; an expr may subscript it, and it sets the element type.',
    200,
    parseSharedField,
    (text) => text,
  ),
  swizzle: textField<Swizzle | null>(
    'swizzle',
    `Swizzle B,M,S (${ADDRESS_TRANSFORMS.swizzle.label}; empty for none)`,
    'CuTe’s Swizzle<B,M,S> applied to each element offset, as B,M,S.',
    12,
    parseSwizzleField,
    (s) => (s ? writeSwizzle(s) : ''),
  ),
} as const satisfies Record<AccessFieldKey, object>;

export { ACCESS_FIELD_KEYS, type AccessFieldKey };

/** An access's fields as a lesson file writes them (a mask as a number or hex text, `layout: padded` …). */
export type WrittenFields = {
  readonly [K in AccessFieldKey]?: NonNullable<(typeof ACCESS_FIELDS)[K]['written']>;
};
