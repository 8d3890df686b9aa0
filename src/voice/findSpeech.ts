/** Where the speech is in a recording, in samples: from `start` (inclusive) to `end` (exclusive). */
export interface SpeechSpan {
  readonly start: number;
  readonly end: number;
}

/** The default level below which a recording counts as silence, in dB below full scale. */
export const DEFAULT_THRESHOLD_DB = -42;

const WINDOW_SECONDS = 0.01;
/**
 * Kept either side of the speech so a soft first or last sound is not clipped; short enough that
 * the voice still starts within a frame of its cue.
 */
export const PAD_SECONDS = 0.02;

/** The loudness of a stretch of samples, in dB below full scale (RMS). */
export function getLevelDb(samples: Float32Array, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i] * samples[i];
  const rms = Math.sqrt(sum / Math.max(1, to - from));
  return rms > 0 ? 20 * Math.log10(rms) : -Infinity;
}

/**
 * Finds the speech in a take: the first and last 10 ms windows louder than `thresholdDb`, padded by
 * 20 ms. A take with nothing above the threshold has no speech (`null`).
 *
 * @remarks
 * This is what trims leading and trailing silence; the threshold is the instructor's to see and
 * change, since rooms and microphones differ.
 */
export function findSpeech(
  samples: Float32Array,
  sampleRate: number,
  thresholdDb = DEFAULT_THRESHOLD_DB,
): SpeechSpan | null {
  const window = Math.max(1, Math.round(sampleRate * WINDOW_SECONDS));
  let first = -1;
  let last = -1;
  for (let from = 0; from < samples.length; from += window) {
    const to = Math.min(samples.length, from + window);
    if (getLevelDb(samples, from, to) > thresholdDb) {
      if (first < 0) first = from;
      last = to;
    }
  }
  if (first < 0) return null;
  const pad = Math.round(sampleRate * PAD_SECONDS);
  return { start: Math.max(0, first - pad), end: Math.min(samples.length, last + pad) };
}
