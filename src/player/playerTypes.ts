import type { AccessSpec } from '../engine';
import type { ReadingSpeed } from '../timeline/planTimeline';
import type { ModeLink } from './modes';

/** How many lanes can be inspected at once: the lesson compares two ("select lanes 0 and 1"). */
export const MAX_INSPECTED = 2;

/** What the machine needs to know of a scene: its id, and whether it asks a prediction first. */
export interface SceneInfo {
  readonly id: string;
  readonly asksQuestion: boolean;
  /** The chapter it belongs to: playing on stays inside one, a clicker's steps go on (none: one chapter). */
  readonly chapter?: string;
}

/** Commands the machine sends to the timeline actor, which owns the one clock. */
export type ClockCommand =
  | { type: 'clock.play' }
  | { type: 'clock.pause' }
  | { type: 'clock.seek'; time: number }
  /** Goes where the scene was entered at (a link's moment, its last beat), put off while its question was asked. */
  | { type: 'clock.toStart' }
  | { type: 'clock.end' }
  | { type: 'clock.round'; delta: 1 | -1 }
  | { type: 'clock.roundAt'; round: number }
  | { type: 'clock.frame'; delta: 1 | -1 }
  /** Plays to the next beat's cue and stops there, or jumps back to the previous beat's. */
  | { type: 'clock.beat'; delta: 1 | -1 }
  | { type: 'clock.speed'; speed: number }
  /** Re-times the scene for a reading speed or recorded voices, keeping the beat on screen. */
  | { type: 'clock.replan'; readingSpeed: ReadingSpeed; voiced: Voiced };

/** The length in seconds of each beat's recorded voice, by `scene/beat` (beats from 0). */
export type Voiced = Readonly<Record<string, number>>;

/** What the timeline actor is started with for a scene. */
export interface TimelineInput {
  readonly sceneIndex: number;
  /** Where to start (a deep link's time), or `null` for the beginning. */
  readonly startAt: number | null;
  /** Start at the scene's last beat instead (stepping back into it). */
  readonly startAtLastBeat: boolean;
  /**
   * The scene asks its question first: the clock stands at its start meanwhile, where nothing of the
   * answer is drawn, and goes to where it was to start once the question is answered or passed over.
   */
  readonly asking: boolean;
  readonly speed: number;
  readonly readingSpeed: ReadingSpeed;
  readonly voiced: Voiced;
  /** Explore's access, or `null` in a lesson. */
  readonly access: AccessSpec | null;
  /** What a mode's panel calls the instruction it put on stage (`null`: the entry's own title). */
  readonly title: string | null;
}

/** What a mode's panel puts on stage: an access, under its own title, and what the caption says of it (Kernel mode: its conflict in words). */
export interface StageShown {
  readonly access: AccessSpec;
  readonly title: string;
  readonly caption?: string;
}

/** What booting found out before the first scene goes on the clock. */
export interface BootResult {
  /** The recorded voices, so a link's moment is read against the plan they re-time. */
  readonly voiced: Voiced;
  /** Where the first scene starts: the link's moment, checked against that plan. */
  readonly startAt: number | null;
}

export interface Marks {
  readonly in: number | null;
  readonly out: number | null;
}

/**
 * What anyone driving a player may ask of it (the page, an embedding host, the voice recorder,
 * tests): the only events {@link PlayerSession.send} takes.
 */
