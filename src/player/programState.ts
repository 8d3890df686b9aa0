import { ENTER, playerSetup } from './playerSetup';

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
          actions: [
            { type: 'keepLessonPlace', params: ({ event }) => ({ time: event.time }) },
            { type: 'openExplore', params: ({ event }) => ({ access: event.access, answered: event.answered }) },
          ],
        },
      },
    },
    explore: {
      on: {
        'explore.open': {
          target: '#player.ready.transport',
          reenter: true,
          actions: { type: 'openExplore', params: ({ event }) => ({ access: event.access, answered: event.answered }) },
        },
        'access.set': { ...ENTER, actions: { type: 'setAccess', params: ({ event }) => ({ access: event.access }) } },
        'lesson.open': { target: ['lesson', '#player.ready.transport'], reenter: true, actions: 'returnToLesson' },
      },
    },
  },
  on: {
    'lesson.load': {
      target: ['.lesson', '#player.ready.transport'],
      reenter: true,
      actions: {
        type: 'loadLesson',
        params: ({ event }) => ({ scenes: event.scenes, sceneIndex: event.sceneIndex, startAt: event.startAt }),
      },
    },
    'predict.set': { actions: { type: 'setPredict', params: ({ event }) => ({ predict: event.predict }) } },
    'quiz.answer': {
      actions: {
        type: 'recordAnswer',
        params: ({ event }) => ({ questionId: event.questionId, answer: event.answer }),
      },
    },
  },
});
