import type { Access } from './access';
import type { SpecParts, WrittenValues } from './accessField';
import { ACCESS_KINDS, ACCESS_REGISTRY, getAccessKind, type AccessFieldKey, type Pattern } from './accessKinds';
import type { SpecOf } from './defineAccessRegistry';
import { createKindAccess } from './createKindRequest';
import type { CommonFields } from './kinds/defineAccessKind';
import type { Result } from './result';
import { createTileLayout, type TileLayout } from './tileLayout';
import type { WarpRequest } from './warpRequest';

export { getLaneContext, getSpecMask, getSpecType, getSpecWarnings } from './createKindRequest';
export type { Pattern };

/**
 * An access as a person describes it: a pattern and its parameters, named as the URL, Explore's
 * form and lesson files name them. One flat record: every field of every kind (each described by
 * its definition in the kind that reads it), the active lanes, and the kernel's fields.
 */
export type AccessSpec = SpecOf<typeof ACCESS_KINDS>;

/** The lesson's opening puzzle: a column read of a 32 × 32 tile. */
export const DEFAULT_ACCESS_SPEC: AccessSpec = ACCESS_REGISTRY.defaults;

/**
 * A whole spec from the parts a person wrote: what is left out takes the default, and a tile's
 * columns and pitch follow each other (columns: 32, or the pitch when smaller; pitch: the columns).
 */
export const createSpec = (parts: Partial<AccessSpec>): AccessSpec => ACCESS_REGISTRY.createSpec(parts);

/** Whether the pattern reads a tile, so that columns, pitch and layout mean something. */
export const readsTile = (pattern: Pattern) => getAccessKind(pattern).readsTile;

/** The tile a row or column read reads; `null` for patterns that read no tile. */
export function getSpecTile(spec: AccessSpec): Result<TileLayout> | null {
  return readsTile(spec.pattern) ? createTileLayout(spec) : null;
}

/**
 * Builds the access a spec describes; any bad field comes back as its error.
 *
 * @remarks
 * A word list honours the active lanes too: a lane left out of `mask` (or past `lanes`) reads
 * nothing, whatever word the list gives it.
 */
export const createSpecAccess = (spec: AccessSpec): Result<Access> =>
  createKindAccess(getAccessKind(spec.pattern), spec);

/**
 * The wider model's request a spec describes: the kind's indices, checked against the shared
 * array, swizzled, and turned into each lane's bytes and words; any bad field comes back as its error.
 */
export const createSpecRequest = (spec: AccessSpec): Result<WarpRequest> => ACCESS_REGISTRY.createRequest(spec);

/** An access's fields as a lesson file writes them (a mask as a number or hex text, `layout: padded` …). */
export type WrittenFields = WrittenValues<
  readonly ((typeof ACCESS_KINDS)[number]['fields'][number] | CommonFields[number])[]
>;

/**
 * Reads an access from a lesson file's object (already checked against the lesson schema): every
 * field through its own definition, so a lesson and a link can never read one differently.
 */
export const readWrittenSpec = (value: SpecParts): Result<AccessSpec> => ACCESS_REGISTRY.readWritten(value);

/** Whether a spec's field holds the value it would take if left out (so a link may leave it out). */
export const isDefaultField = (spec: AccessSpec, key: AccessFieldKey): boolean => ACCESS_REGISTRY.isDefault(spec, key);
