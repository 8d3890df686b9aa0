import type { PanelKind } from '../../../scenes';
import type { ProgramEntry } from '../../program/createProgram';
import type { PanelRecords } from '../../program/panels/panelKinds';
import type { PlayerSession } from '../../session/PlayerSession';
import { CodePanelView } from './CodePanelView';
import { createNotesPanel } from './createNotesPanel';
import { createQuizPanel } from './createQuizPanel';
import { createReferencesPanel } from './createReferencesPanel';
import { createTilePanel } from './createTilePanel';
import { TablePanelView } from './TablePanelView';

/** A panel in the page: its element, and how it draws its kind's record at each moment. */
export interface PagePanel<K extends PanelKind> {
  readonly element: HTMLElement;
  draw(record: PanelRecords[K]): void;
}

const still = (element: HTMLElement) => ({ element, draw: () => {} });

/**
 * How the page draws each kind of panel, from its record: one entry per kind, so a kind the page
 * cannot draw does not compile. The frame has the same table (stage/panels/framePanels).
 */
export const PAGE_PANELS: {
  readonly [K in PanelKind]: (first: PanelRecords[K], entry: ProgramEntry, session: PlayerSession) => PagePanel<K>;
} = {
  table: (first) => new TablePanelView(first),
  tile: (first) => still(createTilePanel(first)),
  code: (first) => new CodePanelView(first),
  // The questions are answered in the page: the answers are the session's, not the clock's.
  quiz: (_, entry, session) => still(createQuizPanel(entry, session)),
  references: (first) => still(createReferencesPanel(first)),
  notes: (first) => still(createNotesPanel(first)),
};
