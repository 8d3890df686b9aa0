import { createModeOpening, createModeState } from './modeStates';
import type { ModeDefinition } from './modes';
import { playerSetup } from './playerSetup';

/**
 * The program region: one state a mode (the lesson, Explore, Kernel mode, Puzzles mode…, as
 * `modes` lists them), and what the learner answered. `explore.open` and `lesson.open` are the
 * ways to Explore and back that a scene's question and an embedding page take; the mode switch
 * sends `mode.open`.
 */
export function createProgramState(modes: readonly ModeDefinition[]) {
  const lesson = modes.find((m) => m.stage === 'lesson')!.id;
  const explore = modes.find((m) => m.stage === 'explore')!.id;
  return playerSetup.createStateConfig({
    initial: 'choosing',
    states: {
      // Entered again each time the transport is (see `PlayerContext.mode`): the mode open stays.
      choosing: {
        always: [
          ...modes.map((mode) => ({
            guard: { type: 'startsIn', params: { mode: mode.id } } as const,
            target: mode.id,
          })),
          { target: modes[0].id },
        ],
      },
      ...Object.fromEntries(modes.map((mode) => [mode.id, createModeState(mode)])),
    },
    on: {
      'mode.open': modes.map(createModeOpening),
      'explore.open': {
        target: [`.${explore}`, '#player.ready.transport'],
        reenter: true,
        actions: [
          { type: 'setMode', params: { mode: explore } },
          { type: 'keepLessonPlace', params: ({ event }) => ({ time: event.time }) },
          { type: 'openExplore', params: ({ event }) => ({ access: event.access, answered: event.answered }) },
        ],
      },
      'lesson.open': {
        target: [`.${lesson}`, '#player.ready.transport'],
        reenter: true,
        actions: [{ type: 'setMode', params: { mode: lesson } }, 'returnToLesson'],
      },
      'lesson.load': {
        target: [`.${lesson}`, '#player.ready.transport'],
        reenter: true,
        actions: [
          { type: 'setMode', params: { mode: lesson } },
          {
            type: 'loadLesson',
            params: ({ event }) => ({ scenes: event.scenes, sceneIndex: event.sceneIndex, startAt: event.startAt }),
          },
        ],
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
}
