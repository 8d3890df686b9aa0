import type { Container } from 'pixi.js';
import type { ProgramEntry } from '../program/createProgram';
import type { FramePanel } from '../stage/panels/framePanel';
import { getFrame } from '../timeline/getFrame';
import type { TimelinePlan } from '../timeline/planTimeline';
import { findPanelViews } from './findPanelViews';
import type { PanelMoment } from './panelKindDefinition';
import { preparePanel, waitsForAnswer, type PanelKind, type PanelRecords } from './panelKinds';

/** A panel's view in the frame: made from its first record, of a known height, drawing each later record. */
interface FrameView<K extends PanelKind> {
  readonly view: Container;
  readonly height: number;
  /** Where it may be cut between pages of a column too tall for the frame (see FramePanel). */
  readonly breaks?: readonly number[];
  /** A question asked of the room: its height while it is asked, and whether it is (see FramePanel). */
  readonly held?: { readonly height: number; now(): boolean };
  draw?(record: PanelRecords[K]): void;
}

type FrameViewClass<K extends PanelKind> = new (first: PanelRecords[K]) => FrameView<K>;

/** Each kind's frame view (`src/panels/<kind>/…FrameView.ts`): every kind has one. */
const FRAME_VIEWS = findPanelViews<FrameViewClass<PanelKind>>(
  import.meta.glob('./*/*FrameView.ts', { eager: true }),
  'FrameView',
  () => false,
);

function createFramePanel<K extends PanelKind>(kind: K, entry: ProgramEntry, plan: TimelinePlan): FramePanel | null {
  const record = preparePanel(kind, entry, plan.schedule);
  if (!record) return null;
  const View = FRAME_VIEWS[kind] as FrameViewClass<K>;
  const first = { frame: getFrame(plan, 0), plan, predicted: false, answer: null };
  const panel = new View(record(first));
  panel.view.label = kind;
  // The takeaways keep their room, undrawn until the answer to the scene's question is out (not
  // hidden: which panels a page shows is the column's to say, by their visibility).
  const follow = (moment: PanelMoment) => {
    panel.view.renderable = !waitsForAnswer(kind, entry, moment);
    panel.draw?.(record(moment));
  };
  follow(first);
  return {
    kind,
    view: panel.view,
    height: panel.height,
    breaks: panel.breaks,
    held: panel.held,
    update: follow,
  };
}

/**
 * The panels a scene shows in the composed frame, in its entry's order: its question first (unless
 * it places it), then the table, tile, code, quiz, references and notes it lists. Explore shows the
 * tile of its access.
 */
export function createFramePanels(entry: ProgramEntry, plan: TimelinePlan): FramePanel[] {
  return entry.panels.flatMap((kind) => createFramePanel(kind, entry, plan) ?? []);
}
