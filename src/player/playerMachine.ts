import { assign, emit, fromCallback, fromPromise, raise, sendTo, setup } from 'xstate';
import { DEFAULT_ACCESS_SPEC, type AccessSpec } from '../engine';
import type { ReadingSpeed } from '../timeline/planTimeline';

/** What the machine needs to know of a scene: its id, and whether it asks a prediction first. */
export interface SceneInfo {
  readonly id: string;
  readonly asksQuestion: boolean;
}

/** Commands the machine sends to the timeline actor, which owns the one clock. */
export type ClockCommand =
  | { type: 'clock.play' }
  | { type: 'clock.pause' }
  | { type: 'clock.seek'; time: number }
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
  readonly speed: number;
  readonly readingSpeed: ReadingSpeed;
  readonly voiced: Voiced;
  /** Explore's access, or `null` in a lesson. */
  readonly access: AccessSpec | null;
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

export type PlayerEvent =
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
  /** Puts another lesson on (or the same one, edited), at a scene and time. */
  | { type: 'lesson.load'; scenes: readonly SceneInfo[]; sceneIndex: number; startAt: number | null }
  | { type: 'quiz.answer'; questionId: string; answer: string }
  /** Adds a lane to those inspected (the older of two gives way), or takes it away again. */
  | { type: 'lane.toggle'; lane: number }
  /** Inspects exactly these lanes (none: clears the selection). */
  | { type: 'lanes.set'; lanes: readonly number[] }
  | { type: 'marks.set'; marks: Marks }
  | { type: 'present.set'; present: boolean }
  | { type: 'captions.set'; captions: boolean }
  | { type: 'voiceOver.set'; voiceOver: boolean }
  | { type: 'voice.hold' }
  | { type: 'voice.resume' }
  | { type: 'timeline.ended' }
  /** The clock has a beat to step to, and will play to it. */
  | { type: 'timeline.stepping' }
  /** The clock reached the beat it was stepping to, and stopped. */
  | { type: 'timeline.reached' }
  /** There is no later (or earlier) beat in this scene to step to. */
  | { type: 'timeline.beyond' }
  | { type: 'timeline.before' };

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
  readonly resumeAfterScrub: boolean;
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
  /** The lanes being inspected, in the order they were chosen (at most {@link MAX_INSPECTED}). */
  readonly lanes: readonly number[];
  /** In and out marks for a clip, in the scene's time. */
  readonly marks: Marks;
  readonly presenting: boolean;
  readonly captions: boolean;
  /** Whether the voice-over recorder is open. */
  readonly voiceOver: boolean;
  /** A clicker's steps stay in the scene shown (a slide), instead of going on through the lesson. */
  readonly stayInScene: boolean;
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
  /** Start in Explore with this access. */
  readonly access?: AccessSpec | null;
  /** Explore's first access when the player starts in the lesson. */
  readonly lastAccess?: AccessSpec;
  readonly predict?: boolean;
  readonly lanes?: readonly number[];
  readonly presenting?: boolean;
  readonly voiceOver?: boolean;
  readonly captions?: boolean;
  readonly stayInScene?: boolean;
  /** What the learner answered before (a saved session). */
  readonly predictions?: Readonly<Record<string, string>>;
  readonly answers?: Readonly<Record<string, string>>;
  readonly lessonPlace?: LessonPlace;
}

const clamp = (i: number, n: number) => Math.min(Math.max(i, 0), n - 1);

/** How many lanes can be inspected at once: the lesson compares two ("select lanes 0 and 1"). */
export const MAX_INSPECTED = 2;

/** The selection with `lane` added (the oldest giving way past the limit), or without it if it was there. */
const toggleLane = (lanes: readonly number[], lane: number) =>
  lanes.includes(lane) ? lanes.filter((l) => l !== lane) : [...lanes, lane].slice(-MAX_INSPECTED);

/** Explore's one scene asks again for every new access, unless predictions are off. */
export const EXPLORE_SCENE = 'explore';

const exploreScenes = (predict: boolean): readonly SceneInfo[] => [{ id: EXPLORE_SCENE, asksQuestion: predict }];

