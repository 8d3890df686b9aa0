import type { SnapshotFrom, StateValue } from 'xstate';
import { createPlayerContext, EXPLORE_SCENE, toggleLane } from './playerContext';
import { playerSetup } from './playerSetup';
import { MAX_INSPECTED } from './playerTypes';
import { programState } from './programState';
import { transportState } from './transportState';

export * from './playerTypes';
export { EXPLORE_SCENE };

/**
 * Sequences the scenes and the transport: what state the player is in, never what time it is.
 *
 * @remarks
 * `ready` runs three regions side by side: the **program** (the lesson, or Explore), the
 * **view** (lanes inspected, marks, presenting, captions, the recorder: none of it moves the
 * clock), and the **transport**, which invokes the timeline actor (provided by the session, a
 * stand-in in tests) that owns the gsap clock. A new scene or access re-enters the transport
 * alone, which restarts the actor with it.
 */
export const playerMachine = playerSetup.createMachine({
  id: 'player',
  context: ({ input }) => createPlayerContext(input),
  initial: 'booting',
  states: {
    booting: {
      invoke: {
        id: 'boot',
        src: 'boot',
        onDone: {
          target: 'ready',
          actions: { type: 'applyBoot', params: ({ event }) => event.output ?? null },
        },
        onError: {
          target: 'failed',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {},
    ready: {
      type: 'parallel',
      states: {
        program: programState,
        view: {
          on: {
            'lane.toggle': {
              actions: {
                type: 'setView',
                params: ({ context, event }) => ({ lanes: toggleLane(context.view.lanes, event.lane) }),
              },
            },
            'lanes.set': {
              actions: { type: 'setView', params: ({ event }) => ({ lanes: event.lanes.slice(-MAX_INSPECTED) }) },
            },
            'marks.set': { actions: { type: 'setView', params: ({ event }) => ({ marks: event.marks }) } },
            'present.set': { actions: { type: 'setView', params: ({ event }) => ({ presenting: event.present }) } },
            'captions.set': { actions: { type: 'setView', params: ({ event }) => ({ captions: event.captions }) } },
            'voiceOver.set': { actions: { type: 'setView', params: ({ event }) => ({ voiceOver: event.voiceOver }) } },
            'editor.set': { actions: { type: 'setView', params: ({ event }) => ({ editing: event.editing }) } },
          },
        },
        transport: transportState,
      },
    },
  },
});

/** The machine's state, as one name: `booting`, `failed`, or the transport's state (`playing`…). */
export type PlayerState =
  'booting' | 'failed' | 'entering' | 'paused' | 'playing' | 'held' | 'scrubbing' | 'awaitingPrediction' | 'ended';

/** The transport's innermost state (or `booting`, `failed`): what a person would call the player's state. */
export function getPlayerState(snapshot: SnapshotFrom<typeof playerMachine>): PlayerState {
  const value = snapshot.value;
  if (typeof value === 'string') return value;
  let state: StateValue = value.ready.transport;
  while (typeof state !== 'string') state = Object.values(state)[0]!;
  return state as PlayerState;
}
