import type { PanelKind } from '../../../scenes';
import type { Schedule } from '../../engine';
import type { FrameRecord } from '../../timeline/getFrame';
import type { TimelinePlan } from '../../timeline/planTimeline';
import type { ProgramEntry } from '../createProgram';

/** What a panel follows: the frame on the clock, its plan, and the question's reveal. */
export interface PanelMoment {
  readonly frame: FrameRecord;
  readonly plan: TimelinePlan;
}

/**
 * One kind of panel (the worked example's table, the tile, the code …), defined once as pure data:
 * what it shows of a scene, and its record at each moment. The page's panel and the frame's panel
 * both draw that record, so they can never disagree on what is filled in or lit up.
 */
export interface PanelKindDefinition<Content, Shown> {
  readonly kind: PanelKind;
  /** What the panel shows of a scene, or `null` when the scene has nothing for it. */
  content(entry: ProgramEntry, schedule: Schedule): Content | null;
  /** The panel at one moment. */
  record(content: Content, moment: PanelMoment): Shown;
}

export const definePanelKind = <Content, Shown>(definition: PanelKindDefinition<Content, Shown>) => definition;
