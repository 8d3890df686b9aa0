import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import type { Scene } from '../../scenes';
import { DEFAULT_ACCESS_SPEC, getSchedule, type AccessSpec, type EngineError } from '../engine';
import { createExploreEntry } from '../program/createExploreEntry';
import { createProgram, type ProgramEntry } from '../program/createProgram';
import { createTimelineLogic } from '../player/createTimelineLogic';
import { PlaybackClock } from '../player/PlaybackClock';
import type { Ticker } from '../player/Ticker';
import {
  playerMachine,
  type BootResult,
  type PlayerContext,
  type PlayerEvent,
  type TimelineInput,
  type Voiced,
} from '../player/playerMachine';
import { getFrame, type FrameRecord } from '../timeline/getFrame';
import {
  planTimeline,
  READING_SPEEDS,
  roundLabel,
  snapTime,
  type ReadingSpeed,
  type TimelinePlan,
} from '../timeline/planTimeline';
import { DEFAULT_PLAYER_URL, parsePlayerUrl, type Mode, type PlayerUrl } from './playerUrl';

/** What the built-in lesson is called. */
export const DEFAULT_LESSON_TITLE = 'Bank conflicts';

/** The machine's state, as one name: `booting`, `failed`, or a state of `ready` (`playing`…). */
export type PlayerState =
  'booting' | 'failed' | 'entering' | 'paused' | 'playing' | 'held' | 'scrubbing' | 'awaitingPrediction' | 'ended';

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
  readonly mode: Mode;
  readonly time: number;
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
}

type Listener<K extends keyof SessionEvents> = (value: SessionEvents[K]) => void;

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
  /** Where the lesson came from, when a link can say (a lesson opened from disk cannot). */
  readonly lessonUrl?: string | null;
  /** The link's query string. */
  readonly search?: string;
  /**
   * What must be ready before the first frame is drawn (fonts, a stage, the recorded voices); a
   * failure is shown. The voices it returns re-time the plan before a link's moment is read.
   */
  readonly boot?: () => Promise<{ readonly voiced?: Voiced } | void>;
  /** Whether to show tokens in place instead of flying (asked at every frame). */
  readonly reducedMotion?: () => boolean;
  /** Keeps the learner's answers and place across reloads. */
  readonly store?: ProgressStore;
  /** What moves the clock while it plays: the display's frames unless given (tests tick by hand). */
  readonly ticker?: Ticker;
}

/** The machine's state as one name. */
function getStateName(snapshot: SnapshotFrom<typeof playerMachine>): PlayerState {
  const value = snapshot.value;
  return (typeof value === 'string' ? value : Object.values(value)[0]) as PlayerState;
}

/**
 * One player, without a page: the machine, the one clock, the program, the plans, and what a link
 * to the moment says. The page, an embedding host, a voice recorder and tests all drive it through
 * {@link send} and listen with {@link on}; nothing else moves the clock.
 *
 * @remarks
 * It imports no DOM, so it runs in Node. Every change of what plays is a machine event; the
 * session derives the rest (the entry and plan on the clock, the frame, the URL) from the
 * machine's context and the clock's time.
 */
export class PlayerSession {
  /** The lesson's entries (Explore has its own, made from the access). */
  program: readonly ProgramEntry[];
  /** What the lesson is called, for the header and file names. */
  lessonTitle: string;
  /** Where the lesson came from, for links to it; `null` for the built-in lesson or a file. */
  lessonUrl: string | null;
  private readonly clock: PlaybackClock;
  private readonly actor;
  private readonly plans = new Map<string, TimelinePlan>();
  private readonly listeners = new Map<keyof SessionEvents, Set<Listener<keyof SessionEvents>>>();
  private readonly reducedMotion: () => boolean;
  private readonly errors: EngineError[];
  private readonly store: ProgressStore | null;
  private saved = '';
  /** How the page shows the player, which links keep but the machine has no part in. */
  private readonly page: Pick<PlayerUrl, 'embed' | 'origins'>;
  private current: SceneOnStage;
  private frame: FrameRecord;

