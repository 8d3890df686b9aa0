import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyActorRef } from 'xstate';
import { DEFAULT_ACCESS_SPEC } from '../../src/engine';
import { openSession } from '../support/openSession';
import {
  getPlayerState,
  playerMachine,
  type BootResult,
  type ClockCommand,
  type SceneInfo,
  type TimelineInput,
} from '../../src/player/playerMachine';

const SCENES: SceneInfo[] = [
  { id: 'a', asksQuestion: false },
  { id: 'b', asksQuestion: true },
  { id: 'c', asksQuestion: false },
];

/** A stand-in for the timeline actor: records what it is started with and told, and can end. */
function createHarness(input: { sceneIndex?: number; startAt?: number | null; scenes?: SceneInfo[] } = {}) {
  const starts: TimelineInput[] = [];
  const commands: ClockCommand['type'][] = [];
  let parent: AnyActorRef | null = null;
  const machine = playerMachine.provide({
    actors: {
      boot: fromPromise(async (): Promise<BootResult | void> => {}),
      timeline: fromCallback<ClockCommand, TimelineInput>(({ input, receive, sendBack }) => {
        starts.push(input);
        parent = { send: sendBack } as unknown as AnyActorRef;
        receive((command) => commands.push(command.type));
      }),
    },
  });
  const actor = createActor(machine, { input: { ...input, scenes: input.scenes ?? SCENES } });
  actor.start();
  const ready = () => new Promise<void>((resolve) => actor.subscribe((s) => s.matches('ready') && resolve()));
  const end = () => parent!.send({ type: 'timeline.ended' });
  /** Sends what the timeline would send back. */
  const fromTimeline = (type: 'timeline.beyond' | 'timeline.before') => parent!.send({ type });
  const state = () => {
    const snapshot = actor.getSnapshot();
    return typeof snapshot.value === 'string' ? snapshot.value : `ready.${getPlayerState(snapshot)}`;
  };
  return { actor, starts, commands, ready, end, fromTimeline, state };
}

