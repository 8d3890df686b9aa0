import { DEFAULT_ACCESS_SPEC, type AccessSpec } from '../engine';
import { MAX_INSPECTED, type PlayerContext, type PlayerInput, type SceneInfo } from './playerTypes';

/** Explore's one scene asks again for every new access, unless predictions are off. */
export const EXPLORE_SCENE = 'explore';

export const exploreScenes = (predict: boolean): readonly SceneInfo[] => [{ id: EXPLORE_SCENE, asksQuestion: predict }];

/** Predictions without Explore's, so a new access is asked about afresh. */
export const withoutExplore = (predictions: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(predictions).filter(([id]) => id !== EXPLORE_SCENE));

/** The selection with `lane` added (the oldest giving way past the limit), or without it if it was there. */
export const toggleLane = (lanes: readonly number[], lane: number) =>
  lanes.includes(lane) ? lanes.filter((l) => l !== lane) : [...lanes, lane].slice(-MAX_INSPECTED);

/** `i` kept to the indices of a list of `n`. */
export const clamp = (i: number, n: number) => Math.min(Math.max(i, 0), n - 1);

/** What the clock plays now: the lesson's scene on stage, or Explore's one. */
export const sceneOnStage = (context: PlayerContext): SceneInfo => context.scenes[context.sceneIndex];

/**
 * Whether the scene on stage asks its question before it plays: it has one, unanswered, and the
 * voice-over recorder and the lesson editor are closed (an instructor recording reads every
 * caption, whatever the room would predict, and the recorder and the stage must move together; an
 * author sees the beat they are writing, not the learner's question over it).
 */
export const isAsking = (context: PlayerContext): boolean => {
  const scene = sceneOnStage(context);
  return scene.asksQuestion && !(scene.id in context.predictions) && !context.view.voiceOver && !context.view.editing;
};

/** The context for Explore on `access`, asking again unless `answered` says what was answered. */
export function exploreAt(
  context: PlayerContext,
  access: AccessSpec,
  answered: string | undefined,
): Partial<PlayerContext> {
  return {
    access,
    lastAccess: access,
    scenes: exploreScenes(context.predict),
    sceneIndex: 0,
    startAt: null,
    view: { ...context.view, lanes: [] },
    predictions: {
      ...withoutExplore(context.predictions),
      ...(answered === undefined ? {} : { [EXPLORE_SCENE]: answered }),
    },
  };
}

/** The machine's first context, from what the session starts it with (a link, a saved visit). */
export function createPlayerContext(input: PlayerInput): PlayerContext {
  const lessonIndex = clamp(input.sceneIndex ?? 0, input.scenes.length);
  return {
    lessonScenes: input.scenes,
    scenes: input.access ? exploreScenes(input.predict ?? true) : input.scenes,
    sceneIndex: input.access ? 0 : lessonIndex,
    startAt: input.startAt ?? null,
    startAtLastBeat: false,
    speed: input.speed ?? 1,
    readingSpeed: input.readingSpeed ?? 'normal',
    voiced: input.voiced ?? {},
    loop: false,
    autoAdvance: false,
    playOnEnter: false,
    predictions: input.predictions ?? {},
    answers: input.answers ?? {},
    access: input.access ?? null,
    lastAccess: input.access ?? input.lastAccess ?? DEFAULT_ACCESS_SPEC,
    predict: input.predict ?? true,
    lessonPlace: input.lessonPlace ?? { sceneIndex: lessonIndex, time: 0 },
    mode: input.mode ?? '',
    links: input.links ?? {},
    staged: { title: null, caption: '' },
    view: {
      lanes: (input.lanes ?? []).slice(-MAX_INSPECTED),
      marks: { in: null, out: null },
      presenting: input.presenting ?? false,
      captions: input.captions ?? true,
      voiceOver: input.voiceOver ?? false,
      editing: input.editing ?? false,
      stayInScene: input.stayInScene ?? false,
    },
    failure: null,
  };
}
