import { createActor, fromPromise } from 'xstate';
import type { EngineError } from '../engine';
import { createProgram, type ProgramEntry } from '../program/createProgram';
import { createTimelineLogic } from '../player/createTimelineLogic';
import { EXPLORE_SCENE } from '../player/playerContext';
import { PlaybackClock } from '../player/PlaybackClock';
import {
  createPlayerMachine,
  getMode,
  getOpenMode,
  getPlayerState,
  isSessionCommand,
  MODES,
  playerMachine,
  type BootResult,
  type ModeDefinition,
  type SessionCommand,
  type TimelineInput,
} from '../player/playerMachine';
import type { Chapter, Scene } from '../../scenes';
import { getChapterOf, getChapters, type ProgramChapter } from '../program/getChapters';
import { getFrame, type FrameRecord } from '../timeline/getFrame';
import { snapTime, type ReadingSpeed, type TimelinePlan } from '../timeline/planTimeline';
import { getContextUrl } from './getContextUrl';
import { ProgressKeeper } from './ProgressKeeper';
import { checkLinkScene, readPlayerLink, type PlayerUrl } from './playerUrl';
import { getStartAccess, readLinkStart } from './readLinkStart';
import { ScenePlans } from './ScenePlans';
import { SessionNews } from './SessionNews';
import type { Listener, PlayerSessionOptions, SceneOnStage, SessionEvents, SessionSnapshot } from './sessionTypes';

export type * from './sessionTypes';