  constructor(options: PlayerSessionOptions) {
    this.program = createProgram(options.scenes);
    this.lessonTitle = options.title ?? DEFAULT_LESSON_TITLE;
    this.lessonUrl = options.lessonUrl ?? null;
    this.reducedMotion = options.reducedMotion ?? (() => false);
    const query = parsePlayerUrl(
      options.search ?? '',
      this.program.map((p) => p.id),
    );
    this.errors = [...query.errors];
    this.page = { embed: query.embed, origins: query.origins };
    this.store = options.store ?? null;
    const saved = this.store?.load() ?? null;

    let access: AccessSpec | null = null;
    if (query.mode === 'explore') {
      const entry = createExploreEntry(query.access);
      if (entry.ok) access = query.access;
      else {
        this.errors.push(entry.error);
        access = DEFAULT_ACCESS_SPEC;
      }
    }
    const sceneIndex = Math.max(
      0,
      this.program.findIndex((entry) => entry.id === query.scene),
    );
    const input: TimelineInput = {
      sceneIndex,
      startAt: null,
      startAtLastBeat: false,
      speed: query.speed,
      readingSpeed: 'normal',
      voiced: {},
      access,
    };
    this.current = this.getScene(input);
    this.frame = getFrame(this.current.plan, 0);

    this.clock = new PlaybackClock((time) => {
      this.frame = getFrame(this.current.plan, time, { reducedMotion: this.reducedMotion() });
      this.emit('frame', this.frame);
    }, options.ticker);
    const loadScene = (timeline: TimelineInput, retiming: boolean) => {
      const next = this.getScene(timeline);
      // Re-timing that changes nothing (voices of other scenes) is no news to the views.
      if (retiming && next.plan === this.current.plan) return next.plan;
      this.current = next;
      this.emit('scene', this.current);
      return this.current.plan;
    };
    const savedIndex = saved ? this.program.findIndex((p) => p.id === saved.place.scene) : -1;
    this.actor = createActor(
      playerMachine.provide({
        actors: {
          boot: fromPromise(async (): Promise<BootResult | void> => {
            const voiced = (await options.boot?.())?.voiced ?? {};
            // The link names a moment of the plan as the voices time it, so it is read only now.
            const before = this.errors.length;
            const startAt = this.getStartTime(this.getScene({ ...input, voiced }).plan, query);
            if (this.errors.length > before) this.emit('alerts', this.errors);
            return { voiced, startAt };
          }),
          timeline: createTimelineLogic(this.clock, loadScene),
        },
      }),
      {
        input: {
          scenes: this.program.map((p) => ({ id: p.id, asksQuestion: p.question !== null })),
          sceneIndex,
          speed: query.speed,
          access,
          lastAccess: query.access,
          predict: query.predict,
          lanes: query.lanes,
          presenting: query.present,
          voiceOver: query.voice,
          captions: query.captions,
          stayInScene: query.end === 'scene',
          predictions: saved?.predictions,
          answers: saved?.answers,
          lessonPlace:
            access !== null && savedIndex >= 0 ? { sceneIndex: savedIndex, time: saved!.place.time } : undefined,
        },
      },
    );
    this.actor.subscribe((snapshot) => {
      if (snapshot.status !== 'active') return;
      this.emit('state', this.getSnapshot());
      this.saveProgress();
    });
    this.actor.on('prediction.answered', ({ sceneId, answer, attempt, hinted, final }) =>
      this.emit('prediction', {
        sceneId,
        answer,
        right: answer === this.current.entry.question?.answer,
        attempt,
        hinted,
        final,
      }),
    );
    this.actor.on('playback.ended', ({ index }) => this.emit('ended', { index, stepped: false }));
    this.actor.on('steps.beyond', ({ index }) => this.emit('ended', { index, stepped: true }));
  }

  /**
   * Puts another lesson on: its first scene, or, when `keepPlace` (the same lesson saved again in
   * an editor), the scene and beat on stage now, where they still exist.
   */
  loadLesson(scenes: readonly Scene[], title: string, keepPlace = false, url: string | null = null): void {
    const before = this.getSnapshot();
    const program = createProgram(scenes);
    this.program = program;
    this.lessonTitle = title;
    this.lessonUrl = url;
    this.plans.clear();
    const index = keepPlace ? program.findIndex((p) => p.id === before.entry.id) : -1;
    const beat = keepPlace ? (before.frame.beat?.index ?? null) : null;
    this.emit('program', program);
    this.actor.send({
      type: 'lesson.load',
      scenes: program.map((p) => ({ id: p.id, asksQuestion: p.question !== null })),
      sceneIndex: Math.max(0, index),
      startAt: null,
    });
    // The same beat in the re-read scene, re-timed as it now is.
    if (index >= 0 && beat !== null && beat < program[index].beats.length)
      this.actor.send({
        type: 'playback.seek',
        time: this.getSnapshot().plan.beats.find((b) => b.index === beat)!.start,
      });
  }

  /** Starts the machine (and its boot); listeners added before hear everything. */
  start(): this {
    this.actor.start();
    this.emit('alerts', this.errors);
    return this;
  }

  stop(): void {
    this.actor.stop();
    this.clock.pause();
  }

