import { getSegmentFrameCount, type ClipSegment } from '../program/clipFrames';
import { VOICE_RATE } from './decodeAudio';
import { createTakeSource, getTakeSeconds, type Take } from './Take';

/** Where a take plays in a clip: seconds into the clip, seconds into the take, and when its segment ends. */
export interface Placement {
  readonly take: Take;
  readonly at: number;
  readonly offset: number;
  readonly until: number;
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
      const seconds = getTakeSeconds(take);
      if (beat.start + seconds <= segment.from || beat.start >= segment.from + length) continue;
      const into = Math.max(0, segment.from - beat.start);
      placements.push({ take, at: offset + beat.start + into - segment.from, offset: into, until: offset + length });
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
  // A take cut by its segment's end stops there rather than running on into the next scene.
  for (const { take, at, offset, until } of placements) createTakeSource(context, take).start(at, offset, until - at);
  return context.startRendering();
}
