import { assign } from 'xstate';
import type { AccessSpec } from '../engine';
import { EXPLORE_SCENE, exploreScenes, withoutExplore } from './playerContext';
import { ENTER, playerSetup } from './playerSetup';
import type { PlayerContext } from './playerTypes';

/** The program region: the lesson, or Explore on one access, and what the learner answered. */
export const programState = playerSetup.createStateConfig({
  initial: 'choosing',
  states: {
    choosing: { always: [{ guard: 'exploring', target: 'explore' }, { target: 'lesson' }] },
    lesson: {
      on: {
        'explore.open': {
          target: ['explore', '#player.ready.transport'],
          reenter: true,
          actions: assign(({ context, event }) => ({
            lessonPlace: { sceneIndex: context.sceneIndex, time: event.time },
            ...exploreAt(context, event.access ?? context.lastAccess, event.answered),
          })),
        },
      },
    },
    explore: {
      on: {
        'explore.open': {
          target: '#player.ready.transport',
          reenter: true,
          actions: assign(({ context, event }) =>
            exploreAt(context, event.access ?? context.lastAccess, event.answered),
          ),
        },
        'access.set': {
          ...ENTER,
          actions: assign({
            access: ({ event }) => event.access,
            lastAccess: ({ event }) => event.access,
            view: ({ context }) => ({ ...context.view, lanes: [] }),
            predictions: ({ context }) => withoutExplore(context.predictions),
          }),
        },
        'lesson.open': {
          target: ['lesson', '#player.ready.transport'],
          reenter: true,
          actions: assign({
            access: null,
            scenes: ({ context }) => context.lessonScenes,
            sceneIndex: ({ context }) => context.lessonPlace.sceneIndex,
            startAt: ({ context }) => context.lessonPlace.time,
            view: ({ context }) => ({ ...context.view, lanes: [] }),
          }),
        },
      },
    },
  },
  on: {
    'lesson.load': {
      target: ['.lesson', '#player.ready.transport'],
      reenter: true,
      actions: assign(({ context, event }) => {
        const sceneIndex = clamp(event.sceneIndex, event.scenes.length);
        return {
          lessonScenes: event.scenes,
          scenes: event.scenes,
          sceneIndex,
          startAt: event.startAt,
          access: null,
          lessonPlace: { sceneIndex, time: 0 },
          view: { ...context.view, lanes: [] },
          // What the learner answered stays with the scenes of that id; the voice belongs to the old text.
          voiced: {},
        };
      }),
    },
    'predict.set': {
      actions: assign({
        predict: ({ event }) => event.predict,
        scenes: ({ context, event }) => (context.access === null ? context.scenes : exploreScenes(event.predict)),
      }),
    },
    'quiz.answer': {
      actions: assign({
        answers: ({ context, event }) => ({
          ...context.answers,
          [`${context.scenes[context.sceneIndex].id}/${event.questionId}`]: event.answer,
        }),
      }),
    },
  },
});

function clamp(i: number, n: number): number {
  return Math.min(Math.max(i, 0), n - 1);
}

/** The context for Explore on `access`, asking again unless `answered` says what was answered. */
function exploreAt(context: PlayerContext, access: AccessSpec, answered: string | undefined): Partial<PlayerContext> {
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
