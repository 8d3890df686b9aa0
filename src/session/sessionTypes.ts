import type { Chapter, Scene } from '../../scenes';
import type { EngineError } from '../engine';
import type { ModeDefinition, ModeStage, PlayerContext, PlayerState, Voiced } from '../player/playerMachine';
import type { Ticker } from '../player/Ticker';
import type { ProgramEntry } from '../program/createProgram';
import type { FrameRecord } from '../timeline/getFrame';
import type { TimelinePlan } from '../timeline/planTimeline';
import type { ParsedPlayerUrl, PlayerUrl } from './playerUrl';

/** The scene on the clock: which entry, and its plan. */
export interface SceneOnStage {
  readonly index: number;
  readonly entry: ProgramEntry;
  readonly plan: TimelinePlan;
}

/** Everything the player shows, at one moment. */
export interface SessionSnapshot extends SceneOnStage {
  readonly state: PlayerState;
  readonly context: PlayerContext;
  /** The mode open, by its id in the mode table. */
  readonly mode: string;
  /** What that mode plays: the lesson's scenes, Explore's access, or what its panel shows (see the mode table). */
  readonly stage: ModeStage;
  /** What the caption says while no beat does: Kernel mode's instruction's conflict, else nothing. */
  readonly restingCaption: string;
  readonly time: number;
  /** Where a clicker's step under way stops (its beat's cue), or `null`: the beat the stage is on its way to. */
  readonly steppingTo: number | null;
  readonly frame: FrameRecord;
  /** What a link to this moment says. */
  readonly url: PlayerUrl;
}

/** What a session tells its views. */
export interface SessionEvents {
  /** A new scene (or a re-timed one) is on the clock. */
  scene: SceneOnStage;
  /** The clock drew a frame. */
  frame: FrameRecord;
  /** The machine's snapshot changed. */
  state: SessionSnapshot;
  /** Bad input, by parameter, each with the reason. */
  alerts: readonly EngineError[];
  /** Another lesson (or the same, edited) is on. */
  program: readonly ProgramEntry[];
  /**
   * The learner tried a prediction: every try, with its number and whether a hint came before it;
   * `final` is the answer that stands (the first, when right).
   */
  prediction: {
    readonly sceneId: string;
    readonly answer: string;
    readonly right: boolean;
    readonly attempt: number;
    readonly hinted: boolean;
    readonly final: boolean;
  };
  /**
   * Scene `index` played to its end, or (`stepped`) a clicker stepped past the last beat the
   * player goes to, so whatever holds it (a slide deck) may move on.
   */
  ended: { readonly index: number; readonly stepped: boolean };
  /** The learner checked an answer to a puzzle: its id, which try this is (from 1), whether it passed, and the answer. */
  puzzle: { readonly puzzle: string; readonly attempt: number; readonly passed: boolean; readonly answer: string };
}

export type Listener<K extends keyof SessionEvents> = (value: SessionEvents[K]) => void;

/** What a learner has done that should outlive the page: answers, and where the lesson was left. */
export interface SavedProgress {
  readonly predictions: Readonly<Record<string, string>>;
  readonly answers: Readonly<Record<string, string>>;
  readonly place: { readonly scene: string; readonly time: number };
}

/** Where progress is kept between visits (the page uses localStorage; tests, memory or nothing). */
export interface ProgressStore {
  load(): SavedProgress | null;
  save(progress: SavedProgress): void;
}

export interface PlayerSessionOptions {
  /** The lesson's scenes. */
  readonly scenes: readonly Scene[];
  /** Its title. */
  readonly title?: string;
  /** Its chapters (none: the lesson is one chapter). */
  readonly chapters?: readonly Chapter[];
  /** Where the lesson came from, when a link can say (a lesson opened from disk cannot). */
  readonly lessonUrl?: string | null;
  /** The link, read once by the page ({@link readPlayerLink}); its scene is checked against the lesson's. */
  readonly link?: ParsedPlayerUrl;
  /**
   * What must be ready before the first frame is drawn (fonts, a stage, the recorded voices); a
   * failure is shown. The voices it returns re-time the plan before a link's moment is read.
   */
  readonly boot?: () => Promise<{ readonly voiced?: Voiced } | void>;
  /** Whether to show tokens in place instead of flying (asked at every frame). */
  readonly reducedMotion?: () => boolean;
  /** Keeps the learner's answers and place across reloads. */
  readonly store?: ProgressStore;
  /** The modes (the built-in table, `MODES`, unless given: a table of more makes a player with them all). */
  readonly modes?: readonly ModeDefinition[];
  /** What moves the clock while it plays: the display's frames unless given (tests tick by hand). */
  readonly ticker?: Ticker;
}
