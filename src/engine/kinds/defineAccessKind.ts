import type { Access } from '../access';
import { isFactField, type AnyField, type FieldValues } from '../accessField';
import type { LaneMask } from '../activeLanes';
import type { KERNEL_FIELDS } from '../kernelFields';
import type { LANE_FIELDS } from '../laneFields';
import type { Result } from '../result';
import type { SharedArray } from '../sharedArray';
import type { ThreadBlock, ThreadIndex } from '../threadBlock';

/** What a kind knows of the warp's lanes when it builds their indices. */
export interface LaneContext {
  /** The active lanes: the spec's, inside the block, and giving an address (ldmatrix's first 8x). */
  readonly mask: LaneMask;
  /** Each lane's thread (`null` past the block). */
  readonly threads: readonly (ThreadIndex | null)[];
  readonly block: ThreadBlock;
  readonly warp: number;
  /** The shared array an expression may subscript; `null` when none is declared. */
  readonly array: SharedArray | null;
}

/** The fields every kind has: its active lanes, and the kernel's (type, block, operation …). */
export type CommonFields = readonly [...typeof LANE_FIELDS, ...typeof KERNEL_FIELDS];

/** What a kind reads of an access: its own fields and every kind's, by name. */
export type KindSpec<F extends readonly AnyField[]> = { readonly pattern: string } & FieldValues<F> &
  FieldValues<CommonFields>;

/**
 * One kind of access (a row read, a strided read, an index expression …), defined once with its
 * own parameters, as tldraw defines a shape with its props: everything the player needs to know of
 * it, from which links, Explore's form, lesson files, their checks and facts, and the embed
 * element's attributes are derived.
 */
export interface AccessKind<Id extends string = string, F extends readonly AnyField[] = readonly AnyField[]> {
  readonly id: Id;
  /** What Explore's pattern menu calls it. */
  readonly label: string;
  /**
   * Its own fields, in form order (the active lanes and the kernel's fields apply to every kind). A
   * field two kinds share is one definition (the tile's, the offset), so both read it alike.
   */
  readonly fields: F;
  /** The fields a link always writes; the others only when they differ from their default. */
  readonly linkFields: readonly F[number]['key'][];
  /** A link names this kind by giving this field, instead of `pattern=` (a word list by `words=`). */
  readonly namedBy?: F[number]['key'];
  /** Whether it reads a tile, so that columns, pitch and layout mean something and a tile can be shown. */
  readonly readsTile: boolean;
  /**
   * Each lane's index (in elements of the access's type) its spec describes, for the lanes of the
   * context; any bad field comes back as its error.
   */
  build(spec: KindSpec<F>, lanes: LaneContext): Result<Access>;
  /** The access in a few words, as a clip or Explore's title names it: "Column 0, pitch 33". */
  describe(spec: KindSpec<F>): string;
  /** Its own values as facts a lesson's narration may name (`{row}`, `{stride}` …): its numbers and texts. */
  facts(spec: KindSpec<F>): Readonly<Record<string, string>>;
  /** How a lane's word follows from the access, when one rule says it (the lesson's `word = lane × pitch`). */
  wordRule?(spec: KindSpec<F>): string | null;
  /** What the model knows of the rounds at every pitch, for a sweep across pitches; `null` for nothing. */
  pitchNote?(spec: KindSpec<F>, banks: number, wholeWarp: boolean): string | null;
}

/**
 * Defines an access kind from its parameters and behaviour; its facts follow from its fields (the
 * type keeps its id and its fields' keys literal, for the registry's union of ids and the spec's type).
 */
export const defineAccessKind = <const Id extends string, const F extends readonly AnyField[]>(
  kind: Omit<AccessKind<Id, F>, 'facts'>,
): AccessKind<Id, F> => ({
  ...kind,
  facts: (spec) =>
    Object.fromEntries(
      kind.fields.filter(isFactField).map((field) => [field.key, field.write(spec[field.key as keyof typeof spec])]),
    ),
});