  send(event: PlayerEvent): void {
    this.actor.send(event);
  }

  /** Listens for one kind of news; returns the function that stops listening. */
  on<K extends keyof SessionEvents>(kind: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(kind) ?? new Set();
    set.add(listener as Listener<keyof SessionEvents>);
    this.listeners.set(kind, set);
    return () => set.delete(listener as Listener<keyof SessionEvents>);
  }

  /** Which view the session is in: the lesson, or Explore. */
  get mode(): Mode {
    return this.actor.getSnapshot().context.access === null ? 'walkthrough' : 'explore';
  }

  /** Problems with the link the session was started from. */
  get alerts(): readonly EngineError[] {
    return this.errors;
  }

  /** Whether the clock is running: true exactly while the machine is `playing`. */
  get clockRunning(): boolean {
    return this.clock.playing;
  }

  getSnapshot(): SessionSnapshot {
    const snapshot = this.actor.getSnapshot();
    const context = snapshot.context;
    const time = snapTime(this.clock.time);
    return {
      ...this.current,
      state: getStateName(snapshot),
      context,
      mode: this.mode,
      time,
      frame: this.frame,
      url: {
        ...DEFAULT_PLAYER_URL,
        mode: this.mode,
        scene: context.access === null ? this.current.entry.id : null,
        time,
        speed: context.speed,
        present: context.presenting,
        access: context.access ?? DEFAULT_ACCESS_SPEC,
        predict: context.predict,
        lanes: context.lanes,
        voice: context.voiceOver,
        lesson: this.lessonUrl,
        captions: context.captions,
        end: context.stayInScene ? 'scene' : 'lesson',
        ...this.page,
      },
    };
  }

  /** The plan of entry `index` at a reading speed (Explore: of its access), from the cache. */
  getPlan(index: number, readingSpeed: ReadingSpeed = this.actor.getSnapshot().context.readingSpeed): TimelinePlan {
    const { access, voiced } = this.actor.getSnapshot().context;
    return this.getScene({ sceneIndex: index, readingSpeed, access, voiced }).plan;
  }

  private getScene(input: Pick<TimelineInput, 'sceneIndex' | 'readingSpeed' | 'access' | 'voiced'>): SceneOnStage {
    const entry = this.getEntry(input);
    const voiced = entry.beats.map((_, i) => input.voiced[`${entry.id}/${i}`] ?? null);
    const key = `${input.access ? JSON.stringify(input.access) : entry.id}|${input.readingSpeed}|${voiced}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS[input.readingSpeed], voiced);
      this.plans.set(key, plan);
    }
    return { index: input.sceneIndex, entry, plan };
  }

  private getEntry(input: Pick<TimelineInput, 'sceneIndex' | 'access'>): ProgramEntry {
    if (input.access === null) return this.program[input.sceneIndex];
    const explore = createExploreEntry(input.access);
    if (explore.ok) return explore.value;
    // The form and the link parser only send accesses the engine accepts.
    throw new Error(`Explore was given an access the engine refuses: ${explore.error.reason}`);
  }

  /** Where a link starts: `t`, else `round`, checked against the scene's plan. */
  private getStartTime(plan: TimelinePlan, query: PlayerUrl): number | null {
    if (query.time !== null) {
      if (query.time <= plan.duration) return query.time;
      this.errors.push({
        field: 't',
        reason: `this scene lasts ${plan.duration.toFixed(2)} s, so ${query.time} is past its end`,
      });
    } else if (query.round !== null) {
      if (query.round === 0) return 0;
      const at = plan.labels[roundLabel(query.round)];
      if (at !== undefined) return at;
      const rounds = plan.schedule.rounds;
      this.errors.push({
        field: 'round',
        reason: `this access has ${rounds} round${rounds === 1 ? '' : 's'}, so there is no round ${query.round}`,
      });
    }
    return null;
  }

  /** Keeps answers and the lesson's place, when they changed, in the store. */
  private saveProgress(): void {
    if (!this.store) return;
    const { context } = this.actor.getSnapshot();
    const place =
      context.access === null ? { sceneIndex: context.sceneIndex, time: this.clock.time } : context.lessonPlace;
    const progress: SavedProgress = {
      predictions: context.predictions,
      answers: context.answers,
      place: { scene: this.program[place.sceneIndex].id, time: snapTime(place.time) },
    };
    const key = JSON.stringify(progress);
    if (key === this.saved) return;
    this.saved = key;
    this.store.save(progress);
  }

  private emit<K extends keyof SessionEvents>(kind: K, value: SessionEvents[K]): void {
    for (const listener of this.listeners.get(kind) ?? []) (listener as Listener<K>)(value);
  }
}
