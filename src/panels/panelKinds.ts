import type { Scene } from '../../scenes/lessonSchema';
import { PANEL_KIND_NAMES, type PanelKind } from '../../scenes/panelKindNames';
import type { Schedule } from '../engine';
import type { ProgramEntry } from '../program/createProgram';
import { codePanel } from './code/codePanel';
import { isAnswerOut, type PanelKindDefinition, type PanelMoment } from './panelKindDefinition';
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
  // The names are the lesson format's (PANEL_KIND_NAMES, in scenes/panelKindNames.ts): exactly these keys.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own content and record types
} satisfies { [K in PanelKind]: PanelKindDefinition<any, unknown> };

export { PANEL_KIND_NAMES, type PanelKind };

/** What each kind of panel records at a moment. */
export type PanelRecords = { [K in PanelKind]: ReturnType<(typeof PANEL_KINDS)[K]['record']> };

/**
 * The panels a scene shows, in order: those it lists, after its question when it asks one and does
 * not place it among them, and then any whose content it gives without listing it, so a lesson's
 * quiz (or table, or code) is never silently left out for want of `panels: [quiz]`.
 */
export function getScenePanels(scene: Pick<Scene, 'panels' | 'question'> & Partial<Scene>): readonly PanelKind[] {
  const listed = scene.panels ?? [];
  const brought = PANEL_KIND_NAMES.filter((kind) => {
    const key = PANEL_KINDS[kind].contentKey;
    return key !== undefined && scene[key] !== undefined && !listed.includes(kind);
  });
  const question = scene.question && !listed.includes('question') ? (['question'] as const) : [];
  return [...question, ...listed, ...brought];
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

/** Whether a scene's panel of `kind` waits for the answer to the scene's question at `moment`. */
export function waitsForAnswer(kind: PanelKind, entry: ProgramEntry, moment: PanelMoment): boolean {
  return PANEL_KINDS[kind].concludes === true && entry.asksQuestion && !isAnswerOut(moment);
}

export type { PanelMoment };
