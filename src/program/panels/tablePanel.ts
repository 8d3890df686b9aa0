import type { ReadyTable } from '../createProgram';
import { definePanelKind } from './definePanelKind';

/** One cell of the worked example at a moment: what it says, and whether the caption lights it. */
export interface TableCell {
  readonly lane: number;
  /** A word or bank, or `·` while its lane has not fired (or for a row revealed later). */
  readonly text: string;
  readonly lit: boolean;
}

/** One row of the worked example at a moment: `Word` or `Bank` of one access, and its cells. */
export interface TableRow {
  readonly kind: 'word' | 'bank';
  /** What the access's rows are called beside Word and Bank (`pitch 32`); empty: nothing. */
  readonly label: string;
  readonly reveal: 'live' | 'shown' | 'later';
  readonly cells: readonly TableCell[];
}

export interface TableRecord {
  readonly title: string;
  readonly lanes: number;
  readonly rows: readonly TableRow[];
  /** How words follow from lanes, when one rule says it. */
  readonly wordRule: string | null;
}

/**
 * The worked example: each access's words and banks for the first lanes. The scene's own rows fill
 * in as its lanes fire; a cell lights while the caption names its row (and lane).
 */
export const tablePanel = definePanelKind<ReadyTable, TableRecord>({
  kind: 'table',
  content: (entry) => entry.table,
  record: (table, { frame }) => {
    const named = frame.beat?.highlight?.table ?? [];
    const lanes = frame.beat?.highlight?.lanes;
    return {
      title: table.title,
      lanes: table.lanes,
      wordRule: table.wordRule,
      rows: table.accesses.flatMap((access) =>
        (['word', 'bank'] as const).map((kind) => ({
          kind,
          label: access.label,
          reveal: access.reveal,
          cells: (kind === 'word' ? access.words : access.banks).map((value, lane) => {
            const live = access.reveal === 'live';
            const fired = !live || (frame.lanes[lane]?.state ?? 'idle') !== 'idle';
            const text = access.reveal !== 'later' && value !== '' && fired ? value : '·';
            const lit = live && named.includes(kind) && (lanes === undefined || lanes.includes(lane));
            return { lane, text, lit };
          }),
        })),
      ),
    };
  },
});
