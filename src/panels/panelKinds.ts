import type { Scene } from '../../scenes';
import type { Schedule } from '../engine';
import type { ProgramEntry } from '../program/createProgram';
import { codePanel } from './code/codePanel';
import type { PanelMoment } from './panelKindDefinition';
import { notesPanel } from './notes/notesPanel';
import { questionPanel } from './question/questionPanel';
import { quizPanel } from './quiz/quizPanel';
import { referencesPanel } from './references/referencesPanel';
import { tablePanel } from './table/tablePanel';
import { tilePanel } from './tile/tilePanel';

/**
 * Every kind of panel, by kind: the one list a new kind joins. Its folder (`src/panels/<kind>/`)
 * holds its definition, its page view (`…PageView.ts`) and its frame view (`…FrameView.ts`).
 *
 * @remarks
 * The lesson schema's panel names, the lesson checks and both views' tables are read from here;
 * the views are found by their folder (see pagePanels and framePanels), which check at load that
 * every kind listed here has them.
 */
export const PANEL_KINDS = {
  question: questionPanel,
  table: tablePanel,
  tile: tilePanel,
  code: codePanel,
  quiz: quizPanel,
  references: referencesPanel,
  notes: notesPanel,
};

export type PanelKind = keyof typeof PANEL_KINDS;

/** The kinds' names, as a lesson file writes them. */
export const PANEL_KIND_NAMES = Object.keys(PANEL_KINDS) as PanelKind[];

/** What each kind of panel records at a moment. */
export type PanelRecords = { [K in PanelKind]: ReturnType<(typeof PANEL_KINDS)[K]['record']> };

/**
 * The panels a scene shows, in order: those it lists, after its question when it asks one and does
 * not place it among them.
 */
export function getScenePanels(scene: Pick<Scene, 'panels' | 'question'>): readonly PanelKind[] {
  const listed = scene.panels ?? [];
  return scene.question && !listed.includes('question') ? ['question', ...listed] : listed;
}

/**
 * A scene's panel of one kind, ready to follow the clock: its record at any moment, or `null` when
 * the scene has nothing for that kind (a table panel with no table).
 */
export function preparePanel<K extends PanelKind>(
  kind: K,
  entry: ProgramEntry,
  schedule: Schedule,
): ((moment: PanelMoment) => PanelRecords[K]) | null {
  // Each kind's content and record agree by its own definition; the table's type cannot say so per key.
  const definition = PANEL_KINDS[kind] as unknown as {
    content(entry: ProgramEntry, schedule: Schedule): unknown;
    record(content: unknown, moment: PanelMoment): PanelRecords[K];
  };
  const content = definition.content(entry, schedule);
  return content === null ? null : (moment) => definition.record(content, moment);
}

export type { PanelMoment };
