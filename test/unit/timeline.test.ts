import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import {
  createAccess,
  createColumnAccess,
  createSpec,
  createSpecRequest,
  getSchedule,
  type Access,
} from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { getFrame, isSamePicture } from '../../src/timeline/getFrame';
import { planTimeline, READING_SPEEDS, roundLabel, snapTime, TIMING } from '../../src/timeline/planTimeline';
import { getRoundStepTime } from '../../src/player/createTimelineLogic';
import { openSession } from '../support/openSession';
import { unwrap } from '../unwrap';

const planOf = (access: Access) => planTimeline(getSchedule(access));
const accessArb = fc
  .array(fc.option(fc.integer({ min: 0, max: 200 }), { nil: null, freq: 4 }), { minLength: 1, maxLength: 32 })
  .filter((ws) => ws.some((w) => w !== null))
  .map((ws) => unwrap(createAccess(ws)));

describe('planTimeline', () => {
  it('labels round-1 … round-N in order, after every token has landed, and ends last', () => {
    fc.assert(
      fc.property(accessArb, (access) => {
        const plan = planOf(access);
        const rounds = Array.from({ length: plan.schedule.rounds }, (_, i) => plan.labels[roundLabel(i + 1)]);
        expect(rounds.every((t) => typeof t === 'number')).toBe(true);
        for (let i = 1; i < rounds.length; i++) expect(rounds[i]).toBeGreaterThan(rounds[i - 1]);
        expect(Math.max(...plan.tokens.map((t) => t.land))).toBeLessThan(plan.labels.queued);
        expect(plan.labels.queued).toBeLessThanOrEqual(rounds[0]);
        expect(plan.labels.end).toBe(plan.duration);
        expect(plan.duration).toBeGreaterThan(rounds[rounds.length - 1]);
      }),
    );
  });

  it('plans one token per distinct word of each bank, served in the engine’s round', () => {
    const plan = planOf(unwrap(createAccess([5, 5, 37, 5, 69])));
    expect(plan.tokens.map((t) => [t.word, t.bank, t.round, [...t.lanes]])).toEqual([
      [5, 5, 1, [0, 1, 3]],
      [37, 5, 2, [2]],
      [69, 5, 3, [4]],
    ]);
  });
});

