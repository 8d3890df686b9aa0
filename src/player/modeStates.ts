import { and } from 'xstate';
import { ENTER, playerSetup } from './playerSetup';
import type { ModeDefinition, ModeStage } from './modes';
import type { PlayerEvent } from './playerTypes';

/** The guard of a transition for mode `mode`: the event (`mode.open`, `stage.show`) names it. */
const opening = (mode: string) => ({ type: 'names', params: { mode } }) as const;

/** Leaving the lesson remembers where its clock stands, which the way back returns to. */
const leaving = {
  type: 'keepLessonPlace',
  params: ({ event }: { event: PlayerEvent }) => ({ time: event.type === 'mode.open' ? event.time : 0 }),
} as const;

/**
 * What opening a mode does, by what it plays: back to the lesson's place; Explore on the access it
 * showed last; or, for a mode whose panel shows its own instructions, the access on stage kept
 * until the panel shows one.
 */
const ENTRY_ACTIONS = {
  lesson: ['returnToLesson'],
  explore: [leaving, { type: 'openExplore', params: {} }],
  shown: [leaving, 'openShown'],
} as const satisfies Record<ModeStage, unknown>;

/** The transition `mode.open` takes to `mode`, from the program region (any other mode). */
export const createModeOpening = (mode: ModeDefinition) => ({
  guard: opening(mode.id),
  target: [`.${mode.id}`, '#player.ready.transport'],
  reenter: true,
  actions: [{ type: 'setMode', params: { mode: mode.id } } as const, ...ENTRY_ACTIONS[mode.stage]],
});

/**
 * A mode's state in the program region, made from what it plays: each takes the events of its
 * own (Explore a new access; a `shown` mode what its panel puts on stage), and `mode.open` naming
 * itself changes nothing.
 */
export function createModeState(mode: ModeDefinition) {
  const stays = { guard: opening(mode.id) };
  switch (mode.stage) {
    case 'lesson':
      // Already in the lesson, its way back goes nowhere.
      return playerSetup.createStateConfig({ on: { 'mode.open': stays, 'lesson.open': {} } });
    case 'explore':
      return playerSetup.createStateConfig({
        on: {
          'mode.open': stays,
          'access.set': { ...ENTER, actions: { type: 'setAccess', params: ({ event }) => ({ access: event.access }) } },
        },
      });
    case 'shown':
      return playerSetup.createStateConfig({
        on: {
          'mode.open': stays,
          'stage.show': [
            {
              ...ENTER,
              guard: and([opening(mode.id), 'restages']),
              actions: {
                type: 'showStage',
                params: ({ event }) => ({ mode: event.mode, link: event.link, shown: event.shown }),
              },
            },
            {
              guard: opening(mode.id),
              actions: {
                type: 'showStage',
                params: ({ event }) => ({ mode: event.mode, link: event.link, shown: event.shown }),
              },
            },
          ],
        },
      });
  }
}