/** What the built-in lesson is called. */
export const DEFAULT_LESSON_TITLE = 'Bank conflicts';

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
  #program: readonly ProgramEntry[];
  #lessonTitle: string;
  #lessonUrl: string | null;
  #chapters: readonly ProgramChapter[];
  /** The modes it has, as the mode switch lists them (the built-in table, unless given another). */
  readonly modes: readonly ModeDefinition[];
  private readonly clock: PlaybackClock;
  private readonly actor;
  private readonly plans = new ScenePlans(() => this.#program);
  private readonly news = new SessionNews(() => this.getSnapshot());
  private readonly reducedMotion: () => boolean;
  private readonly errors: EngineError[];
  private readonly progress: ProgressKeeper;
  /** How the page shows the player, which links keep but the machine has no part in. */
  private readonly page: Pick<PlayerUrl, 'embed' | 'origins'>;
  private current: SceneOnStage;
  private frame: FrameRecord;

  constructor(options: PlayerSessionOptions) {
    this.#program = createProgram(options.scenes);
    this.#lessonTitle = options.title ?? DEFAULT_LESSON_TITLE;
    this.#chapters = getChapters(this.#program, this.#lessonTitle, options.chapters);
    this.#lessonUrl = options.lessonUrl ?? null;
    this.reducedMotion = options.reducedMotion ?? (() => false);
    const modes = (this.modes = options.modes ?? MODES);
    const query = checkLinkScene(
      options.link ?? readPlayerLink('', modes),
      this.program.map((p) => p.id),
    );
    this.errors = [...query.errors];
    this.page = { embed: query.embed, origins: query.origins };
    this.progress = new ProgressKeeper(options.store ?? null);
    const saved = this.progress.load();

    const access = getStartAccess(query, modes, this.errors);
    const { stage } = getMode(query.mode, modes);
    const sceneIndex = Math.max(
      0,
      this.program.findIndex((entry) => entry.id === query.scene),
    );
    const input: TimelineInput = {
      sceneIndex,
      startAt: null,
      startAtLastBeat: false,
      asking: false,
      speed: query.speed,
      readingSpeed: 'normal',
      voiced: {},
      access,
      title: null,
    };
    this.current = this.plans.get(input);
    this.frame = getFrame(this.current.plan, 0);

    this.clock = new PlaybackClock((time) => {
      this.frame = getFrame(this.current.plan, time, { reducedMotion: this.reducedMotion() });
      this.news.emit('frame', this.frame);
    }, options.ticker);
    const loadScene = (timeline: TimelineInput, retiming: boolean) => {
      const next = this.plans.get(timeline);
      // Re-timing that changes nothing (voices of other scenes) is no news to the views.
      if (retiming && next.plan === this.current.plan) return next.plan;
      // A mode's panel calls the instruction it put on stage by a title of its own.
      this.current = timeline.title === null ? next : { ...next, entry: { ...next.entry, title: timeline.title } };
      this.news.emit('scene', this.current);
      return this.current.plan;
    };
    const savedIndex = saved ? this.program.findIndex((p) => p.id === saved.place.scene) : -1;
    this.actor = createActor(
      (modes === MODES ? playerMachine : createPlayerMachine(modes)).provide({
        actors: {
          boot: fromPromise(async (): Promise<BootResult | void> => {
            const voiced = (await options.boot?.())?.voiced ?? {};
            // The link names a moment of the plan as the voices time it, so it is read only now.
            const before = this.errors.length;
            const startAt = readLinkStart(this.plans.get({ ...input, voiced }).plan, query, this.errors);
            if (this.errors.length > before) this.news.emit('alerts', this.errors);
            return { voiced, startAt };
          }),
          timeline: createTimelineLogic(this.clock, loadScene),
        },
      }),
      {
        input: {
          scenes: this.getSceneInfo(),
          sceneIndex,
          speed: query.speed,
          access,
          mode: query.mode,
          links: stage === 'shown' ? { [query.mode]: query.link } : {},
          lastAccess: query.access,
          predict: query.predict,
          lanes: query.lanes,
          presenting: query.present,
          voiceOver: query.voice,
          editing: query.edit,
          captions: query.captions,
          stayInScene: query.end === 'scene',
          // What a mode's panel shows is asked nothing of.
          predictions: stage === 'shown' ? { ...saved?.predictions, [EXPLORE_SCENE]: '' } : saved?.predictions,
          answers: saved?.answers,
          lessonPlace:
            access !== null && savedIndex >= 0 ? { sceneIndex: savedIndex, time: saved!.place.time } : undefined,
        },
      },
    );
    this.actor.subscribe((snapshot) => {
      if (snapshot.status !== 'active') return;
      this.news.emit('state', this.getSnapshot());
      this.progress.save(snapshot.context, this.clock.time, (i) => this.program[i].id);
    });
    this.actor.on('prediction.answered', ({ sceneId, answer, attempt, hinted, final }) =>
      this.news.emit('prediction', {
        sceneId,
        answer,
        right: answer === this.current.entry.question?.answer,
        attempt,
        hinted,
        final,
      }),
    );
    this.actor.on('playback.ended', ({ index }) => this.news.emit('ended', { index, stepped: false }));
    this.actor.on('steps.beyond', ({ index }) => this.news.emit('ended', { index, stepped: true }));
  }

  /**
   * Puts another lesson on: its first scene, or, when `keepPlace` (the same lesson saved again in
   * an editor), the scene and beat on stage now, where they still exist.
   */
  loadLesson(
    lesson: { readonly scenes: readonly Scene[]; readonly title: string; readonly chapters?: readonly Chapter[] },
    { keepPlace = false, url = null }: { readonly keepPlace?: boolean; readonly url?: string | null } = {},
  ): void {
    const before = this.getSnapshot();
    const program = createProgram(lesson.scenes);
    this.#program = program;
    this.#lessonTitle = lesson.title;
    this.#lessonUrl = url;
    this.#chapters = getChapters(program, lesson.title, lesson.chapters);
    this.plans.clear();
    const index = keepPlace ? program.findIndex((p) => p.id === before.entry.id) : -1;
    const beat = keepPlace ? (before.frame.beat?.index ?? null) : null;
    this.news.emit('program', program);
    this.actor.send({
      type: 'lesson.load',
      scenes: this.getSceneInfo(),
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
    this.news.emit('alerts', this.errors);
    return this;
  }

  stop(): void {
    this.actor.stop();
    this.clock.pause();
  }

  /**
   * Asks the player to do something: play, seek, open Explore… Only commands are taken: the clock's
   * news comes from the timeline actor and a new lesson from {@link loadLesson}, so anything else
   * throws, naming it.
   */
  send(command: SessionCommand): void {
    if (!isSessionCommand(command))
      throw new TypeError(
        `a player session takes commands only, not ${JSON.stringify((command as { type?: unknown }).type)}: the clock's news comes from its timeline, and another lesson through loadLesson()`,
      );
    this.actor.send(command);
  }

  /** Tells the session's listeners (an embedding page among them) that the learner checked a puzzle's answer. */
  notePuzzle(attempt: SessionEvents['puzzle']): void {
    this.news.emit('puzzle', attempt);
  }

  /** Listens for one kind of news (a late listener hears what is shown now: see {@link SessionNews}). */
  on<K extends keyof SessionEvents>(kind: K, listener: Listener<K>): () => void {
    return this.news.on(kind, listener);
  }

  /** The lesson's entries (Explore has its own, made from the access); {@link loadLesson} changes them. */
  get program(): readonly ProgramEntry[] {
    return this.#program;
  }

  /** What the lesson is called, for the header and file names. */
  get lessonTitle(): string {
    return this.#lessonTitle;
  }

  /** The lesson's chapters, in order (a lesson without any is one). */
  get chapters(): readonly ProgramChapter[] {
    return this.#chapters;
  }

  /** The chapter of entry `index` of the lesson. */
  getChapter(index: number): ProgramChapter {
    return getChapterOf(this.#chapters, index);
  }

  /** Where the lesson came from, for links to it; `null` for the built-in lesson or a file. */
  get lessonUrl(): string | null {
    return this.#lessonUrl;
  }

  /** The mode open (the lesson, Explore, Kernel or Puzzles mode…): the machine's program region's state. */
  get mode(): string {
    return getOpenMode(this.actor.getSnapshot(), this.modes);
  }

  /**
   * Calls `listener` with what `selector` picks from the session's snapshot each time that changes
   * (an array is compared element by element), so a view keeps no change keys of its own. The
   * first state the session reaches is always news.
   */
  select<T>(
    selector: (snapshot: SessionSnapshot) => T,
    listener: (value: T, snapshot: SessionSnapshot) => void,
  ): () => void {
    return this.news.select(selector, listener);
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
    const mode = this.mode;
    const { stage } = getMode(mode, this.modes);
    return {
      ...this.current,
      state: getPlayerState(snapshot),
      context,
      mode,
      stage,
      restingCaption: stage === 'shown' ? context.staged.caption : '',
      time,
      steppingTo: this.clock.stopTime,
      frame: this.frame,
      url: getContextUrl({
        context,
        mode,
        modes: this.modes,
        sceneId: this.current.entry.id,
        time,
        lessonUrl: this.#lessonUrl,
        page: this.page,
      }),
    };
  }

  /** The plan of entry `index` at a reading speed (Explore: of its access), from the cache. */
  getPlan(index: number, readingSpeed: ReadingSpeed = this.actor.getSnapshot().context.readingSpeed): TimelinePlan {
    const { access, voiced } = this.actor.getSnapshot().context;
    return this.plans.get({ sceneIndex: index, readingSpeed, access, voiced }).plan;
  }

  /** What the machine knows of each scene: whether it asks first, and its chapter. */
  private getSceneInfo() {
    return this.#program.map((p, i) => ({
      id: p.id,
      asksQuestion: p.asksQuestion,
      chapter: this.getChapter(i).id,
    }));
  }
}
