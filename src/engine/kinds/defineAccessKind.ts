import type { Access } from '../access';
import type { AccessFieldKey } from '../accessFieldKeys';
import type { LaneMask } from '../activeLanes';
import type { AccessSpec } from '../accessSpec';
import type { Result } from '../result';
import type { SharedArray } from '../sharedArray';
import type { ThreadBlock, ThreadIndex } from '../threadBlock';

/** What a kind knows of the warp's lanes when it builds their indices. */
export interface LaneContext {
  /** The active lanes: the spec's, inside the block, and (for `ldmatrix`) giving a row address. */
  readonly mask: LaneMask;
  /** Each lane's thread (`null` past the block). */
  readonly threads: readonly (ThreadIndex | null)[];
  readonly block: ThreadBlock;
  readonly warp: number;
  /** The shared array an expression may subscript; `null` when none is declared. */
  readonly array: SharedArray | null;
}

/**
 * One kind of access (a row read, a strided read, an index expression …), defined once: everything
 * the player needs to know of it, from which every reader of accesses is derived.
 */
export interface AccessKind<Id extends string = string> {
  readonly id: Id;
  /** What Explore's pattern menu calls it. */
  readonly label: string;
  /** The fields it reads, in form order (the active lanes, `lanes` and `mask`, apply to every kind). */
  readonly fields: readonly AccessFieldKey[];
  /** The fields a link always writes; the others only when they differ from their default. */
  readonly linkFields: readonly AccessFieldKey[];
  /** A link names this kind by giving this field, instead of `pattern=` (a word list by `words=`). */
  readonly namedBy?: AccessFieldKey;
  /** Whether it reads a tile, so that columns, pitch and layout mean something and a tile can be shown. */
  readonly readsTile: boolean;
  /**
   * Each lane's index (in elements of the access's type) its spec describes, for the lanes of the
   * context; any bad field comes back as its error.
   */
  build(spec: AccessSpec, lanes: LaneContext): Result<Access>;
  /** The access in a few words, as a clip or Explore's title names it: "Column 0, pitch 33". */
  describe(spec: AccessSpec): string;
  /** Its own values as facts a lesson's narration may name: `{row}`, `{stride}` … */
  facts(spec: AccessSpec): Readonly<Record<string, string>>;
  /** How a lane's word follows from the access, when one rule says it (the lesson's `word = lane × pitch`). */
  wordRule?(spec: AccessSpec): string | null;
  /** What the model knows of the rounds at every pitch, for a sweep across pitches; `null` for nothing. */
  pitchNote?(spec: AccessSpec, banks: number, wholeWarp: boolean): string | null;
}

/** Defines an access kind (the type keeps its id a literal, for the registry's union of ids). */
export const defineAccessKind = <const Id extends string>(kind: AccessKind<Id>): AccessKind<Id> => kind;
