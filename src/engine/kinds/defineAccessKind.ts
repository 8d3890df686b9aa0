import type { Access } from '../access';
import type { AccessFieldKey } from '../accessFieldKeys';
import type { LaneMask } from '../activeLanes';
import type { AccessSpec } from '../accessSpec';
import type { Result } from '../result';

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
  /** The access its spec describes, for the lanes of `mask`; any bad field comes back as its error. */
  build(spec: AccessSpec, mask: LaneMask): Result<Access>;
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
