import { getSegmentFrameCount, type ClipSegment } from '../export/clipFrames';
import { VOICE_RATE } from './decodeAudio';
import { getTakeSamples, type Take } from './Take';

/** Where a take plays in a clip: seconds into the clip, and seconds into the take. */
export interface Placement {
  readonly take: Take;
  readonly at: number;
  readonly offset: number;
}

/**
 * Where each take falls in a clip: at its beat's cue on the clip's own frame timeline, starting
 * part-way in when the clip begins after the cue.
 */
export function placeTakes(
  segments: readonly ClipSegment[],
  fps: number,
  getTake: (scene: string, beat: number) => Take | undefined,
): { placements: Placement[]; duration: number } {
  const placements: Placement[] = [];
  let offset = 0;
  for (const segment of segments) {
    const length = getSegmentFrameCount(segment, fps) / fps;
    for (const beat of segment.plan.beats) {
      const take = getTake(segment.entry.id, beat.index);
      if (!take) continue;
      const seconds = (take.span.end - take.span.start) / take.sampleRate;
      if (beat.start + seconds <= segment.from || beat.start >= segment.from + length) continue;
      const into = Math.max(0, segment.from - beat.start);
      placements.push({ take, at: offset + beat.start + into - segment.from, offset: into });
    }
    offset += length;
  }
  return { placements, duration: offset };
}

/**
 * Mixes a clip's voice offline, sample-exact against its frames: no wall clock, no capture. The
 * buffer lasts exactly as long as the clip's frames.
 */
export async function renderVoice(placements: readonly Placement[], duration: number): Promise<AudioBuffer> {
  const length = Math.max(1, Math.round(duration * VOICE_RATE));
  const context = new OfflineAudioContext(1, length, VOICE_RATE);
  for (const { take, at, offset } of placements) {
    const samples = getTakeSamples(take);
    const buffer = context.createBuffer(1, samples.length, take.sampleRate);
    buffer.copyToChannel(new Float32Array(samples), 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    source.start(at, offset);
  }
  return context.startRendering();
}
