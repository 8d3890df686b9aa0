import { broadcastKind } from './kinds/broadcastKind';
import { columnKind } from './kinds/columnKind';
import type { AccessFieldKey } from './accessFieldKeys';
import type { AccessKind } from './kinds/defineAccessKind';
import { exprKind } from './kinds/exprKind';
import { listKind } from './kinds/listKind';
import { rowKind } from './kinds/rowKind';
import { strideKind } from './kinds/strideKind';

/**
 * Every kind of access, in the order menus list them. Adding a kind is one file in `kinds/` and one
 * line here: links, Explore's form, lesson files, their checks and facts, and the embed element
 * all follow from its definition.
 */
export const ACCESS_KINDS = [rowKind, columnKind, strideKind, broadcastKind, listKind, exprKind] as const;

export type Pattern = (typeof ACCESS_KINDS)[number]['id'];

export const PATTERNS: readonly Pattern[] = ACCESS_KINDS.map((k) => k.id);

/** The definition of kind `id`. */
export const getAccessKind = (id: Pattern): AccessKind<Pattern> =>
  ACCESS_KINDS.find((k) => k.id === id) as AccessKind<Pattern>;

export type { AccessKind };

/**
 * The fields every kind has beyond its own, as a kernel sets them: what an index counts, the thread
 * block and warp, the operation, the shared array and its swizzle. Each takes the lesson's value
 * when left out (a float load by one warp, no array, no swizzle).
 */
export const KERNEL_FIELDS = [
  'type',
  'block',
  'warp',
  'op',
  'x',
  'shared',
  'swizzle',
] as const satisfies readonly AccessFieldKey[];

/** The fields an access of kind `id` uses, in form order: its own, then the kernel's. */
export const getKindFields = (id: Pattern): readonly AccessFieldKey[] => [
  ...getAccessKind(id).fields,
  ...KERNEL_FIELDS,
];
