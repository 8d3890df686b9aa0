import { choiceField, integerField, textField, type AnyField, type SpecParts } from './accessField';
import { ADDRESS_TRANSFORMS } from './addressTransforms';
import { DEFAULT_ELEMENT_TYPE, ELEMENT_TYPES, getElementBytes, type ElementType } from './elementTypes';
import { OPERATIONS, type Operation } from './operations';
import { ok, type Result } from './result';
import { parseSharedArray } from './sharedArray';
import { parseSwizzle, writeSwizzle, type Swizzle } from './swizzle';
import { DEFAULT_BLOCK, getBlockWarps, MAX_BLOCK_THREADS, parseBlock, writeBlock } from './threadBlock';

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

/**
 * The type an access's indices count when it names none: its shared array's, else the elements its
 * operation moves (ldmatrix's halves, a load's 4-byte words).
 */
function getDefaultType(spec: SpecParts): ElementType {
  const shared = spec.shared;
  if (typeof shared === 'string' && shared.trim() !== '') {
    const array = parseSharedArray(shared);
    if (array.ok) return array.value.type;
  }
  return (OPERATIONS.find((o) => o.id === spec.op) ?? OPERATIONS[0]).elementType;
}

/** Items of a sentence: "a, b, or c". */
const listOf = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')}, or ${items.at(-1)}`;

const summaries = listOf(OPERATIONS.map((o) => o.summary));
const LAST_WARP = getBlockWarps({ x: MAX_BLOCK_THREADS, y: 1, z: 1 }) - 1;

/** Every operation's own fields (ldmatrix's matrix count), each once, in the table's order. */
const OPERATION_FIELDS = [
  ...new Set<AnyField>(OPERATIONS.flatMap((o) => o.fields)),
] as unknown as (typeof OPERATIONS)[number]['fields'];

/**
 * The fields every kind has beyond its own, as a kernel sets them: what an index counts, the thread
 * block and warp, the operation (and the fields its operations read), the shared array and its
 * swizzle. Each takes the lesson's value when left out (a float load by one warp, no array, no
 * swizzle).
 */
export const KERNEL_FIELDS = [
  choiceField<ElementType, 'type'>({
    key: 'type',
    label: 'Element type',
    description:
      'The type of each element an index counts: 1, 2, 4, 8 or 16 bytes (by default the shared array’s, else half for ldmatrix and float for the others).',
    choices: ELEMENT_TYPES.map(
      (type) => [type, `${type} (${getElementBytes(type)} byte${getElementBytes(type) === 1 ? '' : 's'})`] as const,
    ),
    default: DEFAULT_ELEMENT_TYPE,
    follows: getDefaultType,
  }),
  textField({
    key: 'block',
    label: `Thread block: X, XxY or XxYxZ threads (at most ${MAX_BLOCK_THREADS})`,
    description: 'The thread block, as X, XxY or XxYxZ (like 32x8); threadIdx follows from it.',
    maxLength: 20,
    numbers: true,
    default: DEFAULT_BLOCK,
    parse: parseBlock,
    write: writeBlock,
  }),
  integerField({
    key: 'warp',
    label: `Warp of the block (0–${LAST_WARP})`,
    description: 'Which warp of the block makes the access (threads 32·warp to 32·warp + 31).',
    min: 0,
    max: LAST_WARP,
    default: 0,
  }),
  choiceField<Operation, 'op'>({
    key: 'op',
    label: 'Operation',
    description: `${summaries[0].toUpperCase()}${summaries.slice(1)}.`,
    choices: OPERATIONS.map((o) => [o.id, o.label] as const),
    default: OPERATIONS[0].id,
  }),
  ...OPERATION_FIELDS,
  textField({
    key: 'shared',
    label: 'Shared array, as the kernel declares it (like float tile[32][33])',
    description: 'A __shared__ array declaration; an expr may subscript it, and it sets the element type.',
    maxLength: 200,
    default: '',
    parse: parseSharedField,
    write: (text) => text,
  }),
  textField<Swizzle | null, 'swizzle'>({
    key: 'swizzle',
    label: `Swizzle B,M,S (${ADDRESS_TRANSFORMS.swizzle.label}; empty for none)`,
    description: 'CuTe’s Swizzle<B,M,S> applied to each element offset, as B,M,S.',
    maxLength: 12,
    default: null,
    parse: parseSwizzleField,
    write: (s) => (s ? writeSwizzle(s) : ''),
  }),
] as const;
