import { assign, emit, fromCallback, fromPromise, sendTo, setup, stateIn } from 'xstate';
import type { AccessSpec } from '../engine';
import {
  clamp,
  EXPLORE_SCENE,
  exploreAt,
  exploreScenes,
  isAsking,
  sceneOnStage,
  withoutExplore,
} from './playerContext';
import type {
  BootResult,
  ClockCommand,
  PlayerContext,
  PlayerEmitted,
  PlayerEvent,
  PlayerInput,
  SceneInfo,
  StageShown,
  TimelineInput,
} from './playerTypes';
import type { ModeLink } from './modes';

/** How the clock plays, apart from where it stands: what the transport's settings change. */
type PlaybackSettings = Pick<
  PlayerContext,
  'speed' | 'readingSpeed' | 'voiced' | 'loop' | 'autoAdvance' | 'playOnEnter'
>;

/**
 * The player machine's types, actors, guards and actions, shared by the files that make its regions.
 *
 * @remarks
 * Every change of the context is a named action here, given what it needs as params (XState's
 * `setup()`), so the regions' transitions read as what happens, not how the context is rebuilt.
 */
export const playerSetup = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    emitted: {} as PlayerEmitted,
  },
  actors: {
    // Placeholders: the session provides the real boot and timeline logic with `machine.provide`.
    boot: fromPromise<BootResult | void>(async () => {}),
    timeline: fromCallback<ClockCommand, TimelineInput>(() => {}),
  },
  guards: {
    asksQuestion: ({ context }) => isAsking(context),
    playOnEnter: ({ context }) => context.playOnEnter,
    advances: ({ context }) => context.autoAdvance && inChapter(context, context.sceneIndex + 1),
    loops: ({ context }) => context.loop,
    hasNext: ({ context }) => context.sceneIndex < context.scenes.length - 1,
    hasPrev: ({ context }) => context.sceneIndex > 0,
    // A clicker's steps go on through the lesson, across a chapter's end too: the presenter asked.
    stepsOn: ({ context }) => !context.view.stayInScene && context.sceneIndex < context.scenes.length - 1,
    stepsBack: ({ context }) => !context.view.stayInScene && context.sceneIndex > 0,
    /** The voice-over recorder opens: it reads every caption, so a question open gives way. */
    opensRecorder: (_, params: { voiceOver: boolean }) => params.voiceOver,
    /** The lesson editor opens: the author sees the scene they write, so a question open gives way. */
    opensEditor: (_, params: { editing: boolean }) => params.editing,
    isScene: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < context.scenes.length,
    /** The mode open (the program region is entered again with the transport: see `PlayerContext.mode`). */
    startsIn: ({ context }, params: { mode: string }) => context.mode === params.mode,
    /** The event names mode `mode` (opens it, or shows something in it). */
    names: ({ event }, params: { mode: string }) =>
      (event.type === 'mode.open' || event.type === 'stage.show') && event.mode === params.mode,
    /** A mode's panel shows an access other than the one on stage: the transport starts over on it. */
    restages: ({ context, event }) =>
      event.type === 'stage.show' && event.shown !== null && event.shown.access !== context.access,
    /** Explore's predictions turned off: its question is not asked. */
    stopsAsking: ({ context }, params: { predict: boolean }) => context.access !== null && !params.predict,
    /** Standing at the scene's end, which a move of the clock leaves. */
    atEnd: stateIn('#player.ready.transport.watching.stopped.ended'),
  },
  actions: {
    clock: sendTo('timeline', (_, command: ClockCommand) => command),
    sendSpeed: sendTo('timeline', ({ context }) => ({ type: 'clock.speed' as const, speed: context.speed })),
    sendReading: sendTo('timeline', ({ context }) => ({
      type: 'clock.replan' as const,
      readingSpeed: context.readingSpeed,
      voiced: context.voiced,
    })),
    /** What booting found: the voices, and where the first scene starts. */
    applyBoot: assign((_, params: BootResult | null) =>
      params ? { voiced: params.voiced, startAt: params.startAt } : {},
    ),
    setFailure: assign({
      failure: (_, params: { error: unknown }) =>
        params.error instanceof Error ? params.error.message : String(params.error),
    }),
    /**
     * Goes to scene `index`: at its start, or (`atLastBeat`, stepping back into it) at its last beat.
     * A lane inspected in one scene is no lane of the next: its callout would sit over another access.
     */
    setScene: assign(({ context }, params: { index: number; atLastBeat?: boolean }) => ({
      sceneIndex: params.index,
      startAtLastBeat: params.atLastBeat ?? false,
      view: { ...context.view, lanes: [] },
    })),
    setPlayback: assign((_, params: Partial<PlaybackSettings>) => params),
    /** Mode `mode` opens. */
    setMode: assign((_, params: { mode: string }) => ({ mode: params.mode })),
    setView: assign({
      view: ({ context }, params: Partial<PlayerContext['view']>) => ({ ...context.view, ...params }),
    }),
    forgetStart: assign({ startAt: null, startAtLastBeat: false, playOnEnter: false }),
    /** The learner's prediction about the scene on stage (empty: the answer was revealed to a room, or the question skipped). */
    recordPrediction: assign({
      predictions: ({ context }, params: { answer: string }) => ({
        ...context.predictions,
        [sceneOnStage(context).id]: params.answer,
      }),
    }),
    /** An answer to one of the questions of the scene on stage. */
    recordAnswer: assign({
      answers: ({ context }, params: { questionId: string; answer: string }) => ({
        ...context.answers,
        [`${sceneOnStage(context).id}/${params.questionId}`]: params.answer,
      }),
    }),
    /** Leaving the lesson, remembers where it stands, which the way back to it returns to. */
    keepLessonPlace: assign({
      lessonPlace: ({ context }, params: { time: number }) =>
        context.access === null ? { sceneIndex: context.sceneIndex, time: params.time } : context.lessonPlace,
    }),
    openExplore: assign(({ context }, params: { access?: AccessSpec; answered?: string }) => ({
      ...exploreAt(context, params.access ?? context.lastAccess, params.answered),
      staged: { title: null, caption: '' },
    })),
    /**
     * A mode whose panel shows its own instructions opens on Explore's stage: the access on it stays
     * (Explore's last, from the lesson) until the panel shows one, and nothing is asked of it.
     */
    openShown: assign(({ context }) => ({
      ...exploreAt(context, context.access ?? context.lastAccess, ''),
      lastAccess: context.lastAccess,
      staged: { title: null, caption: '' },
    })),
    /** What a mode's panel shows: its link, and the instruction (a new one is asked nothing of) under its title. */
    showStage: assign(({ context }, params: { mode: string; link: ModeLink; shown: StageShown | null }) => ({
      links: { ...context.links, [params.mode]: params.link },
      staged: {
        title: params.shown?.title ?? context.staged.title,
        caption: params.shown?.caption ?? context.staged.caption,
      },
      ...(params.shown && params.shown.access !== context.access
        ? {
            access: params.shown.access,
            startAt: null,
            view: { ...context.view, lanes: [] },
            predictions: { ...withoutExplore(context.predictions), [EXPLORE_SCENE]: '' },
          }
        : {}),
    })),
    /** Explore shows a new access: no lane inspected, and its question asked afresh. */
    setAccess: assign(({ context }, params: { access: AccessSpec }) => ({
      access: params.access,
      lastAccess: params.access,
      view: { ...context.view, lanes: [] },
      predictions: withoutExplore(context.predictions),
    })),
    returnToLesson: assign(({ context }) => ({
      access: null,
      staged: { title: null, caption: '' },
      scenes: context.lessonScenes,
      sceneIndex: context.lessonPlace.sceneIndex,
      startAt: context.lessonPlace.time,
      view: { ...context.view, lanes: [] },
    })),
    /** Another lesson (or the same, edited): what was answered stays by scene id; the voices belonged to the old text. */
    loadLesson: assign(
      ({ context }, params: { scenes: readonly SceneInfo[]; sceneIndex: number; startAt: number | null }) => {
        const sceneIndex = clamp(params.sceneIndex, params.scenes.length);
        return {
          lessonScenes: params.scenes,
          scenes: params.scenes,
          sceneIndex,
          startAt: params.startAt,
          access: null,
          staged: { title: null, caption: '' },
          lessonPlace: { sceneIndex, time: 0 },
          view: { ...context.view, lanes: [] },
          voiced: {},
        };
      },
    ),
    setPredict: assign(({ context }, params: { predict: boolean }) => ({
      predict: params.predict,
      scenes: context.access === null ? context.scenes : exploreScenes(params.predict),
    })),
    announceScene: emit(({ context }) => ({ type: 'scene.entered' as const, index: context.sceneIndex })),
    announceEnd: emit(({ context }) => ({ type: 'playback.ended' as const, index: context.sceneIndex })),
    announceBeyond: emit(({ context }) => ({ type: 'steps.beyond' as const, index: context.sceneIndex })),
    answer: emit(({ context }, params: { answer: string; attempt: number; hinted: boolean; final: boolean }) => ({
      type: 'prediction.answered' as const,
      sceneId: sceneOnStage(context).id,
      ...params,
    })),
  },
});

/**
 * Whether scene `index` exists and is in the chapter of the scene on stage: playing on goes no
 * further (a chapter after is chosen or stepped into, never run into).
 */
function inChapter(context: PlayerContext, index: number): boolean {
  const next = context.scenes[index];
  return next !== undefined && next.chapter === sceneOnStage(context).chapter;
}

/** Goes to a scene (or the same one again, for a new access): the transport starts over there. */
export const ENTER = { target: '#player.ready.transport', reenter: true } as const;

/** Sends the clock a command that depends on nothing but itself. */
export const command = (made: ClockCommand) => ({ type: 'clock' as const, params: made });

/**
 * Sends the clock where the scene was entered at (a link's moment, or its last beat when stepped
 * back into), which a question asked first put off: the question is asked over the scene's start,
 * where nothing of its answer is drawn yet.
 */
export const toStart = command({ type: 'clock.toStart' });

/** Sends the clock to a fixed time. */
export const seekTo = (time: number) => command({ type: 'clock.seek', time });