describe('getFrame', () => {
  const plan = planOf(unwrap(createColumnAccess({ col: 0, pitch: 32 })));

  it('draws the same record for a moment however the player reaches it: seeking, playing, stepping', async () => {
    const { session, ticker } = await openSession('?scene=column-read');
    const { plan: onStage } = session.getSnapshot();
    // Midway through round 3's shift: the served word leaving and the queue closing up, not a resting frame.
    const third = onStage.rounds[2];
    const frames = Math.round(((third.shiftStart + third.shiftEnd) / 2 - third.start) * 60);
    const target = snapTime(onStage.labels[roundLabel(3)] + frames / 60);
    const reached: [string, unknown][] = [];
    session.send({ type: 'playback.seek', time: target });
    reached.push(['seeking', session.getSnapshot().frame]);
    session.send({ type: 'round.goto', round: 3 });
    session.send({ type: 'playback.play' });
    for (let i = 0; i < frames; i++) ticker.advance(1 / 60);
    session.send({ type: 'playback.pause' });
    reached.push(['playing', session.getSnapshot().frame]);
    session.send({ type: 'playback.end' });
    // The end shows round 32: 29 steps back show round 3.
    for (let i = 0; i < 29; i++) session.send({ type: 'round.prev' });
    for (let i = 0; i < frames; i++) session.send({ type: 'frame.step', delta: 1 });
    reached.push(['stepping back by rounds, on by frames', session.getSnapshot().frame]);
    session.send({ type: 'playback.seek', time: 0 });
    for (let i = 0; i < 3; i++) session.send({ type: 'round.next' });
    for (let i = 0; i < frames + 2; i++) session.send({ type: 'frame.step', delta: 1 });
    for (let i = 0; i < 2; i++) session.send({ type: 'frame.step', delta: -1 });
    reached.push(['stepping on, overshooting and back', session.getSnapshot().frame]);
    for (const [how, frame] of reached) expect(frame, how).toEqual(getFrame(onStage, target));
    expect(getFrame(onStage, target).tokens.some((t) => t.state === 'leaving' && t.exit > 0 && t.exit < 1)).toBe(true);
    session.stop();
  });

  it('at each round label, serves exactly the engine’s words for that round', () => {
    for (const service of plan.schedule.perRound) {
      const frame = getFrame(plan, plan.labels[roundLabel(service.round)]);
      expect(frame.round).toBe(service.round);
      const serving = frame.tokens.filter((t) => t.state === 'serving');
      expect(serving.map((t) => [t.bank, t.word])).toEqual(service.services.map((s) => [s.bank, s.word]));
      expect(frame.banks.filter((b) => b.serving).map((b) => b.bank)).toEqual(service.services.map((s) => s.bank));
      const receiving = frame.lanes.filter((l) => l.state === 'receiving').map((l) => l.lane);
      expect(receiving).toEqual(service.services.flatMap((s) => s.lanes));
    }
  });

  it('shows round 0 before the first label and every lane served at the end', () => {
    expect(getFrame(plan, 0).round).toBe(0);
    expect(getFrame(plan, plan.labels.queued - 0.001).round).toBe(0);
    const end = getFrame(plan, plan.duration);
    expect(end.round).toBe(32);
    expect(end.lanes.every((l) => l.state === 'served')).toBe(true);
    expect(end.tokens.every((t) => t.state === 'gone')).toBe(true);
  });

  it('with reduced motion, never shows a token mid-flight, and agrees once queued and at every round', () => {
    for (let t = 0; t <= plan.duration; t += 0.01) {
      expect(getFrame(plan, t, { reducedMotion: true }).tokens.some((tk) => tk.state === 'flying')).toBe(false);
    }
    for (const [name, time] of Object.entries(plan.labels)) {
      if (name === 'flights') continue; // the one moment they differ by design: flying versus already there
      const still = getFrame(plan, time, { reducedMotion: true });
      const moving = getFrame(plan, time);
      expect(still.round).toBe(moving.round);
      expect(still.tokens.map((t) => [t.state, t.slot])).toEqual(moving.tokens.map((t) => [t.state, t.slot]));
      expect(still.lanes).toEqual(moving.lanes);
    }
  });

  it('changes round exactly at each round label', () => {
    for (const r of plan.rounds) {
      expect(getFrame(plan, plan.labels[roundLabel(r.round)]).round).toBe(r.round);
      expect(getFrame(plan, plan.labels[roundLabel(r.round)] - 0.001).round).toBe(r.round - 1);
    }
  });
});

describe('isSamePicture', () => {
  const column = createProgram(SCENES).find((p) => p.id === 'column-read')!;
  const plan = planTimeline(getSchedule(column.access), column.beats);

  it('holds through every reading hold, where exports reuse a frame', () => {
    for (const beat of plan.beats) {
      const first = getFrame(plan, beat.start);
      for (const k of [0.25, 0.5, 0.99])
        expect(isSamePicture(getFrame(plan, beat.start + k * beat.hold), first)).toBe(true);
    }
  });

  it('breaks at every round label and every new caption', () => {
    for (const r of plan.rounds) {
      const at = plan.labels[roundLabel(r.round)];
      expect(isSamePicture(getFrame(plan, at - 1 / 30), getFrame(plan, at))).toBe(false);
    }
    for (const beat of plan.beats.slice(1)) {
      expect(isSamePicture(getFrame(plan, beat.start - 1 / 30), getFrame(plan, beat.start))).toBe(false);
    }
  });

  it('tells apart records that differ in anything drawn: a token’s flight, a lane, a bank, the round', () => {
    const frame = getFrame(plan, plan.labels[roundLabel(2)]);
    const [token] = frame.tokens;
    const variants = [
      { ...frame, tokens: [{ ...token, flight: token.flight - 0.01 }, ...frame.tokens.slice(1)] },
      { ...frame, lanes: [{ ...frame.lanes[0], highlighted: !frame.lanes[0].highlighted }, ...frame.lanes.slice(1)] },
      { ...frame, banks: [{ ...frame.banks[0], waiting: frame.banks[0].waiting + 1 }, ...frame.banks.slice(1)] },
      { ...frame, round: frame.round + 1 },
      { ...frame, beat: null },
    ];
    for (const variant of variants) expect(isSamePicture(variant, frame)).toBe(false);
    expect(isSamePicture({ ...frame, time: frame.time + 5 }, frame)).toBe(true);
  });
});

