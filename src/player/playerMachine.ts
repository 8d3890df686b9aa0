import type { SnapshotFrom, StateValue } from 'xstate';
import { createPlayerContext, EXPLORE_SCENE, toggleLane } from './playerContext';
import { playerSetup } from './playerSetup';
import { MODES, type ModeDefinition } from './modes';
import { MAX_INSPECTED } from './playerTypes';
import { createProgramState } from './programState';
import { transportState } from './transportState';

export * from './playerTypes';
export * from './modes';
export { EXPLORE_SCENE };

/**
 * Sequences the scenes and the transport for the modes of `modes`: what state the player is in,
 * never what time it is.
 *
 * @remarks
 * `ready` runs three regions side by side: the **program** (one state a mode: the lesson, Explore…), the
 * **view** (lanes inspected, marks, presenting, captions, the recorder: none of it moves the
 * clock), and the **transport**, which invokes the timeline actor (provided by the session, a
 * stand-in in tests) that owns the gsap clock. A new scene or access re-enters the transport
 * alone, which restarts the actor with it.
 */
export const createPlayerMachine = (modes: readonly ModeDefinition[]) =>
  playerSetup.createMachine({
    id: 'player',
    context: ({ input }) => createPlayerContext({ mode: modes[0].id, ...input }),
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
          program: createProgramState(modes),
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
              'voiceOver.set': {
                actions: { type: 'setView', params: ({ event }) => ({ voiceOver: event.voiceOver }) },
              },
              'editor.set': { actions: { type: 'setView', params: ({ event }) => ({ editing: event.editing }) } },
            },
          },
          transport: transportState,
        },
      },
    },
  });

/** The player's machine, for the built-in modes. */
export const playerMachine = createPlayerMachine(MODES);

/** The mode open in `snapshot` (the program region's state; the first mode until the player is ready). */
export function getOpenMode(
  snapshot: SnapshotFrom<typeof playerMachine>,
  modes: readonly ModeDefinition[] = MODES,
): string {
  // Booting (or failed), no mode is open yet: its panel, made when it opens, could show nothing.
  const value = snapshot.value;
  return typeof value === 'string' ? modes[0].id : (value.ready.program as string);
}

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
