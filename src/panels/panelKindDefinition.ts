import type { Scene } from '../../scenes';
import type { Schedule } from '../engine';
import type { ProgramEntry } from '../program/createProgram';
import type { FrameRecord } from '../timeline/getFrame';
import type { TimelinePlan } from '../timeline/planTimeline';

/** What a panel follows: the frame on the clock, its plan, and the scene's question as the session has it. */
export interface PanelMoment {
  readonly frame: FrameRecord;
  readonly plan: TimelinePlan;
  /** Whether the scene's question has been answered (or shown to the room), and the answer given, if any. */
  readonly predicted: boolean;
  readonly answer: string | null;
}

/**
 * Whether what answers the scene's question may show at `moment`: the question was answered,
 * revealed to a room or passed over, or the read it asks about is under way. A panel that would
 * say the answer beside the open question keeps it back until then.
 */
export const isAnswerOut = ({ predicted, frame }: PanelMoment): boolean => predicted || frame.round > 0;

/**
 * One kind of panel (the worked example's table, the tile, the code …), defined once as pure data:
 * what it shows of a scene, and its record at each moment, every word either view prints included.
 *
 * @remarks
 * The page's view and the frame's view of a kind (beside its definition, in its folder) only lay
 * its record out, so they can never disagree on a heading, a note, a cell or a lit line. Each
 * definition is declared with its type written out (`const tablePanel: PanelKindDefinition<…>`):
 * the lesson schema takes its panel names from the registry, and a type inferred from the
 * definition would be worked out through the scene's type, which holds those names: a cycle.
 */
export interface PanelKindDefinition<Content, Shown> {
  /**
   * What the panel shows of a scene, or `null` when the scene has nothing for it: prepared here,
   * from the scene as written (`entry.scene`; `null` for Explore's access) and its facts.
   */
  content(entry: ProgramEntry, schedule: Schedule): Content | null;
  /** The panel at one moment. */
  record(content: Content, moment: PanelMoment): Shown;
  /** What a lesson's scene that lists this panel lacks for it (`the table panel needs …`); `null`: nothing. */
  lacks(scene: Scene): string | null;
  /**
   * The scene's key that holds this panel's content (`table`, `quiz` …), for a kind whose content is
   * written out: a scene that gives it shows the panel though its `panels` do not list it. The
   * content's shape is the lesson format's (scenes/lessonSchema.ts); `content` prepares it from
   * `entry.scene`.
   */
  readonly contentKey?: keyof Scene;
  /**
   * Set for a kind the page shows in a place of its own rather than among the scene's panels: the
   * question, asked over the stage before the read. Such a kind has a frame view only.
   */
  readonly elsewhereOnPage?: true;
  /**
   * Set for a kind that concludes its scene (the takeaways): in a scene that asks a question, the
   * panel waits, in the page and in the frame, until the answer is out ({@link isAnswerOut}).
   */
  readonly concludes?: true;
}
