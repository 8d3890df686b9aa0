import { Container } from 'pixi.js';
import type { ProgramEntry } from '../../program/createProgram';
import type { TimelinePlan } from '../../timeline/planTimeline';
import { PANEL_ROOM, PANEL_WIDTH, PANEL_X, STAGE_HEIGHT } from '../stageGeometry';
import { createFramePanels } from '../../panels/framePanels';
import type { PanelMoment } from '../../panels/panelKindDefinition';
import type { FramePanel } from './framePanel';

const PANEL_TOP = 40;
const PANEL_HEIGHT = STAGE_HEIGHT - 2 * PANEL_TOP;
const PANEL_GAP = 36;

/** The scene's panels in a column beside the stage, in a composed frame (presenting, snapshots, clips). */
export class FramePanelColumn {
  readonly view = new Container();
  private panels: FramePanel[] = [];

  /** Makes the panels of a scene, or none: only a composed frame shows them, and they cost a switch 10–15 ms. */
  show(scene: { entry: ProgramEntry; plan: TimelinePlan } | null): void {
    for (const panel of this.panels) panel.view.destroy({ children: true });
    this.panels = scene ? createFramePanels(scene.entry, scene.plan) : [];
    // Pixi's addChild reads its first argument, so an empty list must not reach it.
    for (const panel of this.panels) this.view.addChild(panel.view);
    this.view.visible = this.panels.length > 0;
  }

  get isEmpty(): boolean {
    return this.panels.length === 0;
  }

  update(moment: PanelMoment): void {
    for (const panel of this.panels) panel.update?.(moment);
  }

  /**
   * Stacks the panels at their own width and scales the column into its room, from the top beside
   * the stage; a column taller than the frame is shrunk further, never cut off. Returns where it ends.
   */
  layOut(): number {
    let y = 0;
    for (const panel of this.panels) {
      panel.view.position.set(0, y);
      y += panel.height + PANEL_GAP;
    }
    const height = Math.max(1, y - PANEL_GAP);
    const fit = Math.min(PANEL_ROOM / PANEL_WIDTH, PANEL_HEIGHT / height);
    this.view.scale.set(fit);
    this.view.position.set(PANEL_X + (PANEL_ROOM - PANEL_WIDTH * fit) / 2, PANEL_TOP);
    return PANEL_TOP + height * fit;
  }
}