/** Predictions without Explore's, so a new access is asked about afresh. */
const withoutExplore = (predictions: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(predictions).filter(([id]) => id !== EXPLORE_SCENE));

/** Transport events that work alike whether paused, held for a voice, or ended. */
const stepping = {
  'playback.seek': { actions: 'seek' },
  'round.next': { actions: 'nextRound' },
  'round.prev': { actions: 'prevRound' },
  'round.goto': { actions: 'gotoRound' },
} as const;

/**
 * Sequences the scenes and the transport: what state the player is in, never what time it is.
 *
 * @remarks
 * The timeline actor (provided by the session, a stand-in in tests) owns the gsap clock; the
 * machine only tells it to play, pause, seek or re-time, and hears `timeline.ended` back. Scene
 * changes and a new Explore access re-enter `ready`, which restarts the actor with the new scene.
 * Everything else a person changes (reading speed, the inspected lane, marks, presenting,
 * captions) is context here too, so one snapshot says what the player shows.
 */
export const playerMachine = setup({
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
    advances: ({ context }) => context.autoAdvance && context.sceneIndex < context.scenes.length - 1,
    loops: ({ context }) => context.loop,
    resumes: ({ context }) => context.resumeAfterScrub,
    hasNext: ({ context }) => context.sceneIndex < context.scenes.length - 1,
    hasPrev: ({ context }) => context.sceneIndex > 0,
    stepsOn: ({ context }) => !context.stayInScene && context.sceneIndex < context.scenes.length - 1,
    stepsBack: ({ context }) => !context.stayInScene && context.sceneIndex > 0,
    validScene: ({ context, event }) =>
      event.type === 'scene.goto' &&
      Number.isInteger(event.index) &&
      event.index >= 0 &&
      event.index < context.scenes.length,
    exploring: ({ context }) => context.access !== null,
    inLesson: ({ context }) => context.access === null,
    explorePredictionOff: ({ context, event }) =>
      context.access !== null && event.type === 'predict.set' && !event.predict,
  },
  actions: {
    play: sendTo('timeline', { type: 'clock.play' }),
    pause: sendTo('timeline', { type: 'clock.pause' }),
    rewind: sendTo('timeline', { type: 'clock.seek', time: 0 }),
    seek: sendTo('timeline', ({ event }) => ({
      type: 'clock.seek' as const,
      time: event.type === 'playback.seek' || event.type === 'scrub.move' ? event.time : 0,
    })),
    toEnd: sendTo('timeline', { type: 'clock.end' }),
    nextRound: sendTo('timeline', { type: 'clock.round', delta: 1 }),
    prevRound: sendTo('timeline', { type: 'clock.round', delta: -1 }),
    gotoRound: sendTo('timeline', ({ event }) => ({
      type: 'clock.roundAt' as const,
      round: event.type === 'round.goto' ? event.round : 0,
    })),
    nextBeat: sendTo('timeline', { type: 'clock.beat', delta: 1 }),
    prevBeat: sendTo('timeline', { type: 'clock.beat', delta: -1 }),
    stepFrame: sendTo('timeline', ({ event }) => ({
      type: 'clock.frame' as const,
      delta: event.type === 'frame.step' ? event.delta : 1,
    })),
    setSpeed: assign({ speed: ({ context, event }) => (event.type === 'speed.set' ? event.speed : context.speed) }),
    sendSpeed: sendTo('timeline', ({ context }) => ({ type: 'clock.speed' as const, speed: context.speed })),
    setReading: assign({
      readingSpeed: ({ context, event }) => (event.type === 'reading.set' ? event.readingSpeed : context.readingSpeed),
    }),
    sendReading: sendTo('timeline', ({ context }) => ({
      type: 'clock.replan' as const,
      readingSpeed: context.readingSpeed,
      voiced: context.voiced,
    })),
    forgetStart: assign({ startAt: null, startAtLastBeat: false, playOnEnter: false }),
    announceScene: emit(({ context }) => ({ type: 'scene.entered' as const, index: context.sceneIndex })),
    announceEnd: emit(({ context }) => ({ type: 'playback.ended' as const, index: context.sceneIndex })),
  },
}).createMachine({
  id: 'player',
  context: ({ input }) => ({
    lessonScenes: input.scenes,
    scenes: input.access ? exploreScenes(input.predict ?? true) : input.scenes,
    sceneIndex: input.access ? 0 : clamp(input.sceneIndex ?? 0, input.scenes.length),
    startAt: input.startAt ?? null,
    startAtLastBeat: false,
    speed: input.speed ?? 1,
    readingSpeed: input.readingSpeed ?? 'normal',
    voiced: input.voiced ?? {},
    loop: false,
    autoAdvance: false,
    playOnEnter: false,
    resumeAfterScrub: false,
    predictions: input.predictions ?? {},
    answers: input.answers ?? {},
    access: input.access ?? null,
    lastAccess: input.access ?? input.lastAccess ?? DEFAULT_ACCESS_SPEC,
    predict: input.predict ?? true,
    lessonPlace: input.lessonPlace ?? { sceneIndex: clamp(input.sceneIndex ?? 0, input.scenes.length), time: 0 },
    lanes: (input.lanes ?? []).slice(-MAX_INSPECTED),
    marks: { in: null, out: null },
    presenting: input.presenting ?? false,
    captions: input.captions ?? true,
    voiceOver: input.voiceOver ?? false,
    stayInScene: input.stayInScene ?? false,
    failure: null,
  }),
  initial: 'booting',
  on: {
    'lane.toggle': { actions: assign({ lanes: ({ context, event }) => toggleLane(context.lanes, event.lane) }) },
    'lanes.set': { actions: assign({ lanes: ({ event }) => event.lanes.slice(-MAX_INSPECTED) }) },
    'marks.set': { actions: assign({ marks: ({ event }) => event.marks }) },
    'present.set': { actions: assign({ presenting: ({ event }) => event.present }) },
    'captions.set': { actions: assign({ captions: ({ event }) => event.captions }) },
    'voiceOver.set': { actions: assign({ voiceOver: ({ event }) => event.voiceOver }) },
    'quiz.answer': {
      actions: assign({
        answers: ({ context, event }) => ({
          ...context.answers,
          [`${context.scenes[context.sceneIndex].id}/${event.questionId}`]: event.answer,
        }),
      }),
    },
  },
  states: {
    booting: {
      invoke: {
        id: 'boot',
        src: 'boot',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) =>
            event.output ? { voiced: event.output.voiced, startAt: event.output.startAt } : context,
          ),
        },
        onError: {
          target: 'failed',
          actions: assign({
            failure: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)),
          }),
        },
      },
    },
    failed: {},
    ready: {
      invoke: {
        id: 'timeline',
        src: 'timeline',
        input: ({ context }) => ({
          sceneIndex: context.sceneIndex,
          startAt: context.startAt,
          startAtLastBeat: context.startAtLastBeat,
          speed: context.speed,
          readingSpeed: context.readingSpeed,
          voiced: context.voiced,
          access: context.access,
        }),
      },
      entry: 'announceScene',
      initial: 'entering',
      on: {
        'scene.next': {
          guard: 'hasNext',
          target: '.entering',
          reenter: true,
          actions: assign({ sceneIndex: ({ context }) => context.sceneIndex + 1 }),
        },
        'scene.prev': {
          guard: 'hasPrev',
          target: '.entering',
          reenter: true,
          actions: assign({ sceneIndex: ({ context }) => context.sceneIndex - 1 }),
        },
        'scene.goto': {
          guard: 'validScene',
          target: '.entering',
          reenter: true,
          actions: assign({
            sceneIndex: ({ context, event }) => (event.type === 'scene.goto' ? event.index : context.sceneIndex),
          }),
        },
        'access.set': {
          guard: 'exploring',
          target: '.entering',
          reenter: true,
          actions: assign({
            access: ({ event }) => event.access,
            lastAccess: ({ event }) => event.access,
            lanes: [],
            predictions: ({ context }) => withoutExplore(context.predictions),
          }),
        },
        'explore.open': {
          target: '.entering',
          reenter: true,
          actions: assign({
            lessonPlace: ({ context, event }) =>
              context.access === null ? { sceneIndex: context.sceneIndex, time: event.time } : context.lessonPlace,
            access: ({ context, event }) => event.access ?? context.lastAccess,
            lastAccess: ({ context, event }) => event.access ?? context.lastAccess,
            scenes: ({ context }) => exploreScenes(context.predict),
            sceneIndex: 0,
            startAt: null,
            lanes: [],
            predictions: ({ context, event }) => ({
              ...withoutExplore(context.predictions),
              ...(event.answered === undefined ? {} : { [EXPLORE_SCENE]: event.answered }),
            }),
          }),
        },
        'lesson.open': {
          guard: 'exploring',
          target: '.entering',
          reenter: true,
          actions: assign({
            access: null,
            scenes: ({ context }) => context.lessonScenes,
            sceneIndex: ({ context }) => context.lessonPlace.sceneIndex,
            startAt: ({ context }) => context.lessonPlace.time,
            lanes: [],
          }),
        },
        'lesson.load': {
          target: '.entering',
          reenter: true,
          actions: assign({
            lessonScenes: ({ event }) => event.scenes,
            scenes: ({ event }) => event.scenes,
            sceneIndex: ({ event }) => clamp(event.sceneIndex, event.scenes.length),
            startAt: ({ event }) => event.startAt,
            access: null,
            lanes: [],
            lessonPlace: ({ event }) => ({ sceneIndex: clamp(event.sceneIndex, event.scenes.length), time: 0 }),
            // What the learner answered stays with the scenes of that id; the voice belongs to the old text.
            voiced: {},
          }),
        },
        'predict.set': {
          actions: assign({
            predict: ({ event }) => event.predict,
            scenes: ({ context, event }) => (context.access === null ? context.scenes : exploreScenes(event.predict)),
          }),
        },
        // Stepping past the last beat goes on to the next scene, and before the first back to the
        // previous scene's last beat, as a deck steps through fragments and slides.
        'timeline.beyond': [
          {
            guard: 'stepsOn',
            target: '.entering',
            reenter: true,
            actions: assign({ sceneIndex: ({ context }) => context.sceneIndex + 1 }),
          },
          {
            target: '.paused',
            actions: emit(({ context }) => ({ type: 'steps.beyond' as const, index: context.sceneIndex })),
          },
        ],
        'timeline.before': {
          guard: 'stepsBack',
          target: '.entering',
          reenter: true,
          actions: assign({ sceneIndex: ({ context }) => context.sceneIndex - 1, startAtLastBeat: true }),
        },
        'speed.set': { actions: ['setSpeed', 'sendSpeed'] },
        'reading.set': { actions: ['setReading', 'sendReading'] },
        'voice.takes': { actions: [assign({ voiced: ({ event }) => event.voiced }), 'sendReading'] },
        'loop.set': { actions: assign({ loop: ({ event }) => event.loop }) },
        'autoAdvance.set': { actions: assign({ autoAdvance: ({ event }) => event.autoAdvance }) },
      },
      states: {
        entering: {
          // In and out marks belong to the scene (or access) they were set in.
          entry: assign({ marks: { in: null, out: null } }),
          always: [
            { guard: 'asksQuestion', target: 'awaitingPrediction', actions: 'forgetStart' },
            { guard: 'playOnEnter', target: 'playing', actions: 'forgetStart' },
            { target: 'paused', actions: 'forgetStart' },
          ],
        },
        paused: {
          on: {
            ...stepping,
            'playback.play': 'playing',
            'playback.toggle': 'playing',
            'playback.restart': { target: 'playing', actions: 'rewind' },
            'playback.end': { actions: 'toEnd' },
            'scrub.start': { target: 'scrubbing', actions: assign({ resumeAfterScrub: false }) },
            'frame.step': { actions: 'stepFrame' },
            'beat.next': { actions: 'nextBeat' },
            'beat.prev': { actions: 'prevBeat' },
            'timeline.stepping': 'playing',
          },
        },
        playing: {
          entry: 'play',
          exit: 'pause',
          on: {
            ...stepping,
            'playback.pause': 'paused',
            'playback.toggle': 'paused',
            'playback.restart': { actions: 'rewind' },
            'playback.end': { target: 'paused', actions: 'toEnd' },
            'scrub.start': { target: 'scrubbing', actions: assign({ resumeAfterScrub: true }) },
            'frame.step': { target: 'paused', actions: 'stepFrame' },
            'beat.next': { actions: 'nextBeat' },
            'beat.prev': { target: 'paused', actions: 'prevBeat' },
            'timeline.reached': 'paused',
            'voice.hold': 'held',
            'timeline.ended': [
              {
                guard: 'advances',
                actions: ['announceEnd', assign({ playOnEnter: true }), raise({ type: 'scene.next' })],
              },
              { guard: 'loops', actions: ['rewind', 'play'] },
              { target: 'ended', actions: 'announceEnd' },
            ],
          },
        },
        // Playing, but the clock waits while a voice reads the caption aloud.
        held: {
          on: {
            ...stepping,
            'voice.resume': 'playing',
            // A step reached its beat while a voice read: the step ends there, as when playing.
            'timeline.reached': 'paused',
            'beat.next': { actions: 'nextBeat' },
            'timeline.stepping': 'playing',
            'beat.prev': { target: 'paused', actions: 'prevBeat' },
            'playback.pause': 'paused',
            'playback.toggle': 'paused',
            'playback.restart': { target: 'playing', actions: 'rewind' },
            'playback.end': { target: 'paused', actions: 'toEnd' },
            'scrub.start': { target: 'scrubbing', actions: assign({ resumeAfterScrub: true }) },
            'frame.step': { target: 'paused', actions: 'stepFrame' },
          },
        },
        scrubbing: {
          on: {
            'scrub.move': { actions: 'seek' },
            'playback.seek': { actions: 'seek' },
            'scrub.end': [{ guard: 'resumes', target: 'playing' }, { target: 'paused' }],
          },
        },
        awaitingPrediction: {
          on: {
            // The verdict is read first; the learner starts the animation when ready.
            'prediction.submit': {
              target: 'paused',
              actions: [
                assign({
                  predictions: ({ context, event }) => ({
                    ...context.predictions,
                    [context.scenes[context.sceneIndex].id]: event.answer,
                  }),
                }),
                emit(({ context, event }) => ({
                  type: 'prediction.answered' as const,
                  sceneId: context.scenes[context.sceneIndex].id,
                  answer: event.answer,
                  attempt: event.attempt ?? 1,
                  hinted: event.hinted ?? false,
                  final: true,
                })),
              ],
            },
            'prediction.attempt': {
              actions: emit(({ context, event }) => ({
                type: 'prediction.answered' as const,
                sceneId: context.scenes[context.sceneIndex].id,
                answer: event.answer,
                attempt: event.attempt,
                hinted: event.hinted,
                final: false,
              })),
            },
            'prediction.skip': 'paused',
            'beat.prev': { actions: raise({ type: 'timeline.before' }) },
            // Asked of a room (a clicker's next step): the model's answer is revealed, no one's given.
            'beat.next': {
              target: 'paused',
              actions: assign({
                predictions: ({ context }) => ({ ...context.predictions, [context.scenes[context.sceneIndex].id]: '' }),
              }),
            },
            'predict.set': {
              guard: 'explorePredictionOff',
              target: 'paused',
              actions: assign({
                predict: false,
                scenes: ({ context }) => (context.access ? exploreScenes(false) : context.scenes),
              }),
            },
          },
        },
        ended: {
          on: {
            'playback.play': { target: 'playing', actions: 'rewind' },
            'playback.toggle': { target: 'playing', actions: 'rewind' },
            'playback.restart': { target: 'playing', actions: 'rewind' },
            'playback.seek': { target: 'paused', actions: 'seek' },
            'scrub.start': { target: 'scrubbing', actions: assign({ resumeAfterScrub: false }) },
            'round.next': { target: 'paused', actions: 'nextRound' },
            'round.prev': { target: 'paused', actions: 'prevRound' },
            'round.goto': { target: 'paused', actions: 'gotoRound' },
            'frame.step': { target: 'paused', actions: 'stepFrame' },
            'beat.next': { actions: 'nextBeat' },
            'beat.prev': { target: 'paused', actions: 'prevBeat' },
            'timeline.stepping': 'playing',
          },
        },
      },
    },
  },
});
