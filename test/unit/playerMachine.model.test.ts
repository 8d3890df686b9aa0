import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { playerMachine, type ClockCommand, type PlayerEvent, type TimelineInput } from '../../src/player/playerMachine';

const scenes = [
  { id: 'a', asksQuestion: false },
  { id: 'b', asksQuestion: true },
];

const EVENTS = [
  { type: 'xstate.done.actor.boot' },
  { type: 'playback.play' },
  { type: 'playback.pause' },
  { type: 'playback.toggle' },
  { type: 'playback.restart' },
  { type: 'playback.seek', time: 1 },
  { type: 'playback.end' },
  { type: 'scrub.start' },
  { type: 'scrub.move', time: 2 },
  { type: 'scrub.end' },
  { type: 'round.next' },
  { type: 'round.prev' },
  { type: 'frame.step', delta: 1 },
  { type: 'scene.next' },
  { type: 'scene.prev' },
  { type: 'scene.goto', index: 1 },
  { type: 'scene.goto', index: 9 },
  { type: 'speed.set', speed: 2 },
  { type: 'loop.set', loop: true },
  { type: 'autoAdvance.set', autoAdvance: true },
  { type: 'prediction.submit', answer: '1' },
  { type: 'prediction.skip' },
  { type: 'timeline.ended' },
] as unknown as PlayerEvent[];

const LEAVES = [
  'booting',
  'failed',
  'ready.paused',
  'ready.playing',
  'ready.scrubbing',
  'ready.awaitingPrediction',
  'ready.ended',
];

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof playerMachine>>['getSnapshot']>;
const leaf = (s: Snapshot) => (typeof s.value === 'string' ? s.value : `ready.${(s.value as { ready: string }).ready}`);
const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    leaf(s),
    c.sceneIndex,
    c.loop,
    c.autoAdvance,
    c.speed,
    Object.keys(c.predictions),
    c.resumeAfterScrub,
  ]);
};

const inputMachine = playerMachine.provide({
  actors: { boot: fromPromise(async () => {}), timeline: fromCallback(() => {}) },
});

describe('playerMachine, from its model (xstate/graph)', () => {
  // The graph helpers are typed for machines without emitted events; the casts bridge that gap only.
  const adjacency = getAdjacencyMap(
    inputMachine as never,
    {
      events: EVENTS,
      serializeState: serializeState as never,
      input: { scenes },
    } as never,
  );
  const states = Object.values(adjacency) as { state: Snapshot; transitions: Record<string, unknown> }[];

  it('reaches every state but the failure (which only a failed boot reaches)', () => {
    const reached = new Set(states.map((s) => leaf(s.state)));
    expect([...reached].sort()).toEqual(LEAVES.filter((l) => l !== 'failed').sort());
  });

  it('defines an outcome for every event in every reachable state', () => {
    for (const { transitions } of states) expect(Object.keys(transitions)).toHaveLength(EVENTS.length);
  });

  it('keeps the clock playing exactly while the machine is in ready.playing, along every shortest path', async () => {
    // createTestModel refuses machines that invoke actors, so walk the same paths it would.
    const paths = getShortestPaths(
      inputMachine as never,
      { events: EVENTS, serializeState, input: { scenes } } as never,
    );
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      // The system under test: the real machine, with a stand-in clock that records play/pause.
      let clockPlaying = false;
      let timeline = null as AnyActorRef | null;
      const actor = createActor(
        playerMachine.provide({
          actors: {
            boot: fromPromise(async () => {}),
            timeline: fromCallback<ClockCommand, TimelineInput>(({ receive, sendBack }) => {
              timeline = { send: sendBack } as unknown as AnyActorRef;
              clockPlaying = false;
              receive((c) => {
                if (c.type === 'clock.play') clockPlaying = true;
                if (c.type === 'clock.pause') clockPlaying = false;
              });
              return () => (clockPlaying = false);
            }),
          },
        }),
        { input: { scenes } },
      );
      actor.start();
      for (const step of path.steps) {
        const event = step.event as PlayerEvent | { type: string };
        if (event.type === 'xstate.done.actor.boot') await new Promise((r) => setTimeout(r, 0));
        else if (event.type === 'timeline.ended') timeline?.send(event);
        else if (event.type !== 'xstate.init') actor.send(event as PlayerEvent);
        const snapshot = actor.getSnapshot();
        expect(serializeState(snapshot)).toBe(serializeState(step.state as unknown as Snapshot));
        expect(clockPlaying).toBe(snapshot.matches({ ready: 'playing' }));
      }
      actor.stop();
    }
  });
});