export type SessionCommand =
  | { type: 'playback.play' }
  | { type: 'playback.pause' }
  | { type: 'playback.toggle' }
  | { type: 'playback.restart' }
  | { type: 'playback.seek'; time: number }
  | { type: 'playback.end' }
  | { type: 'scrub.start' }
  | { type: 'scrub.move'; time: number }
  | { type: 'scrub.end' }
  | { type: 'round.next' }
  | { type: 'round.prev' }
  | { type: 'round.goto'; round: number }
  | { type: 'frame.step'; delta: 1 | -1 }
  /** A clicker's step: play to the next beat and hold there (or back to the previous one). */
  | { type: 'beat.next' }
  | { type: 'beat.prev' }
  | { type: 'scene.next' }
  | { type: 'scene.prev' }
  | { type: 'scene.goto'; index: number }
  | { type: 'speed.set'; speed: number }
  | { type: 'reading.set'; readingSpeed: ReadingSpeed }
  /** The recorded voices changed: each beat with one holds for as long as it speaks. */
  | { type: 'voice.takes'; voiced: Voiced }
  | { type: 'loop.set'; loop: boolean }
  | { type: 'autoAdvance.set'; autoAdvance: boolean }
  /** The learner's final answer; `attempt` and `hinted` say which try it was (the first, unless told). */
  | { type: 'prediction.submit'; answer: string; attempt?: number; hinted?: boolean }
  /** A try that earned a hint and one more go: not the final answer. */
  | { type: 'prediction.attempt'; answer: string; attempt: number; hinted: boolean }
  | { type: 'prediction.skip' }
  | { type: 'access.set'; access: AccessSpec }
  | { type: 'predict.set'; predict: boolean }
  /**
   * Opens Explore from the lesson (or changes its access), remembering the lesson's place: `time`
   * is where the lesson's clock stands, `answered` a prediction already made about this access
   * (empty: a question about it was answered that Explore does not ask, so it asks nothing).
   */
  | { type: 'explore.open'; time: number; access?: AccessSpec; answered?: string }
  /** Goes back from Explore to the lesson, at the place it was left. */
  | { type: 'lesson.open' }
  /**
   * Opens a mode by its id (the mode switch), remembering the lesson's place when it leaves the
   * lesson: `time` is where the lesson's clock stands. A mode open already stays as it is.
   */
  | { type: 'mode.open'; mode: string; time: number }
  /**
   * A mode's panel puts an instruction on stage (`shown`; `null`: none, the title and caption
   * stay) under its title, its question passed over, and says what a link to it is (`link`);
   * taken only while `mode` is open.
   */
  | { type: 'stage.show'; mode: string; link: ModeLink; shown: StageShown | null }
  | { type: 'quiz.answer'; questionId: string; answer: string }
  /** Adds a lane to those inspected (the older of two gives way), or takes it away again. */
  | { type: 'lane.toggle'; lane: number }
  /** Inspects exactly these lanes (none: clears the selection). */
  | { type: 'lanes.set'; lanes: readonly number[] }
  | { type: 'marks.set'; marks: Marks }
  | { type: 'present.set'; present: boolean }
  | { type: 'captions.set'; captions: boolean }
  | { type: 'voiceOver.set'; voiceOver: boolean }
  /** The lesson editor opens or closes: while it is open, the stage plays what the author points at. */
  | { type: 'editor.set'; editing: boolean }
  | { type: 'voice.hold' }
  | { type: 'voice.resume' };

/**
 * What the player's own parts tell its machine: the timeline actor's news of the clock, and the
 * session's change of lesson (which also swaps the program the machine knows nothing of).
 */
export type InternalEvent =
  /** Puts another lesson on (or the same one, edited), at a scene and time. */
  | { type: 'lesson.load'; scenes: readonly SceneInfo[]; sceneIndex: number; startAt: number | null }
  | { type: 'timeline.ended' }
  /** The clock has a beat to step to, and will play to it. */
  | { type: 'timeline.stepping' }
  /** The clock reached the beat it was stepping to, and stopped. */
  | { type: 'timeline.reached' }
  /** There is no later (or earlier) beat in this scene to step to. */
  | { type: 'timeline.beyond' }
  | { type: 'timeline.before' };

/** Every event the machine takes. */
export type PlayerEvent = SessionCommand | InternalEvent;

/** Each command's type, so that a session refuses any other at run time too (TypeScript checks the list is whole). */
const COMMAND_TYPES: Record<SessionCommand['type'], true> = {
  'playback.play': true,
  'playback.pause': true,
  'playback.toggle': true,
  'playback.restart': true,
  'playback.seek': true,
  'playback.end': true,
  'scrub.start': true,
  'scrub.move': true,
  'scrub.end': true,
  'round.next': true,
  'round.prev': true,
  'round.goto': true,
  'frame.step': true,
  'beat.next': true,
  'beat.prev': true,
  'scene.next': true,
  'scene.prev': true,
  'scene.goto': true,
  'speed.set': true,
  'reading.set': true,
  'voice.takes': true,
  'loop.set': true,
  'autoAdvance.set': true,
  'prediction.submit': true,
  'prediction.attempt': true,
  'prediction.skip': true,
  'access.set': true,
  'predict.set': true,
  'explore.open': true,
  'lesson.open': true,
  'mode.open': true,
  'stage.show': true,
  'quiz.answer': true,
  'lane.toggle': true,
  'lanes.set': true,
  'marks.set': true,
  'present.set': true,
  'captions.set': true,
  'voiceOver.set': true,
  'editor.set': true,
  'voice.hold': true,
  'voice.resume': true,
};

