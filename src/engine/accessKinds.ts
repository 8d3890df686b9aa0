import { broadcastKind } from './kinds/broadcastKind';
import { columnKind } from './kinds/columnKind';
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
