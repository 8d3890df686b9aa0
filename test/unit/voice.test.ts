import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { planTimeline, READING_SPEEDS, VOICE_GAP } from '../../src/timeline/planTimeline';
import { findSpeech, getLevelDb, PAD_SECONDS } from '../../src/voice/findSpeech';
import { nudge, retrim, type Take } from '../../src/voice/Take';
import { encodeWav } from '../../src/voice/wav';

const RATE = 48_000;

/** Silence, then a tone of `seconds`, then silence again. */
function burst(before: number, seconds: number, after: number, amplitude = 0.5): Float32Array {
  const samples = new Float32Array(Math.round((before + seconds + after) * RATE));
  const from = Math.round(before * RATE);
  for (let i = 0; i < Math.round(seconds * RATE); i++)
    samples[from + i] = amplitude * Math.sin((2 * Math.PI * 440 * i) / RATE);
  return samples;
}

describe('findSpeech', () => {
  it('finds a tone between silences, padded, to within a window', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0.1, max: 2, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (before, seconds, after) => {
          const span = findSpeech(burst(before, seconds, after), RATE)!;
          // Within a 10 ms window of the tone, padded by 20 ms.
          expect(Math.abs(span.start / RATE - Math.max(0, before - PAD_SECONDS))).toBeLessThanOrEqual(0.011);
          expect(
            Math.abs(span.end / RATE - Math.min(before + seconds + after, before + seconds + PAD_SECONDS)),
          ).toBeLessThanOrEqual(0.011);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('hears nothing in silence or below the threshold, and the threshold decides', () => {
    expect(findSpeech(new Float32Array(RATE), RATE)).toBeNull();
    const quiet = burst(0.2, 0.5, 0.2, 0.001);
    expect(getLevelDb(quiet)).toBeLessThan(-60);
    expect(findSpeech(quiet, RATE, -42)).toBeNull();
    expect(findSpeech(quiet, RATE, -70)).not.toBeNull();
  });
});

describe('a take', () => {
  const take: Take = {
    scene: 'banks',
    beat: 0,
    text: 'x',
    sampleRate: RATE,
    samples: burst(0.5, 1, 0.5),
    span: { start: 0, end: RATE * 2 },
    thresholdDb: -42,
    complete: true,
  };

  it('is trimmed at its threshold and can be nudged, never past its ends', () => {
    const trimmed = retrim(take, -42);
    expect(trimmed.span.start / RATE).toBeCloseTo(0.48, 1);
    expect(nudge(trimmed, -10).span.start).toBe(0);
    expect(nudge(trimmed, 0.1).span.start - trimmed.span.start).toBe(0.1 * RATE);
    expect(nudge(trimmed, 100).span.start).toBe(trimmed.span.end - 1);
  });

  it('writes as a 16-bit WAV file of the right length', () => {
    const wav = encodeWav({ samples: take.samples, sampleRate: RATE });
    expect(String.fromCharCode(...wav.subarray(0, 4))).toBe('RIFF');
    expect(wav.length).toBe(44 + take.samples.length * 2);
    expect(new DataView(wav.buffer).getUint32(24, true)).toBe(RATE);
  });
});

describe('a plan with recorded voices', () => {
  const program = createProgram(SCENES);
  for (const entry of program) {
    it(`${entry.id}: equals the plan without them but for the holds, each a take’s length and a gap`, () => {
      const schedule = getSchedule(entry.access);
      const takes = entry.beats.map((_, i) => (i % 2 === 0 ? 1 + i * 0.37 : null));
      const plain = planTimeline(schedule, entry.beats, READING_SPEEDS.normal);
      const voiced = planTimeline(schedule, entry.beats, READING_SPEEDS.normal, takes);
      expect(voiced.tokens).toEqual(plain.tokens);
      expect(voiced.rounds).toEqual(plain.rounds);
      expect(voiced.beats.map((b) => [b.index, b.text, b.cue])).toEqual(
        plain.beats.map((b) => [b.index, b.text, b.cue]),
      );
      for (const beat of voiced.beats) {
        const take = takes[beat.index];
        const before = plain.beats.find((b) => b.index === beat.index)!;
        expect(beat.hold).toBeCloseTo(take === null ? before.hold : take + VOICE_GAP, 4);
      }
      const extra = voiced.beats.reduce((sum, b) => sum + b.hold, 0) - plain.beats.reduce((sum, b) => sum + b.hold, 0);
      expect(voiced.duration - plain.duration).toBeCloseTo(extra, 3);
    });
  }
});