/** Whether `event` is a command a session takes (not the machine's own news, nor anything else). */
export const isSessionCommand = (event: { readonly type: unknown }): event is SessionCommand =>
  typeof event.type === 'string' && Object.hasOwn(COMMAND_TYPES, event.type);

export type PlayerEmitted =
  | { type: 'scene.entered'; index: number }
  | { type: 'playback.ended'; index: number }
  /** Every try at a prediction, the final one (`final`) too. */
  | {
      type: 'prediction.answered';
      sceneId: string;
      answer: string;
      attempt: number;
      hinted: boolean;
      final: boolean;
    }
  /** A clicker stepped past the last beat the player goes to: a deck around it may move on. */
  | { type: 'steps.beyond'; index: number };

/** Where the lesson stands: the scene and the time on its clock. */
export interface LessonPlace {
  readonly sceneIndex: number;
  readonly time: number;
}

/** How the player shows what it plays, apart from the clock: none of it moves the transport. */
export interface ViewSettings {
  /** The lanes being inspected, in the order they were chosen (at most {@link MAX_INSPECTED}). */
  readonly lanes: readonly number[];
  /** In and out marks for a clip, in the scene's time. */
  readonly marks: Marks;
  readonly presenting: boolean;
  readonly captions: boolean;
  /** Whether the voice-over recorder is open. */
  readonly voiceOver: boolean;
  /** Whether the lesson editor is open. */
  readonly editing: boolean;
  /** A clicker's steps stay in the scene shown (a slide), instead of going on through the lesson. */
  readonly stayInScene: boolean;
}

export interface PlayerContext {
  /** The lesson's scenes. */
  readonly lessonScenes: readonly SceneInfo[];
  /** What the clock plays through now: the lesson's scenes, or Explore's one. */
  readonly scenes: readonly SceneInfo[];
  readonly sceneIndex: number;
  readonly startAt: number | null;
  readonly startAtLastBeat: boolean;
  readonly speed: number;
  readonly readingSpeed: ReadingSpeed;
  readonly voiced: Voiced;
  readonly loop: boolean;
  readonly autoAdvance: boolean;
  /** Whether the next scene starts playing (set when a scene is left while playing). */
  readonly playOnEnter: boolean;
  /** The learner's predictions, by scene id. */
  readonly predictions: Readonly<Record<string, string>>;
  /** The learner's answers to a scene's questions, by `scene/question`. */
  readonly answers: Readonly<Record<string, string>>;
  /** Explore's access (its one scene plays it), or `null` in a lesson. */
  readonly access: AccessSpec | null;
  /** The access Explore showed last, which the way back to Explore reopens. */
  readonly lastAccess: AccessSpec;
  /** Whether Explore asks for a prediction before each new access. */
  readonly predict: boolean;
  /** Where the lesson was left for Explore. */
  readonly lessonPlace: LessonPlace;
  /**
   * The mode open, by its id: the program region's state, entered from it (going to a scene
   * re-enters the transport, and with it the regions beside it).
   */
  readonly mode: string;
  /** Each mode's own part of a link to it, by mode id (Kernel mode's kernel, Puzzles mode's puzzle). */
  readonly links: Readonly<Record<string, ModeLink>>;
  /** What a `shown` mode's panel calls the instruction on stage, and what the caption says of it. */
  readonly staged: { readonly title: string | null; readonly caption: string };
  readonly view: ViewSettings;
  readonly failure: string | null;
}

export interface PlayerInput {
  /** The lesson's scenes. */
  readonly scenes: readonly SceneInfo[];
  readonly sceneIndex?: number;
  readonly startAt?: number | null;
  readonly speed?: number;
  readonly readingSpeed?: ReadingSpeed;
  readonly voiced?: Voiced;
  /** Start in Explore (or a mode that shows its own instructions) with this access. */
  readonly access?: AccessSpec | null;
  /** The mode to open in (the first of the table when not said). */
  readonly mode?: string;
  /** The link's own part for that mode. */
  readonly links?: Readonly<Record<string, ModeLink>>;
  /** Explore's first access when the player starts in the lesson. */
  readonly lastAccess?: AccessSpec;
  readonly predict?: boolean;
  readonly lanes?: readonly number[];
  readonly presenting?: boolean;
  readonly voiceOver?: boolean;
  readonly editing?: boolean;
  readonly captions?: boolean;
  readonly stayInScene?: boolean;
  /** What the learner answered before (a saved session). */
  readonly predictions?: Readonly<Record<string, string>>;
  readonly answers?: Readonly<Record<string, string>>;
  readonly lessonPlace?: LessonPlace;
}
