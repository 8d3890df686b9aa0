import { createActor, fromPromise } from 'xstate';
import type { EngineError } from '../engine';
import { createProgram, type ProgramEntry } from '../program/createProgram';
import { createTimelineLogic } from '../player/createTimelineLogic';
import { EXPLORE_SCENE } from '../player/playerContext';
import { PlaybackClock } from '../player/PlaybackClock';
import {
  getPlayerState,
  isSessionCommand,
  playerMachine,
  type BootResult,
  type SessionCommand,
  type TimelineInput,
} from '../player/playerMachine';
import type { Chapter, Scene } from '../../scenes';
import { getChapterOf, getChapters, type ProgramChapter } from '../program/getChapters';
import { getFrame, type FrameRecord } from '../timeline/getFrame';
import { snapTime, type ReadingSpeed, type TimelinePlan } from '../timeline/planTimeline';
import { getContextUrl } from './getContextUrl';
import type { KernelLink } from '../kernel/kernelParams';
import { KernelModeState, type StageMode, type StageShown } from './KernelModeState';
import type { PuzzleLink } from './puzzleParams';
import { ProgressKeeper } from './ProgressKeeper';
import { checkLinkScene, readPlayerLink, type Mode, type PlayerUrl } from './playerUrl';
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
  private readonly kernelMode = new KernelModeState();
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
    const query = checkLinkScene(
      options.link ?? readPlayerLink(''),
      this.program.map((p) => p.id),
    );
    this.errors = [...query.errors];
    this.page = { embed: query.embed, origins: query.origins };
    this.progress = new ProgressKeeper(options.store ?? null);
    const saved = this.progress.load();

    const access = getStartAccess(query, this.kernelMode, this.errors);
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
      this.current = this.kernelMode.name(next);
      this.news.emit('scene', this.current);
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
          lastAccess: query.access,
          predict: query.predict,
          lanes: query.lanes,
          presenting: query.present,
          voiceOver: query.voice,
          editing: query.edit,
          captions: query.captions,
          stayInScene: query.end === 'scene',
          predictions: this.kernelMode.on ? { ...saved?.predictions, [EXPLORE_SCENE]: '' } : saved?.predictions,
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
    this.kernelMode.on = false;
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
    this.actor.send(this.kernelMode.take(command));
  }

  /** Opens Kernel or Puzzles mode: Explore's stage, on which the mode's panel puts an instruction ({@link showKernel}). */
  openKernel(kind: StageMode = 'kernel'): void {
    if (this.mode === kind) return;
    const { context } = this.actor.getSnapshot();
    this.kernelMode.enter(this.kernelMode.on ? null : context.lastAccess, kind);
    this.actor.send({ type: 'explore.open', time: this.clock.time, access: context.access ?? undefined, answered: '' });
  }

  /**
   * The link of mode `kind` (Kernel mode's kernel, or Puzzles mode's puzzle), and the instruction it
   * puts on stage (`null`: none) under its title, its question passed over; ignored in another mode.
   */
  showKernel(link: KernelLink | PuzzleLink, shown: StageShown | null, kind: StageMode = 'kernel'): void {
    if (this.mode !== kind) return;
    this.kernelMode.show(kind, link, shown);
    const { context } = this.actor.getSnapshot();
    if (shown && shown.access !== context.access)
      this.actor.send({ type: 'explore.open', time: this.clock.time, access: shown.access, answered: '' });
    else this.news.emit('state', this.getSnapshot());
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

  /**
   * Which view the session is in: the lesson, Explore, Kernel or Puzzles mode (the machine's program
   * region says whether Explore's program plays; the session, whether a kernel or puzzle chose its access).
   */
  get mode(): Mode {
    if (!this.actor.getSnapshot().matches({ ready: { program: 'explore' } })) return 'walkthrough';
    return this.kernelMode.on ? this.kernelMode.kind : 'explore';
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
    return {
      ...this.current,
      state: getPlayerState(snapshot),
      context,
      mode: this.mode,
      restingCaption: this.kernelMode.on ? this.kernelMode.caption : '',
      time,
      steppingTo: this.clock.stopTime,
      frame: this.frame,
      url: getContextUrl({
        context,
        mode: this.mode,
        sceneId: this.current.entry.id,
        time,
        lessonUrl: this.#lessonUrl,
        kernel: this.kernelMode.link,
        puzzle: this.kernelMode.puzzle,
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
