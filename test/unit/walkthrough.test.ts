import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { createProgram } from '../../src/program/createProgram';
import { openSession } from '../support/openSession';
import { quizOf } from '../panelContent';

const program = createProgram(SCENES);

/** The round a cue names: before any service, a given round, or every round done. */
function roundOfCue(cue: string, rounds: number): number {
  if (cue === 'end') return rounds;
  const match = /^round-(\d+)$/.exec(cue);
  return match ? Number(match[1]) : 0;
}

// The walkthrough, scene by scene, on the session a page drives, ticked by hand at 60 frames a second:
// each scene's last beat plays at 2× and hands over to the next scene, so together they cross every
// boundary of the lesson. test/browser/walkthrough.spec.ts proves the page wires the same session.
describe('the walkthrough, handed over scene by scene', () => {
  for (const [index, entry] of program.entries()) {
    const next = program[index + 1];
    it(`${entry.id}: the last beat plays at 2× and ${next ? `hands over to ${next.id}` : 'ends the walkthrough'}`, async () => {
      const probe = await openSession(`?scene=${entry.id}`);
      const lastBeat = probe.session.getSnapshot().plan.beats.at(-1)!;
      probe.session.stop();
      const { session, ticker, state } = await openSession(`?scene=${entry.id}&t=${lastBeat.start}&speed=2`);
      if (entry.question) {
        // The link's moment would draw the answer beside the question: it is asked over the start first.
        expect(state()).toBe('awaitingPrediction');
        expect(session.getSnapshot().frame).toMatchObject({ time: 0, round: 0 });
        session.send({ type: 'prediction.submit', answer: String(Number(entry.question.answer) + 1) });
        expect(state()).toBe('paused');
      }
      expect(session.getSnapshot().frame.beat?.text).toBe(lastBeat.text);
      session.send({ type: 'autoAdvance.set', autoAdvance: true });
      // Changing the reading speed keeps the beat on screen and re-times it.
      session.send({ type: 'reading.set', readingSpeed: 'fast' });
      expect(session.getSnapshot().frame.beat?.text).toBe(lastBeat.text);
      for (const q of quizOf(entry)) session.send({ type: 'quiz.answer', questionId: q.id, answer: q.answer });
      session.send({ type: 'playback.play' });
      expect(state()).toBe('playing');
      const left = session.getSnapshot().plan.duration - session.getSnapshot().time;
      const ticked = ticker.runUntil(() => session.getSnapshot().entry.id !== entry.id || state() === 'ended', left);
      // At 2×, what is left of the scene plays in half its length (to within a frame).
      expect(ticked).toBeCloseTo(left / 2, 1);
      if (next) {
        expect(session.getSnapshot().entry.title).toBe(next.title);
        expect(state()).toBe(next.question ? 'awaitingPrediction' : 'playing');
      } else {
        // The last scene ends paused on its final state, with its final caption and every lane served.
        expect(state()).toBe('ended');
        expect(session.getSnapshot().frame.beat?.text).toBe(lastBeat.text);
        expect(session.getSnapshot().frame.round).toBe(session.getSnapshot().plan.schedule.rounds);
        const lanes = session.getSnapshot().frame.lanes;
        expect(lanes.every((l) => l.state === 'served' || l.state === 'inactive')).toBe(true);
      }
      session.stop();
    });
  }
});

// A presenter with only a clicker: a step from each scene's first beat to its last, then on.
describe('presenting with a clicker alone', () => {
  for (const [index, entry] of program.entries()) {
    it(`${entry.id}: each step plays to the next beat and holds its caption and round, then goes on`, async () => {
      const { session, ticker, state } = await openSession(`?scene=${entry.id}&present&speed=2`);
      if (entry.question) {
        // The question is asked of the room: the first step reveals the model's answer, no one's given.
        expect(state()).toBe('awaitingPrediction');
        session.send({ type: 'beat.next' });
        expect(state()).toBe('paused');
        expect(session.getSnapshot().context.predictions[entry.id]).toBe('');
      }
      const rounds = session.getSnapshot().plan.schedule.rounds;
      let cue = 'start';
      for (const [i, beat] of entry.beats.entries()) {
        if (i > 0) {
          session.send({ type: 'beat.next' });
          ticker.runUntil(() => state() !== 'playing');
        }
        if (beat.cue !== 'hold') cue = beat.cue;
        const { frame } = session.getSnapshot();
        expect(state(), `beat ${i + 1}`).toBe('paused');
        expect(frame.beat?.text, `beat ${i + 1}`).toBe(beat.text);
        expect(frame.round, `beat ${i + 1}`).toBe(roundOfCue(cue, rounds));
        expect(session.clockRunning).toBe(false);
      }
      session.send({ type: 'beat.next' });
      expect(session.getSnapshot().entry.id).toBe((program[index + 1] ?? entry).id);
      session.stop();
    });
  }
});

describe('each scene, end to end', () => {
  for (const entry of program) {
    it(`${entry.id}: End serves every word the engine queues, and Home shows the first caption`, async () => {
      const { session, state } = await openSession(`?scene=${entry.id}`);
      if (state() === 'awaitingPrediction') session.send({ type: 'prediction.skip' });
      session.send({ type: 'playback.end' });
      const { frame, plan } = session.getSnapshot();
      expect(frame.round).toBe(plan.schedule.rounds);
      expect(frame.tokens.every((t) => t.state === 'gone')).toBe(true);
      expect(frame.banks.map((b) => b.distinct)).toEqual(plan.schedule.banks.map((b) => b.queue.length));
      expect(frame.beat?.text).toBe(entry.beats.at(-1)!.text);
      session.send({ type: 'playback.seek', time: 0 });
      expect(session.getSnapshot().frame.beat?.text).toBe(entry.beats[0].text);
      session.stop();
    });
  }
});
