import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type {
  BootResult,
  ClockCommand,
  PlayerContext,
  PlayerEmitted,
  PlayerEvent,
  PlayerInput,
  TimelineInput,
} from './playerTypes';

/** The player machine's types, actors, guards and actions, shared by the files that make its regions. */
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
    asksQuestion: ({ context }) => {
      const scene = context.scenes[context.sceneIndex];
      return scene.asksQuestion && !(scene.id in context.predictions);
    },
    playOnEnter: ({ context }) => context.playOnEnter,
    advances: ({ context }) => context.autoAdvance && inChapter(context, context.sceneIndex + 1),
    loops: ({ context }) => context.loop,
    resumes: ({ context }) => context.resumeAfterScrub,
    hasNext: ({ context }) => context.sceneIndex < context.scenes.length - 1,
    hasPrev: ({ context }) => context.sceneIndex > 0,
    stepsOn: ({ context }) => !context.view.stayInScene && inChapter(context, context.sceneIndex + 1),
    stepsBack: ({ context }) => !context.view.stayInScene && inChapter(context, context.sceneIndex - 1),
    isScene: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) && params.index >= 0 && params.index < context.scenes.length,
    exploring: ({ context }) => context.access !== null,
    /** Explore's predictions turned off: its question is not asked. */
    stopsAsking: ({ context }, params: { predict: boolean }) => context.access !== null && !params.predict,
  },
  actions: {
    clock: sendTo('timeline', (_, command: ClockCommand) => command),
    // A lane inspected in one scene is no lane of the next: its callout would sit over another access.
    setScene: assign({
      sceneIndex: (_, params: { index: number }) => params.index,
      view: ({ context }) => ({ ...context.view, lanes: [] }),
    }),
    setSpeed: assign({ speed: (_, params: { speed: number }) => params.speed }),
    sendSpeed: sendTo('timeline', ({ context }) => ({ type: 'clock.speed' as const, speed: context.speed })),
    sendReading: sendTo('timeline', ({ context }) => ({
      type: 'clock.replan' as const,
      readingSpeed: context.readingSpeed,
      voiced: context.voiced,
    })),
    setView: assign({
      view: ({ context }, params: Partial<PlayerContext['view']>) => ({ ...context.view, ...params }),
    }),
    forgetStart: assign({ startAt: null, startAtLastBeat: false, playOnEnter: false }),
    announceScene: emit(({ context }) => ({ type: 'scene.entered' as const, index: context.sceneIndex })),
    announceEnd: emit(({ context }) => ({ type: 'playback.ended' as const, index: context.sceneIndex })),
    answer: emit(({ context }, params: { answer: string; attempt: number; hinted: boolean; final: boolean }) => ({
      type: 'prediction.answered' as const,
      sceneId: context.scenes[context.sceneIndex].id,
      ...params,
    })),
  },
});

/**
 * Whether scene `index` exists and is in the chapter of the scene on stage: playing on and a
 * clicker's steps go no further (a chapter after is chosen, never run into).
 */
function inChapter(context: PlayerContext, index: number): boolean {
  const next = context.scenes[index];
  return next !== undefined && next.chapter === context.scenes[context.sceneIndex].chapter;
}

/** Goes to a scene (or the same one again, for a new access): the transport starts over there. */
export const ENTER = { target: '#player.ready.transport', reenter: true } as const;

/** Sends the clock a command that depends on nothing but itself. */
export const command = (made: ClockCommand) => ({ type: 'clock' as const, params: made });

/** Sends the clock to a fixed time. */
export const seekTo = (time: number) => command({ type: 'clock.seek', time });
