import type { PanelKind } from '../../scenes';
import type { ProgramEntry } from '../program/createProgram';
import { preparePanel, type PanelMoment, type PanelRecords } from '../program/panels/panelKinds';
import type { PlayerSession } from '../session/PlayerSession';
import { getFrame, type FrameRecord } from '../timeline/getFrame';
import type { TimelinePlan } from '../timeline/planTimeline';
import { PAGE_PANELS } from './panels/panelViews';
import { revealInScroller } from './revealInScroller';

/** A scene's panel as the side panel keeps it: its kind, its element, and how it follows the clock. */
interface Panel {
  readonly kind: PanelKind;
  readonly element: HTMLElement;
  follow(moment: PanelMoment): void;
}

/** Prepares a scene's panel of one kind, drawn at the scene's first moment; `null`: nothing to show. */
function createPanel<K extends PanelKind>(
  kind: K,
  entry: ProgramEntry,
  plan: TimelinePlan,
  session: PlayerSession,
): Panel | null {
  const record = preparePanel(kind, entry, plan.schedule);
  if (!record) return null;
  // Drawn at the scene's start; the clock's first frame follows at once.
  const view = PAGE_PANELS[kind](record({ frame: getFrame(plan, 0), plan }), entry, session);
  return { kind, element: view.element, follow: (moment) => view.draw(record(moment) as PanelRecords[K]) };
}

/**
 * What a scene shows beside the stage, in the order its data lists: the worked example's table,
 * the tile in memory, a code listing, the try-it questions, references, notes.
 *
 * @remarks
 * The panel the caption on screen talks about is brought into view: beside the stage it scrolls
 * into the side panel's view; where the page has no room beside the stage (an upright phone) it
 * moves under the stage, above the caption, for as long as the caption shows, and goes back after.
 */
export class ScenePanelView {
  private panels: Panel[] = [];
  private entry: ProgramEntry | null = null;
  private pointed: Panel | null = null;
  private plan: TimelinePlan | null = null;
  private beat: number | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly session: PlayerSession,
    /** Under the stage, for the panel the caption talks about on a narrow screen. */
    private readonly underStage: HTMLElement,
    /** The side panel that scrolls, and whether the page has no room beside the stage. */
    private readonly aside: HTMLElement,
    private readonly narrow: () => boolean,
  ) {
    session.on('scene', ({ entry, plan }) => this.show(entry, plan));
    session.select(
      ({ mode }) => mode,
      (mode) => (this.root.hidden = mode === 'explore' || this.panels.length === 0),
    );
    session.on('frame', (frame) => this.update(frame));
  }

  private show(entry: ProgramEntry, plan: TimelinePlan): void {
    this.plan = plan;
    // A re-timed scene keeps its panels, and so the learner's answers in them.
    if (entry === this.entry) return;
    const first = this.entry === null;
    this.entry = entry;
    this.point(null);
    this.beat = null;
    this.panels = entry.panels.flatMap((kind) => createPanel(kind, entry, plan, this.session) ?? []);
    this.root.hidden = this.panels.length === 0;
    this.root.replaceChildren(...this.panels.map((p) => p.element));
    // A new scene starts at the top of the side panel, not where the last one was left. The first
    // starts there anyway, and setting it would lay the page out while it is still being built.
    if (!first) this.aside.scrollTop = 0;
  }

  /** Follows the clock: live panels fill in and light up what the beat names, which comes into view. */
  private update(frame: FrameRecord): void {
    // Placed first, so that a panel scrolling to what the beat names scrolls where it is shown.
    const beat = frame.beat?.index ?? null;
    if (beat !== this.beat) {
      this.beat = beat;
      this.point(this.panels.find((p) => p.kind === frame.beat?.panel) ?? null);
    }
    if (this.plan) for (const panel of this.panels) panel.follow({ frame, plan: this.plan });
  }

  private point(panel: Panel | null): void {
    const before = this.pointed;
    if (before && before !== panel) {
      before.element.classList.remove('is-pointed');
      // Back to its own place among the scene's panels.
      if (before.element.parentElement === this.underStage)
        this.root.insertBefore(before.element, this.panels[this.panels.indexOf(before) + 1]?.element ?? null);
    }
    this.pointed = panel;
    this.underStage.hidden = !(panel && this.narrow());
    if (!panel) return;
    panel.element.classList.add('is-pointed');
    if (this.narrow()) this.underStage.replaceChildren(panel.element);
    else if (before !== panel) revealInScroller(panel.element);
  }
}
