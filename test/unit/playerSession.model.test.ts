import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import type { Scene } from '../../scenes';
import { createSpec } from '../../src/engine';
import { getPlayerState, playerMachine, type BootResult, type PlayerEvent } from '../../src/player/playerMachine';
import { ManualTicker } from '../../src/player/Ticker';
import { PlayerSession } from '../../src/session/PlayerSession';
import { readPlayerLink } from '../../src/session/playerUrl';

/** Two short scenes: one that plays at once, one that asks first. */
const SCENES: Scene[] = [
  {
    id: 'a',
    title: 'A row',
    access: { pattern: 'row' },
    beats: [{ cue: 'start', text: 'A row read.' }],
  },
  {
    id: 'b',
    title: 'A column',
    access: { pattern: 'column' },
    question: { id: 'q', prompt: 'How many rounds?', kind: 'number', answer: 'rounds', explanation: '{rounds}.' },
    beats: [{ cue: 'end', text: '{rounds} rounds.' }],
  },
];

const COMMON = [
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
  { type: 'round.goto', round: 1 },
  { type: 'frame.step', delta: 1 },
  { type: 'speed.set', speed: 2 },
  { type: 'reading.set', readingSpeed: 'fast' },
  { type: 'loop.set', loop: true },
  { type: 'autoAdvance.set', autoAdvance: true },
  { type: 'prediction.submit', answer: '1' },
  { type: 'prediction.skip' },
  { type: 'lane.toggle', lane: 3 },
  { type: 'marks.set', marks: { in: 1, out: 2 } },
  { type: 'present.set', present: true },
  { type: 'captions.set', captions: false },
  { type: 'voice.hold' },
  { type: 'voice.resume' },
  { type: 'beat.next' },
  { type: 'beat.prev' },
  { type: 'timeline.ended' },
];
const LESSON_EVENTS = [
  ...COMMON,
  { type: 'scene.next' },
  { type: 'scene.prev' },
  { type: 'scene.goto', index: 1 },
  { type: 'scene.goto', index: 9 },
] as unknown as PlayerEvent[];
const EXPLORE_EVENTS = [
  ...COMMON,
  { type: 'access.set', access: createSpec({ pattern: 'column', pitch: 33 }) },
  { type: 'predict.set', predict: false },
  { type: 'predict.set', predict: true },
] as unknown as PlayerEvent[];

type Snapshot = ReturnType<ReturnType<typeof createActor<typeof playerMachine>>['getSnapshot']>;
const leaf = (s: Snapshot) => (typeof s.value === 'string' ? s.value : `ready.${getPlayerState(s)}`);
const serializeState = (s: Snapshot) => {
  const c = s.context;
  return JSON.stringify([
    leaf(s),
    c.sceneIndex,
    c.loop,
    c.autoAdvance,
    Object.keys(c.predictions),
    c.resumeAfterScrub,
    c.scenes.map((scene) => scene.asksQuestion),
  ]);
};

/** The machine with stand-in actors: the model the paths are computed from. */
const model = playerMachine.provide({
  actors: { boot: fromPromise(async (): Promise<BootResult | void> => {}), timeline: fromCallback(() => {}) },
});
const LEAVES = [
  'booting',
  'ready.paused',
  'ready.playing',
  'ready.held',
  'ready.scrubbing',
  'ready.awaitingPrediction',
  'ready.ended',
];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const CASES = [
  {
    name: 'the lesson',
    search: '',
    events: LESSON_EVENTS,
    input: { scenes: SCENES.map((s) => ({ id: s.id, asksQuestion: Boolean(s.question) })) },
  },
  {
    name: 'Explore',
    search: '?mode=explore&pattern=column',
    events: EXPLORE_EVENTS,
    input: { scenes: [{ id: 'explore', asksQuestion: true }], access: createSpec({ pattern: 'column' }) },
  },
];

for (const { name, search, events, input } of CASES) {
  describe(`the player session, from its machine's model (${name})`, () => {
    // The graph helpers are typed for machines without emitted events; the casts bridge that gap only.
    const options = { events, serializeState, input } as never;
    const adjacency = getAdjacencyMap(model as never, options);
    const states = Object.values(adjacency) as { state: Snapshot; transitions: Record<string, unknown> }[];

    it('reaches every state but the failure (which only a failed boot reaches)', () => {
      expect([...new Set(states.map((s) => leaf(s.state)))].sort()).toEqual([...LEAVES].sort());
    });

    // Budget: twice what it takes with another process keeping a core busy.
    it(
      'runs the real clock exactly while the machine is playing, along every shortest path',
      { timeout: 10_000 },
      async () => {
        // createTestModel refuses machines that invoke actors, so walk the same paths it would, on a
        // real session: its own machine, timeline actor and gsap clock, ticked by hand.
        const paths = getShortestPaths(model as never, options) as {
          steps: { event: { type: string }; state: Snapshot }[];
        }[];
        expect(paths.length).toBeGreaterThan(20);
        for (const path of paths) {
          const ticker = new ManualTicker();
          const session = new PlayerSession({ scenes: SCENES, link: readPlayerLink(search), ticker }).start();
          let diverged = false;
          for (const step of path.steps) {
            const event = step.event as PlayerEvent | { type: string };
            if (event.type === 'xstate.done.actor.boot') await tick();
            else if (event.type === 'timeline.ended') {
              // The real clock ends by itself: play it out, by hand, from just before its end.
              if (session.getSnapshot().state === 'playing') {
                const { plan } = session.getSnapshot();
                session.send({ type: 'playback.seek', time: plan.duration - 0.02 });
                ticker.runUntil(() => session.getSnapshot().state !== 'playing', 1);
                expect(session.getSnapshot().time).toBe(plan.duration);
              }
            } else if (event.type === 'beat.next' || event.type === 'beat.prev') {
              // A step's outcome depends on where the real clock stands (a beat ahead, or none, so the
              // next scene), which the stand-in model cannot know: from here on, check the clock
              // against the machine only.
              session.send(event as PlayerEvent);
              diverged = true;
            } else if (event.type !== 'xstate.init') session.send(event as PlayerEvent);
            const snapshot = session.getSnapshot();
            if (diverged) {
              expect(session.clockRunning).toBe(snapshot.state === 'playing');
              continue;
            }
            const expected = step.state;
            const where = `${path.steps.map((s) => s.event.type).join(' → ')}`;
            expect(snapshot.state === 'entering' ? 'paused' : snapshot.state, where).toBe(
              leaf(expected).replace('ready.', ''),
            );
            expect(snapshot.index, where).toBe(expected.context.sceneIndex);
            expect(session.clockRunning, where).toBe(snapshot.state === 'playing');
          }
          session.stop();
        }
      },
    );
  });
}
