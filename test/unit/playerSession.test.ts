import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { createSpec } from '../../src/engine';
import { PlayerSession, type ProgressStore, type SavedProgress } from '../../src/session/PlayerSession';
import { createPlayerSearch, parsePlayerUrl, readPlayerLink } from '../../src/session/playerUrl';
import { openSession } from '../support/openSession';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function memoryStore(): ProgressStore & { saved: SavedProgress | null } {
  const store = {
    saved: null as SavedProgress | null,
    load: () => store.saved,
    save: (progress: SavedProgress) => (store.saved = progress),
  };
  return store;
}

async function start(search: string, store?: ProgressStore) {
  const session = new PlayerSession({ scenes: SCENES, link: readPlayerLink(search), store }).start();
  await tick();
  return session;
}

describe('PlayerSession', () => {
  it('opens where a link says, reports what it could not use, and says the same link back', async () => {
    const session = await start('?scene=padding&t=4.5&speed=1.5&lane=3&nope=1&round=99');
    const snapshot = session.getSnapshot();
    expect(snapshot).toMatchObject({ state: 'paused', time: 4.5, mode: 'lesson' });
    expect(snapshot.entry.id).toBe('padding');
    expect(snapshot.context).toMatchObject({ speed: 1.5, view: { lanes: [3] } });
    const again = parsePlayerUrl(
      `?${createPlayerSearch(snapshot.url)}`,
      session.program.map((p) => p.id),
    );
    expect(again).toMatchObject({ scene: 'padding', time: 4.5, speed: 1.5, lanes: [3], errors: [] });
    session.stop();
  });

  it('re-times a scene for a reading speed and keeps the learner on the same beat', async () => {
    const session = await start('?scene=column-read');
    const { plan } = session.getSnapshot();
    const third = plan.beats[2];
    session.send({ type: 'playback.seek', time: third.start + 0.5 });
    session.send({ type: 'reading.set', readingSpeed: 'slow' });
    const after = session.getSnapshot();
    expect(after.plan).not.toBe(plan);
    expect(after.frame.beat?.index).toBe(2);
    expect(after.time).toBe(after.plan.beats[2].start);
    session.stop();
  });

  it('reads a link against the plan its kept voices time, before the first frame', async () => {
    const voiced = { 'padding/2': 20 };
    const boot = async () => ({ voiced });
    const plain = await start('?scene=padding');
    const unvoiced = plain.getSnapshot().plan.beats.find((b) => b.index === 2)!;
    plain.stop();
    const session = new PlayerSession({ scenes: SCENES, link: readPlayerLink('?scene=padding'), boot }).start();
    await tick();
    const third = session.getSnapshot().plan.beats.find((b) => b.index === 2)!;
    session.stop();
    // Fifteen seconds into the voiced third beat: past where the unvoiced plan holds it, or ends.
    const t = third.start + 15;
    expect(t).toBeGreaterThan(unvoiced.start + unvoiced.hold);
    const linked = new PlayerSession({ scenes: SCENES, link: readPlayerLink(`?scene=padding&t=${t}`), boot }).start();
    await tick();
    expect(linked.getSnapshot()).toMatchObject({ state: 'paused', time: t });
    expect(linked.getSnapshot().frame.beat?.index).toBe(2);
    expect(linked.alerts).toEqual([]);
    linked.stop();
  });

  it('keeps the moment when voices arrive that do not re-time the scene on stage', async () => {
    const session = await start('?scene=column-read&t=36.7083');
    const before = session.getSnapshot();
    expect(before.time).toBe(36.7083);
    session.send({ type: 'voice.takes', voiced: {} });
    session.send({ type: 'voice.takes', voiced: { 'banks/0': 3 } });
    expect(session.getSnapshot().time).toBe(36.7083);
    expect(session.getSnapshot().plan).toBe(before.plan);
    session.stop();
  });

  it('keeps the learner on the same beat when a lesson’s cues are written out of time order', async () => {
    const scene = SCENES.find((s) => s.id === 'column-read')!;
    const reversed = { ...scene, beats: [...scene.beats].reverse() };
    const session = new PlayerSession({ scenes: [reversed], link: readPlayerLink('') }).start();
    await tick();
    const { plan } = session.getSnapshot();
    // The beat written first is the last to be planned.
    const first = plan.beats.find((b) => b.index === 0)!;
    expect(plan.beats.at(-1)).toBe(first);
    session.send({ type: 'playback.seek', time: first.start + 0.1 });
    session.send({ type: 'reading.set', readingSpeed: 'slow' });
    const after = session.getSnapshot();
    expect(after.frame.beat?.index).toBe(0);
    expect(after.time).toBe(after.plan.beats.find((b) => b.index === 0)!.start);
    session.stop();
  });

  it('keeps answers and the lesson’s place across Explore and a new session (a reload)', async () => {
    const store = memoryStore();
    const first = await start('?scene=try-it&t=3', store);
    first.send({ type: 'quiz.answer', questionId: 'q1', answer: '32' });
    first.send({
      type: 'explore.open',
      time: first.getSnapshot().time,
      access: createSpec({ pattern: 'column', pitch: 33 }),
    });
    expect(first.mode).toBe('explore');
    expect(store.saved).toMatchObject({ answers: { 'try-it/q1': '32' }, place: { scene: 'try-it', time: 3 } });
    const link = createPlayerSearch(first.getSnapshot().url).toString();
    first.stop();

    const second = await start(`?${link}`, store);
    expect(second.mode).toBe('explore');
    expect(second.getSnapshot().entry.spec.pitch).toBe(33);
    second.send({ type: 'lesson.open' });
    expect(second.getSnapshot()).toMatchObject({ mode: 'lesson', time: 3 });
    expect(second.getSnapshot().entry.id).toBe('try-it');
    expect(second.getSnapshot().context.answers).toEqual({ 'try-it/q1': '32' });
    second.stop();
  });

  it('opens Kernel mode on Explore’s stage, shows the kernel’s instruction unasked, and leaves it for Explore’s own access or the lesson', async () => {
    const session = await start('?mode=explore&pattern=column&pitch=33&predict=on');
    session.send({ type: 'lesson.open' });
    session.send({ type: 'scene.goto', index: 2 });
    const lessonScene = session.getSnapshot().entry.id;
    session.send({ type: 'mode.open', mode: 'kernel', time: session.getSnapshot().time });
    expect(session.mode).toBe('kernel');
    const link = { ...readPlayerLink('?mode=kernel&kernel=k&line=4').link };
    const instruction = createSpec({ pattern: 'stride', stride: 2 });
    session.send({
      type: 'stage.show',
      mode: 'kernel',
      link,
      shown: { access: instruction, title: 'k, line 4: warp 1, j = 8', caption: '2-way bank conflict' },
    });
    const shown = session.getSnapshot();
    expect(shown).toMatchObject({
      mode: 'kernel',
      state: 'paused',
      entry: { title: 'k, line 4: warp 1, j = 8' },
      restingCaption: '2-way bank conflict',
    });
    expect(shown.entry.spec).toBe(instruction);
    expect(createPlayerSearch(shown.url).toString()).toBe('mode=kernel&kernel=k&line=4');
    // The way to Explore goes back to the access Explore had; the one to the lesson, to its scene.
    session.send({ type: 'explore.open', time: 0 });
    expect(session.getSnapshot()).toMatchObject({
      mode: 'explore',
      entry: { title: 'Explore: Column 0, pitch 33', spec: { pattern: 'column', pitch: 33 } },
      restingCaption: '',
    });
    expect(session.getSnapshot().url.link).toEqual({});
    session.send({ type: 'mode.open', mode: 'kernel', time: session.getSnapshot().time });
    session.send({ type: 'lesson.open' });
    expect(session.getSnapshot()).toMatchObject({ mode: 'lesson', entry: { id: lessonScene } });
    session.stop();
  });

  it('opens a Kernel mode link without asking, and says the same kernel back', async () => {
    const session = await start('?mode=kernel&kz=abc&block=32x8&args=n%3D8&line=12&instance=2');
    expect(session.getSnapshot()).toMatchObject({ mode: 'kernel', state: 'paused' });
    expect(createPlayerSearch(session.getSnapshot().url).toString()).toBe(
      'mode=kernel&kz=abc&block=32x8&args=n%3D8&line=12&instance=2',
    );
    session.stop();
  });

  it('opens Puzzles mode from Kernel mode, shows a puzzle’s access unasked, tells each check, and goes back to Explore’s own access', async () => {
    const session = await start('?mode=explore&pattern=column&pitch=33&predict=on');
    session.send({ type: 'mode.open', mode: 'kernel', time: 0 });
    session.send({ type: 'mode.open', mode: 'puzzles', time: 0 });
    expect(session.mode).toBe('puzzles');
    const access = createSpec({ pattern: 'stride', stride: 32 });
    // Kernel mode's panel, still at work, puts nothing on the stage of Puzzles mode.
    session.send({
      type: 'stage.show',
      mode: 'kernel',
      link: { kernel: 'k' },
      shown: { access: createSpec({ pattern: 'row' }), title: 'k' },
    });
    session.send({
      type: 'stage.show',
      mode: 'puzzles',
      link: { puzzle: 'pad-column' },
      shown: { access, title: 'Pad the column: column read, i = 0' },
    });
    expect(session.getSnapshot()).toMatchObject({ mode: 'puzzles', state: 'paused', entry: { spec: access } });
    expect(createPlayerSearch(session.getSnapshot().url).toString()).toBe('mode=puzzles&puzzle=pad-column');
    const heard: unknown[] = [];
    session.on('puzzle', (attempt) => heard.push(attempt));
    session.notePuzzle({ puzzle: 'pad-column', attempt: 1, passed: false, answer: 'row * 32 + col' });
    expect(heard).toEqual([{ puzzle: 'pad-column', attempt: 1, passed: false, answer: 'row * 32 + col' }]);
    session.send({ type: 'explore.open', time: 0 });
    expect(session.getSnapshot()).toMatchObject({ mode: 'explore', entry: { spec: { pattern: 'column', pitch: 33 } } });
    session.stop();
  });

  it('hears a prediction as right or wrong, against the model', async () => {
    const session = await start('?scene=every-other');
    const heard: boolean[] = [];
    session.on('prediction', ({ right }) => heard.push(right));
    expect(session.getSnapshot().state).toBe('awaitingPrediction');
    session.send({ type: 'prediction.submit', answer: '1' });
    expect(heard).toEqual([true]);
    expect(session.getSnapshot().state).toBe('paused');
    session.stop();
  });

  it('tells a listener that comes late what is shown now, but not what already happened', async () => {
    const session = await start('?scene=every-other');
    session.send({ type: 'prediction.submit', answer: '1' });
    session.send({ type: 'scene.goto', index: session.program.findIndex((p) => p.id === 'padding') });
    const heard: string[] = [];
    session.on('scene', ({ entry }) => heard.push(`scene ${entry.id}`));
    session.on('frame', (frame) => heard.push(`frame at ${frame.time}`));
    session.select(
      ({ entry, state }) => `${entry.id} ${state}`,
      (shown) => heard.push(`state ${shown}`),
    );
    session.on('prediction', ({ sceneId }) => heard.push(`prediction ${sceneId}`));
    session.on('ended', ({ index }) => heard.push(`ended ${index}`));
    expect(heard).toEqual(['scene padding', `frame at ${session.getSnapshot().time}`, 'state padding paused']);
    // And then what comes, as every listener hears it.
    session.send({ type: 'playback.seek', time: 2 });
    expect(heard.at(-1)).toBe('frame at 2');
    session.stop();
  });

  it('tells a listener that comes while the player boots nothing until the first scene is shown', async () => {
    let booted: () => void = () => {};
    const boot = () => new Promise<{ voiced: Record<string, number> }>((r) => (booted = () => r({ voiced: {} })));
    const session = new PlayerSession({ scenes: SCENES, link: readPlayerLink('?scene=padding&t=20'), boot }).start();
    await tick();
    const heard: string[] = [];
    session.on('frame', (frame) => heard.push(`frame at ${frame.time}`));
    session.select(
      ({ state }) => state,
      (state) => heard.push(`state ${state}`),
    );
    expect(heard).toEqual([]);
    booted();
    await tick();
    expect(heard).toContain('frame at 20');
    expect(heard.at(-1)).toBe('state paused');
    expect(heard.some((h) => h.startsWith('frame at ') && h !== 'frame at 20')).toBe(false);
    session.stop();
  });

  it('steps beat by beat like a clicker: plays to each cue and holds, then on to the next scene and back', async () => {
    const { session, ticker } = await openSession('?scene=row-read&speed=2');
    const { plan } = session.getSnapshot();
    for (const beat of plan.beats.slice(1)) {
      session.send({ type: 'beat.next' });
      // It plays only where the picture changes on the way; between two beats at one moment it jumps.
      ticker.runUntil(() => session.getSnapshot().state !== 'playing');
      const now = session.getSnapshot();
      expect(now.state).toBe('paused');
      expect(now.time).toBe(beat.start);
      expect(now.frame.beat?.text).toBe(beat.text);
      expect(session.clockRunning).toBe(false);
    }
    session.send({ type: 'beat.next' });
    expect(session.getSnapshot().entry.id).toBe('column-read');
    expect(session.getSnapshot().time).toBe(0);
    session.send({ type: 'beat.prev' });
    expect(session.getSnapshot().entry.id).toBe('row-read');
    expect(session.getSnapshot().time).toBe(plan.beats.at(-1)!.start);
    session.stop();
  });

  it('a second step while a long one still plays jumps to its cue and holds there; a third goes on', async () => {
    const { session, ticker } = await openSession('?scene=column-read');
    const { plan } = session.getSnapshot();
    // The step to the end beat plays through every round: the longest of the scene.
    const [, , , , before, end] = plan.beats;
    session.send({ type: 'playback.seek', time: before.start });
    session.send({ type: 'beat.next' });
    ticker.runUntil(() => false, 1.5);
    expect(session.getSnapshot().state).toBe('playing');
    expect(session.getSnapshot().time).toBeLessThan(end.start);
    session.send({ type: 'beat.next' });
    expect(session.getSnapshot()).toMatchObject({ state: 'paused', time: end.start });
    expect(session.getSnapshot().frame.beat?.index).toBe(end.index);
    session.send({ type: 'beat.next' });
    expect(session.getSnapshot().entry.id).toBe('padding');
    session.stop();
  });

  it('asks a question of a room: the next step reveals the model’s answer, with no one’s answer given', async () => {
    const session = await start('?scene=every-other&present');
    expect(session.getSnapshot().state).toBe('awaitingPrediction');
    session.send({ type: 'beat.next' });
    expect(session.getSnapshot().state).toBe('paused');
    expect(session.getSnapshot().context.predictions['every-other']).toBe('');
    session.stop();
  });

  it('refuses the clock’s own news at run time, naming it, and plays on as it was', async () => {
    const { session, state } = await openSession('?scene=padding');
    session.send({ type: 'playback.play' });
    // @ts-expect-error: only the timeline actor says the clock ended.
    expect(() => session.send({ type: 'timeline.ended' })).toThrow(/not "timeline\.ended"/);
    expect(state()).toBe('playing');
    session.stop();
  });

  it('refuses a lesson sent as an event at run time: another lesson comes through loadLesson', async () => {
    const { session } = await openSession('?scene=padding');
    const scenes = [{ id: 'x', asksQuestion: false }];
    // @ts-expect-error: a lesson load also swaps the program, which only loadLesson does.
    expect(() => session.send({ type: 'lesson.load', scenes, sceneIndex: 0, startAt: null })).toThrow(
      /not "lesson\.load".*loadLesson/,
    );
    expect(session.getSnapshot().entry.id).toBe('padding');
    expect(session.getSnapshot().context.lessonScenes.length).toBe(SCENES.length);
    session.stop();
  });

  it('refuses an event of no kind at all, naming it', async () => {
    const { session } = await openSession();
    // @ts-expect-error: no such command.
    expect(() => session.send({ type: 'toString' })).toThrow(/not "toString"/);
    session.stop();
  });
});
