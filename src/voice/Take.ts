import { findSpeech, type SpeechSpan } from './findSpeech';

/**
 * One recorded (or imported) reading of one beat.
 *
 * @remarks
 * The raw audio is kept whole, so trimming can always be redone; what plays is `span`, which the
 * silence threshold sets and the instructor can nudge.
 */
export interface Take {
  readonly scene: string;
  /** The beat's index in its scene (0-based; files name beats from 1). */
  readonly beat: number;
  /** The beat's caption when the take was made: a take of a changed text is flagged, not reused silently. */
  readonly text: string;
  readonly sampleRate: number;
  readonly samples: Float32Array;
  readonly span: SpeechSpan;
  readonly thresholdDb: number;
  /** `false`: recovered after the page stopped mid-take; what was captured until then is kept. */
  readonly complete: boolean;
}

export const getTakeKey = (scene: string, beat: number) => `${scene}/${beat}`;

/** How long a take plays, in seconds. */
export const getTakeSeconds = (take: Take) => (take.span.end - take.span.start) / take.sampleRate;

/** The part of the take that plays. */
export const getTakeSamples = (take: Take) => take.samples.subarray(take.span.start, take.span.end);

/** A source that plays the take's trimmed audio into `context`'s output (started by the caller). */
export function createTakeSource(context: BaseAudioContext, take: Take): AudioBufferSourceNode {
  const samples = getTakeSamples(take);
  const buffer = context.createBuffer(1, samples.length, take.sampleRate);
  buffer.copyToChannel(new Float32Array(samples), 0);
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  return source;
}

/** A take trimmed afresh at another silence threshold (the whole take when nothing is louder). */
export function retrim(take: Take, thresholdDb: number): Take {
  const span = findSpeech(take.samples, take.sampleRate, thresholdDb) ?? { start: 0, end: take.samples.length };
  return { ...take, thresholdDb, span };
}

/** Moves where the take starts by `seconds` (earlier if negative), within the recording. */
export function nudge(take: Take, seconds: number): Take {
  const start = Math.round(take.span.start + seconds * take.sampleRate);
  return { ...take, span: { ...take.span, start: Math.max(0, Math.min(take.span.end - 1, start)) } };
}
