import { Container } from 'pixi.js';
import type { ProgramEntry } from '../../program/createProgram';
import type { TimelinePlan } from '../../timeline/planTimeline';
import { PANEL_ROOM, PANEL_WIDTH, PANEL_X, STAGE_HEIGHT } from '../stageGeometry';
import { createFramePanels } from '../../panels/framePanels';
import type { PanelMoment } from '../../panels/panelKindDefinition';
import type { FramePanel } from './framePanel';
import { getPageHeight, planFramePages, type FramePages, type PageSlice } from './planFramePages';

const PANEL_TOP = 40;
const PANEL_HEIGHT = STAGE_HEIGHT - 2 * PANEL_TOP;
const PANEL_GAP = 36;
/** Panels are drawn as wide as the column's room: a page holds what fits at that size. */
const FIT = PANEL_ROOM / PANEL_WIDTH;
const ROOM = PANEL_HEIGHT / FIT;

/**
 * The scene's panels in a column beside the stage, in a composed frame (presenting, snapshots, clips).
 *
 * @remarks
 * The column is always as wide as its room, at a size a room can read. Panels that do not fit its
 * height together are shown a page at a time (see {@link planFramePages}): the page of the panel the
 * caption points at, so what the caption talks about is always there and legible. A question the
 * room is asked stays at the top of every page until it is answered, then takes its place among the
 * others. Which page shows is a function of the beat, so seeking draws what playing draws.
 */
export class FramePanelColumn {
  readonly view = new Container({ label: 'panels' });
  private panels: FramePanel[] = [];
  /** The pages with the question held at the top (while it is asked), and with every panel in the flow. */
  private asking: FramePages | null = null;
  private flowing: FramePages = { pages: [], byBeat: [] };
  private held: FramePanel | null = null;
  private shown = '';

  /** Makes the panels of a scene, or none: only a composed frame shows them, and they cost a switch 10–15 ms. */
  show(scene: { entry: ProgramEntry; plan: TimelinePlan } | null): void {
    for (const panel of this.panels) panel.view.destroy({ children: true });
    this.panels = scene ? createFramePanels(scene.entry, scene.plan) : [];
    // Pixi's addChild reads its first argument, so an empty list must not reach it.
    for (const panel of this.panels) this.view.addChild(panel.view);
    this.view.visible = this.panels.length > 0;
    this.shown = '';
    this.held = this.panels.find((panel) => panel.held) ?? null;
    const beats = scene?.plan.beats.map((beat) => beat.panel) ?? [];
    const paged = (panels: FramePanel[], room: number) =>
      planFramePages(
        panels.map(({ height, breaks }) => ({ height, breaks })),
        room,
        PANEL_GAP,
        beats.map((kind) => {
          const index = panels.findIndex((panel) => panel.kind === kind);
          return index < 0 ? null : index;
        }),
      );
    this.flowing = paged(this.panels, ROOM);
    this.asking = this.held
      ? paged(
          this.panels.filter((panel) => panel !== this.held),
          ROOM - this.held.held!.height - PANEL_GAP,
        )
      : null;
  }

  get isEmpty(): boolean {
    return this.panels.length === 0;
  }

  update(moment: PanelMoment): void {
    for (const panel of this.panels) panel.update?.(moment);
    this.place(moment.frame.beat?.index ?? 0);
  }

  /**
   * Lays out the first page and says where the column ends at its lowest, over every page it will
   * show: the caption's band is laid out once for the scene.
   */
  layOut(): number {
    this.place(0);
    const asked = this.held ? this.held.held!.height + PANEL_GAP : 0;
    const heights = [
      ...this.flowing.pages.map((page) => getPageHeight(page, PANEL_GAP)),
      ...(this.asking?.pages ?? []).map((page) => asked + getPageHeight(page, PANEL_GAP)),
    ];
    return PANEL_TOP + Math.min(PANEL_HEIGHT, Math.max(1, ...heights) * FIT);
  }

  /** Shows the page of beat `beat`, under the question while it is asked. */
  private place(beat: number): void {
    const held = this.held?.held!.now() ? this.held : null;
    const plan = held && this.asking ? this.asking : this.flowing;
    const index = plan.byBeat[Math.min(beat, plan.byBeat.length - 1)] ?? 0;
    const key = `${held !== null}:${index}`;
    if (key === this.shown) return;
    this.shown = key;
    const others = held ? this.panels.filter((panel) => panel !== held) : this.panels;
    for (const panel of this.panels) panel.view.visible = false;
    let y = 0;
    if (held) {
      this.showSlice(held, { panel: 0, from: 0, to: held.height }, 0);
      y = held.held!.height + PANEL_GAP;
    }
    const page = plan.pages[index] ?? [];
    for (const slice of page) {
      this.showSlice(others[slice.panel], slice, y);
      y += slice.to - slice.from + PANEL_GAP;
    }
    // A page taller than the room (a panel that cannot be cut) is shrunk to fit, never cut off.
    const fit = Math.min(FIT, PANEL_HEIGHT / Math.max(1, y - PANEL_GAP));
    this.view.scale.set(fit);
    this.view.position.set(PANEL_X + (PANEL_ROOM - PANEL_WIDTH * fit) / 2, PANEL_TOP);
  }

  /** Shows a panel's stretch `slice` at `y`: of a panel cut between pages, only the items inside it. */
  private showSlice(panel: FramePanel, slice: PageSlice, y: number): void {
    panel.view.visible = true;
    panel.view.position.set(0, y - slice.from);
    if (!panel.breaks) return;
    for (const child of panel.view.children) child.visible = child.y >= slice.from - 1 && child.y < slice.to - 1;
  }
}
