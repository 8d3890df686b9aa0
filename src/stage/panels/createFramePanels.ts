import type { Container } from 'pixi.js';
import type { PanelKind } from '../../../scenes';
import type { ProgramEntry } from '../../program/createProgram';
import { preparePanel, type PanelRecords } from '../../program/panels/panelKinds';
import { getFrame } from '../../timeline/getFrame';
import type { TimelinePlan } from '../../timeline/planTimeline';
import { CodeFrameView } from './CodeFrameView';
import type { FramePanel } from './framePanel';
import { ListFrameView } from './ListFrameView';
import { QuestionFrameView } from './QuestionFrameView';
import { QuizFrameView } from './QuizFrameView';
import { TableFrameView } from './TableFrameView';
import { TileFrameView } from './TileFrameView';

/** A panel in the frame: its view, its height, and how it draws its kind's record at each moment. */
interface FrameView<K extends PanelKind> {
  readonly view: Container;
  readonly height: number;
  draw?(record: PanelRecords[K]): void;
}

/**
 * How the frame draws each kind of panel, from its record: one entry per kind, so a kind the frame
 * cannot draw does not compile. The page has the same table (ui/panels/panelViews).
 */
const FRAME_PANELS: { readonly [K in PanelKind]: (first: PanelRecords[K]) => FrameView<K> } = {
  table: (first) => new TableFrameView(first),
  tile: (first) => new TileFrameView(first),
  code: (first) => new CodeFrameView(first),
  quiz: (first) => new QuizFrameView(first),
  references: (first) => new ListFrameView([{ title: 'References', items: first.map((r) => [r.title, r.why]) }]),
  notes: (first) => new ListFrameView(first),
};

function createFramePanel<K extends PanelKind>(kind: K, entry: ProgramEntry, plan: TimelinePlan): FramePanel | null {
  const record = preparePanel(kind, entry, plan.schedule);
  if (!record) return null;
  const panel = FRAME_PANELS[kind](record({ frame: getFrame(plan, 0), plan }));
  return {
    view: panel.view,
    height: panel.height,
    update: panel.draw && (({ frame }) => panel.draw!(record({ frame, plan }) as PanelRecords[K])),
  };
}

/**
 * The panels a scene shows in the composed frame, in its data's order: its question first, then
 * the table, tile, code, quiz, references and notes. Explore shows the tile of its access.
 */
export function createFramePanels(entry: ProgramEntry, plan: TimelinePlan): FramePanel[] {
  const panels: FramePanel[] = [];
  if (entry.question && entry.id !== 'explore') panels.push(new QuestionFrameView(entry.question));
  const kinds: readonly PanelKind[] = entry.id === 'explore' ? ['tile'] : entry.panels;
  for (const kind of kinds) {
    const panel = createFramePanel(kind, entry, plan);
    if (panel) panels.push(panel);
  }
  return panels;
}