describe('a clicker’s step', () => {
  const program = createProgram(SCENES);
  for (const entry of program)
    it(`${entry.id}: plays at most 6 s at 1× from one caption’s hold to the next caption`, () => {
      const plan = planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS.normal);
      const steps = plan.beats.slice(1).map((beat, i) => {
        const before = plan.beats[i];
        return snapTime(beat.start - (before.start + before.hold));
      });
      for (const step of steps) expect(step).toBeLessThanOrEqual(TIMING.longestRun + 0.001);
    });
});

describe('stepping by rounds', () => {
  const entry = createProgram(SCENES).find((e) => e.id === 'column-read')!;
  const plan = planTimeline(getSchedule(entry.access), entry.beats);
  const start = (k: number) => plan.labels[roundLabel(k)];

  it('back from the end, which shows the last round, goes to the round before it', () => {
    expect(getRoundStepTime(plan, plan.duration, -1)).toBe(start(31));
  });

  it('back from inside round k goes to round k − 1, and from round 1 to the scene’s start', () => {
    expect(getRoundStepTime(plan, snapTime(start(5) + 0.05), -1)).toBe(start(4));
    expect(getRoundStepTime(plan, start(5), -1)).toBe(start(4));
    expect(getRoundStepTime(plan, start(1), -1)).toBe(0);
  });

  it('on from inside round k goes to round k + 1, and past the last to the end', () => {
    expect(getRoundStepTime(plan, snapTime(start(5) + 0.05), 1)).toBe(start(6));
    expect(getRoundStepTime(plan, start(32), 1)).toBe(plan.duration);
  });
});

describe('a phased access on stage', () => {
  // float4 lane × 8 + lane / 8: phase p's 8 lanes read words 32i + 4p: banks 4p … 4p + 3, 8-way each.
  const schedule = getSchedule(
    unwrap(createSpecRequest(createSpec({ pattern: 'expr', type: 'float4', expr: 'lane * 8 + lane / 8' }))),
  );
  const plan = planTimeline(schedule);
  const at = (round: number) => getFrame(plan, plan.labels[roundLabel(round)]);

  it('marks the busiest banks of the phase being served, not of the whole warp', () => {
    expect(at(2).phase).toBe(1);
    expect(
      at(2)
        .banks.filter((b) => b.busiest)
        .map((b) => b.bank),
    ).toEqual([0, 1, 2, 3]);
    expect(at(10).phase).toBe(2);
    expect(
      at(10)
        .banks.filter((b) => b.busiest)
        .map((b) => b.bank),
    ).toEqual([4, 5, 6, 7]);
  });

  it('counts in a bank only the phase on stage, and draws the later phases’ words apart', () => {
    // Round 2: phase 1's first word has left each of banks 0–3; 7 are waiting, one being served.
    expect(
      at(2)
        .banks.slice(0, 5)
        .map((b) => b.waiting),
    ).toEqual([7, 7, 7, 7, 0]);
    const tokens = at(2).tokens.filter((t) => t.state !== 'gone');
    expect(new Set(tokens.filter((t) => !t.later).map((t) => t.bank))).toEqual(new Set([0, 1, 2, 3]));
    expect(tokens.filter((t) => t.later).every((t) => t.bank >= 4 && t.bank <= 15)).toBe(true);
  });
});