describe('playerMachine', () => {
  it('boots, then starts the first scene’s clock where the deep link says, paused', async () => {
    const h = createHarness({ startAt: 4.5 });
    expect(h.state()).toBe('booting');
    await h.ready();
    expect(h.state()).toBe('ready.paused');
    expect(h.starts).toEqual([
      {
        sceneIndex: 0,
        startAt: 4.5,
        startAtLastBeat: false,
        asking: false,
        speed: 1,
        readingSpeed: 'normal',
        voiced: {},
        access: null,
        title: null,
      },
    ]);
  });

  it('plays and pauses the clock, and never keeps time itself', async () => {
    const h = createHarness();
    await h.ready();
    h.actor.send({ type: 'playback.toggle' });
    expect(h.state()).toBe('ready.playing');
    h.actor.send({ type: 'round.next' });
    h.actor.send({ type: 'playback.pause' });
    expect(h.commands).toEqual(['clock.play', 'clock.round', 'clock.pause']);
  });

  it('keeps no time of its own: playing changes the clock’s time and nothing in the machine’s context', async () => {
    const { session, ticker } = await openSession('?scene=column-read');
    const before = structuredClone(session.getSnapshot().context);
    session.send({ type: 'playback.play' });
    ticker.runUntil(() => false, 3);
    session.send({ type: 'round.next' });
    ticker.runUntil(() => false, 1);
    session.send({ type: 'playback.pause' });
    expect(session.getSnapshot().time).toBeGreaterThan(4);
    expect(session.getSnapshot().context).toEqual(before);
    session.stop();
  });

  it('moves between scenes by restarting the timeline actor, from the beginning', async () => {
    const h = createHarness({ startAt: 3 });
    await h.ready();
    h.actor.send({ type: 'scene.goto', index: 2 });
    h.actor.send({ type: 'scene.prev' });
    expect(h.starts.map((s) => [s.sceneIndex, s.startAt])).toEqual([
      [0, 3],
      [2, null],
      [1, null],
    ]);
    h.actor.send({ type: 'scene.goto', index: 7 });
    expect(h.starts).toHaveLength(3);
  });

  it('waits for a prediction in a scene that asks one, and only once', async () => {
    const h = createHarness({ sceneIndex: 1 });
    const answers: string[] = [];
    h.actor.on('prediction.answered', (e) => answers.push(e.answer));
    await h.ready();
    expect(h.state()).toBe('ready.awaitingPrediction');
    h.actor.send({ type: 'playback.play' });
    expect(h.state()).toBe('ready.awaitingPrediction');
    h.actor.send({ type: 'prediction.submit', answer: '32' });
    // The verdict is read before anything moves.
    expect(h.state()).toBe('ready.paused');
    expect(answers).toEqual(['32']);
    h.actor.send({ type: 'scene.next' });
    h.actor.send({ type: 'scene.prev' });
    expect(h.state()).toBe('ready.paused');
  });

  it('goes to Explore and back to the lesson’s scene and moment, keeping every answer', async () => {
    const h = createHarness({ sceneIndex: 1 });
    await h.ready();
    h.actor.send({ type: 'prediction.submit', answer: '32' });
    h.actor.send({ type: 'quiz.answer', questionId: 'q1', answer: '7' });
    const access = { ...DEFAULT_ACCESS_SPEC, pitch: 33 };
    h.actor.send({ type: 'explore.open', time: 12.5, access, answered: '32' });
    // The question was answered in the lesson, so Explore does not ask it again.
    expect(h.state()).toBe('ready.paused');
    expect(h.actor.getSnapshot().context).toMatchObject({
      access,
      sceneIndex: 0,
      lessonPlace: { sceneIndex: 1, time: 12.5 },
    });
    h.actor.send({ type: 'access.set', access: DEFAULT_ACCESS_SPEC });
    expect(h.state()).toBe('ready.awaitingPrediction');
    h.actor.send({ type: 'lesson.open' });
    expect(h.state()).toBe('ready.paused');
    expect(h.starts.at(-1)).toMatchObject({ sceneIndex: 1, startAt: 12.5, access: null });
    expect(h.actor.getSnapshot().context).toMatchObject({
      predictions: { b: '32' },
      answers: { 'b/q1': '7' },
    });
  });

  it('at the end: stops, loops, or plays the next scene', async () => {
    const h = createHarness();
    await h.ready();
    h.actor.send({ type: 'playback.play' });
    h.end();
    expect(h.state()).toBe('ready.ended');

    h.actor.send({ type: 'loop.set', loop: true });
    h.actor.send({ type: 'playback.play' });
    h.end();
    expect(h.state()).toBe('ready.playing');

    h.actor.send({ type: 'loop.set', loop: false });
    h.actor.send({ type: 'autoAdvance.set', autoAdvance: true });
    h.end();
    expect(h.actor.getSnapshot().context.sceneIndex).toBe(1);
    // Scene b asks a prediction first, so the walkthrough waits rather than playing past it.
    expect(h.state()).toBe('ready.awaitingPrediction');
  });

  it('plays on within a chapter; a clicker steps across its end, both ways', async () => {
    const h = createHarness({
      sceneIndex: 1,
      scenes: [
        { id: 'a', asksQuestion: false, chapter: 'one' },
        { id: 'b', asksQuestion: false, chapter: 'one' },
        { id: 'c', asksQuestion: false, chapter: 'two' },
      ],
    });
    await h.ready();
    const scene = () => h.actor.getSnapshot().context.sceneIndex;
    h.actor.send({ type: 'autoAdvance.set', autoAdvance: true });
    h.actor.send({ type: 'playback.play' });
    h.end();
    // Auto-advance stops at the chapter's end rather than running into the next.
    expect([scene(), h.state()]).toEqual([1, 'ready.ended']);
    // A clicker's step past the last beat is the presenter's asking: the next chapter comes.
    h.actor.send({ type: 'beat.next' });
    h.fromTimeline('timeline.beyond');
    expect([scene(), h.state()]).toEqual([2, 'ready.paused']);
    // Stepping back before its first beat returns to the last beat of the chapter before.
    h.fromTimeline('timeline.before');
    expect(scene()).toBe(1);
    expect(h.starts.at(-1)).toMatchObject({ sceneIndex: 1, startAtLastBeat: true });
  });

  it('asks a question over the scene’s start, and goes where the scene was entered at once it is answered', async () => {
    const h = createHarness({ sceneIndex: 2, scenes: SCENES });
    await h.ready();
    // Stepped back into a scene whose question was never answered: asked first, over its start.
    h.fromTimeline('timeline.before');
    expect(h.state()).toBe('ready.awaitingPrediction');
    expect(h.starts.at(-1)).toMatchObject({ sceneIndex: 1, startAtLastBeat: true, asking: true });
    // Revealed to the room: the last beat it was stepped back to.
    h.actor.send({ type: 'beat.next' });
    expect(h.state()).toBe('ready.paused');
    expect(h.commands.at(-1)).toBe('clock.toStart');
    // Passed over is passed over: the way back does not ask again, and the answer may show.
    h.actor.send({ type: 'scene.next' });
    h.actor.send({ type: 'scene.prev' });
    expect(h.state()).toBe('ready.paused');
    expect(h.starts.at(-1)).toMatchObject({ sceneIndex: 1, asking: false });
  });

  it('lets the voice-over recorder read a scene that asks: an open question gives way, and none is asked', async () => {
    const h = createHarness({ sceneIndex: 1 });
    await h.ready();
    expect(h.state()).toBe('ready.awaitingPrediction');
    h.actor.send({ type: 'voiceOver.set', voiceOver: true });
    expect(h.state()).toBe('ready.paused');
    expect(h.actor.getSnapshot().context.predictions).toEqual({});
    h.actor.send({ type: 'scene.prev' });
    h.actor.send({ type: 'scene.next' });
    expect(h.state()).toBe('ready.paused');
    // Closed again, the question the recording passed is asked.
    h.actor.send({ type: 'voiceOver.set', voiceOver: false });
    h.actor.send({ type: 'scene.prev' });
    h.actor.send({ type: 'scene.next' });
    expect(h.state()).toBe('ready.awaitingPrediction');
  });

  it('lets the lesson editor play a scene that asks: an open question gives way, and none is asked while it is open', async () => {
    const h = createHarness({ sceneIndex: 1 });
    await h.ready();
    expect(h.state()).toBe('ready.awaitingPrediction');
    h.actor.send({ type: 'editor.set', editing: true });
    expect(h.state()).toBe('ready.paused');
    expect(h.actor.getSnapshot().context.view.editing).toBe(true);
    h.actor.send({ type: 'scene.prev' });
    h.actor.send({ type: 'scene.next' });
    expect(h.state()).toBe('ready.paused');
    h.actor.send({ type: 'editor.set', editing: false });
    h.actor.send({ type: 'scene.prev' });
    h.actor.send({ type: 'scene.next' });
    expect(h.state()).toBe('ready.awaitingPrediction');
  });

  it('resumes playing after a scrub that began while playing, and not otherwise', async () => {
    const h = createHarness();
    await h.ready();
    h.actor.send({ type: 'scrub.start' });
    h.actor.send({ type: 'scrub.move', time: 2 });
    h.actor.send({ type: 'scrub.end' });
    expect(h.state()).toBe('ready.paused');
    h.actor.send({ type: 'playback.play' });
    h.actor.send({ type: 'scrub.start' });
    expect(h.state()).toBe('ready.scrubbing');
    h.actor.send({ type: 'scrub.end' });
    expect(h.state()).toBe('ready.playing');
  });

  it('passes speed to the clock and keeps it across scenes', async () => {
    const h = createHarness();
    await h.ready();
    h.actor.send({ type: 'speed.set', speed: 0.5 });
    h.actor.send({ type: 'scene.next' });
    expect(h.commands).toContain('clock.speed');
    expect(h.starts.at(-1)!.speed).toBe(0.5);
  });

  it('ends a step that reaches its beat while a voice reads, paused there', async () => {
    const h = createHarness();
    await h.ready();
    h.actor.send({ type: 'beat.next' });
    h.actor.send({ type: 'timeline.stepping' });
    h.actor.send({ type: 'voice.hold' });
    expect(h.state()).toBe('ready.held');
    h.actor.send({ type: 'timeline.reached' });
    expect(h.state()).toBe('ready.paused');
    h.actor.send({ type: 'voice.resume' });
    expect(h.state()).toBe('ready.paused');
  });

  it('forgets in and out marks when another scene comes on', async () => {
    const h = createHarness();
    await h.ready();
    h.actor.send({ type: 'marks.set', marks: { in: 1, out: 3 } });
    expect(h.actor.getSnapshot().context.view.marks).toEqual({ in: 1, out: 3 });
    h.actor.send({ type: 'scene.next' });
    expect(h.actor.getSnapshot().context.view.marks).toEqual({ in: null, out: null });
  });
});
