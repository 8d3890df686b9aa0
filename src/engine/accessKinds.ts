import { defineAccessRegistry } from './defineAccessRegistry';
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
 * all follow from its definition and its fields.
 */
export const ACCESS_KINDS = [rowKind, columnKind, strideKind, broadcastKind, listKind, exprKind] as const;

/** The player's kinds, with their fields merged; the default access is the lesson's opening column read. */
export const ACCESS_REGISTRY = defineAccessRegistry(ACCESS_KINDS, 'column');

export type Pattern = (typeof ACCESS_KINDS)[number]['id'];

export const PATTERNS: readonly Pattern[] = ACCESS_REGISTRY.patterns;

/** The definition of kind `id`. */
export const getAccessKind = (id: Pattern): AccessKind<Pattern> => ACCESS_REGISTRY.getKind(id);

export type { AccessKind };

/**
 * Every field an access can have, by key, in the order links and lesson schemas list them: the
 * kinds' own, the active lanes, then the kernel's. Links, Explore's form, lesson files and the
 * embed element all read and write fields through these definitions, and no other.
 */
export const ACCESS_FIELDS = ACCESS_REGISTRY.fields;

export const ACCESS_FIELD_KEYS = ACCESS_REGISTRY.keys;

export type AccessFieldKey = (typeof ACCESS_FIELD_KEYS)[number];

/** The fields an access of kind `id` uses, in form order: its own, then the kernel's. */
export const getKindFields = (id: Pattern): readonly AccessFieldKey[] => ACCESS_REGISTRY.getKindFields(id);
