import type { PanelKind } from '../../../scenes';
import { codePanel, type CodeRecord } from './codePanel';
import type { PanelKindDefinition, PanelMoment } from './definePanelKind';
import type { Schedule } from '../../engine';
import type { ProgramEntry } from '../createProgram';
import { notesPanel, referencesPanel } from './listPanels';
import { quizPanel, type QuizRecord } from './quizPanel';
import { tablePanel, type TableRecord } from './tablePanel';
import { tilePanel, type TileRecord } from './tilePanel';
import type { Notes, Reference } from '../../../scenes';

/** What each kind of panel records at a moment. */
export interface PanelRecords {
  table: TableRecord;
  tile: TileRecord;
  code: CodeRecord;
  quiz: QuizRecord;
  references: readonly Reference[];
  notes: readonly Notes[];
}

/**
 * Every kind of panel, by kind. The page (ui/panels) and the frame (stage/panels) each keep a
 * `Record<PanelKind, …>` of how they draw these records, so a kind missing from either does not
 * compile.
 */
export const PANEL_KINDS: { readonly [K in PanelKind]: PanelKindDefinition<never, PanelRecords[K]> } = {
  table: tablePanel as PanelKindDefinition<never, TableRecord>,
  tile: tilePanel as PanelKindDefinition<never, TileRecord>,
  code: codePanel as PanelKindDefinition<never, CodeRecord>,
  quiz: quizPanel as PanelKindDefinition<never, QuizRecord>,
  references: referencesPanel as PanelKindDefinition<never, readonly Reference[]>,
  notes: notesPanel as PanelKindDefinition<never, readonly Notes[]>,
};

/**
 * A scene's panel of one kind, ready to follow the clock: its record at any moment, or `null` when
 * the scene has nothing for that kind (a table panel with no table).
 */
export function preparePanel<K extends PanelKind>(
  kind: K,
  entry: ProgramEntry,
  schedule: Schedule,
): ((moment: PanelMoment) => PanelRecords[K]) | null {
  const definition = PANEL_KINDS[kind];
  const content = definition.content(entry, schedule);
  return content === null ? null : (moment) => definition.record(content, moment);
}

export type { PanelMoment };
