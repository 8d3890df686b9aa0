import type { PanelKindDefinition } from '../panelKindDefinition';
import { prepareTable, type ReadyTable } from './prepareTable';

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
  /** The row's name: `Word` or `Bank`. */
  readonly name: string;
  /** What the access's rows are called beside their name (`pitch 32`); empty: nothing. */
  readonly label: string;
  /** The name and label in one short line (`Word, p 32`), for a narrow column of row names. */
  readonly short: string;
  readonly reveal: 'live' | 'shown' | 'later';
  readonly cells: readonly TableCell[];
}

export interface TableRecord {
  readonly title: string;
  /** The heading of the column of row names, and of each lane's column (`L0` …). */
  readonly laneHeading: string;
  readonly lanes: readonly string[];
  readonly rows: readonly TableRow[];
  /** The most characters any cell of the table shows at any moment, so a view can size its columns once. */
  readonly cellChars: number;
  /** How to read the table: how words follow from lanes, banks from words, and what a dot means. */
  readonly note: string;
}

const NAMES = { word: 'Word', bank: 'Bank' } as const;

/**
 * The worked example: each access's words and banks for the first lanes. The scene's own rows fill
 * in as its lanes fire; a cell lights while the caption names its row (and lane).
 */
export const tablePanel: PanelKindDefinition<ReadyTable, TableRecord> = {
  content: prepareTable,
  record: (table, { frame }) => {
    const highlighted = frame.beat?.highlight?.table ?? [];
    const lanes = frame.beat?.highlight?.lanes;
    return {
      title: table.title,
      laneHeading: 'Lane',
      lanes: Array.from({ length: table.lanes }, (_, lane) => `L${lane}`),
      cellChars: Math.max(1, ...table.accesses.flatMap((a) => [...a.words, ...a.banks].map((text) => text.length))),
      note: `${table.wordRule ?? 'Word: the word each lane reads'}; bank = word mod the number of banks. A dot: not read yet.`,
      rows: table.accesses.flatMap((access) => {
        const beat = frame.beat?.index ?? -1;
        // A row kept for later fills once a caption names its access, and lights while one does.
        const named = access.namedBy.includes(beat);
        const revealed = access.reveal !== 'later' || (access.namedBy.length > 0 && beat >= access.namedBy[0]);
        return (['word', 'bank'] as const).map((kind) => ({
          kind,
          name: NAMES[kind],
          label: access.label,
          short: access.label === '' ? NAMES[kind] : `${NAMES[kind]}, ${access.label.replace(/^pitch /, 'p ')}`,
          reveal: access.reveal,
          cells: (kind === 'word' ? access.words : access.banks).map((value, lane) => {
            const live = access.reveal === 'live';
            const fired = !live || (frame.lanes[lane]?.state ?? 'idle') !== 'idle';
            const text = revealed && value !== '' && fired ? value : '·';
            const pointed = highlighted.includes(kind) && (lanes === undefined || lanes.includes(lane));
            // A dot has nothing to point at: a row lights once it holds its numbers.
            const lit = (live || (named && access.reveal === 'later')) && pointed && text !== '·';
            return { lane, text, lit };
          }),
        }));
      }),
    };
  },
  contentKey: 'table',
  lacks: (scene) => (scene.table ? null : "the table panel needs the scene's table"),
};
