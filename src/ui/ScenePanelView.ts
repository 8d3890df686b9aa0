import { createPagePanel } from '../panels/pagePanels';
import { preparePanel, waitsForAnswer, type PanelKind, type PanelMoment } from '../panels/panelKinds';
import type { ProgramEntry } from '../program/createProgram';
import type { PlayerSession } from '../session/PlayerSession';
import { getFrame, type FrameRecord } from '../timeline/getFrame';
import type { TimelinePlan } from '../timeline/planTimeline';
import { getPrediction, type Prediction } from './getPrediction';
import { revealInScroller } from './revealInScroller';

/** A scene's panel as the side panel keeps it: its kind, its element, and how it follows the clock. */
interface Panel {
  readonly kind: PanelKind;
  readonly element: HTMLElement;
  follow(moment: PanelMoment): void;
}

/**
 * Prepares a scene's panel of one kind, drawn at the scene's first moment; `null`: nothing to show
 * here (the scene has nothing for it, or the page shows that kind elsewhere).
 */
function createPanel<K extends PanelKind>(
  kind: K,
  entry: ProgramEntry,
  plan: TimelinePlan,
  session: PlayerSession,
  prediction: Prediction,
): Panel | null {
  const record = preparePanel(kind, entry, plan.schedule);
  if (!record) return null;
  // Drawn at the scene's start; the clock's first frame follows at once.
  const first = { frame: getFrame(plan, 0), plan, ...prediction };
  const view = createPagePanel(kind, record(first), { entry, session });
  if (!view) return null;
  // The takeaways wait for the answer to the scene's question, which they would give beside it.
  const follow = (moment: PanelMoment) => {
    const waits = waitsForAnswer(kind, entry, moment);
    if (view.element.hidden !== waits) view.element.hidden = waits;
    view.draw?.(record(moment));
  };
  follow(first);
  return { kind, element: view.element, follow };
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
  private scene: { entry: ProgramEntry; plan: TimelinePlan } | null = null;
  private beat: number | null = null;
  private prediction: Prediction = { predicted: false, answer: null };
  /** Explore shows its access's tile in a panel of its own: this one shows nothing meanwhile. */
  private exploring = false;
  private shownOnce = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly session: PlayerSession,
    /** Under the stage, for the panel the caption talks about on a narrow screen. */
    private readonly underStage: HTMLElement,
    /** The side panel that scrolls, and whether the page has no room beside the stage. */
    private readonly aside: HTMLElement,
    private readonly narrow: () => boolean,
  ) {
    // The mode first: a listener added late hears at once what is on now, and Explore's entry is not shown.
    session.select(
      ({ stage }) => stage,
      (stage) => {
        this.exploring = stage !== 'lesson';
        this.show();
      },
    );
    session.on('scene', (scene) => {
      this.scene = scene;
      this.show();
    });
    // An answer given moves the clock (the frame is news before the state is): panels follow either.
    session.select(
      ({ context }) => {
        const { predicted, answer } = getPrediction(context);
        return [predicted, answer] as const;
      },
      ([predicted, answer], { frame }) => {
        this.prediction = { predicted, answer };
        this.update(frame);
      },
    );
    session.on('frame', (frame) => {
      this.prediction = getPrediction(session.getSnapshot().context);
      this.update(frame);
    });
  }

  /**
   * Shows the panels of the lesson's scene on stage, made once per scene; none in Explore, whose own
   * panel shows its access's tile (a hidden one here, first in the page, would hide the hatching
   * pattern both tiles name by one id).
   */
  private show(): void {
    const entry = this.exploring ? null : (this.scene?.entry ?? null);
    // A re-timed scene keeps its panels, and so the learner's answers in them.
    if (entry !== this.entry) {
      const first = !this.shownOnce;
      this.shownOnce = true;
      this.entry = entry;
      this.point(null);
      this.beat = null;
      this.panels = entry
        ? entry.panels.flatMap(
            (kind) => createPanel(kind, entry, this.scene!.plan, this.session, this.prediction) ?? [],
          )
        : [];
      this.root.replaceChildren(...this.panels.map((p) => p.element));
      // A new scene starts at the top of the side panel, not where the last one was left. The first
      // starts there anyway, and setting it would lay the page out while it is still being built.
      if (!first) this.aside.scrollTop = 0;
    }
    this.root.hidden = this.panels.length === 0;
  }

  /** Follows the clock: live panels fill in and light up what the beat names, which comes into view. */
  private update(frame: FrameRecord): void {
    // Placed first, so that a panel scrolling to what the beat names scrolls where it is shown.
    const beat = frame.beat?.index ?? null;
    if (beat !== this.beat) {
      this.beat = beat;
      this.point(this.panels.find((p) => p.kind === frame.beat?.panel) ?? null);
    }
    if (!this.scene || !this.entry) return;
    const moment = { frame, plan: this.scene.plan, ...this.prediction };
    for (const panel of this.panels) panel.follow(moment);
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
