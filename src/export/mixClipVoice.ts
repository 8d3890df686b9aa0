import type { VoiceTrack } from '../voice/VoiceTrack';
import type { ClipSegment } from '../program/clipFrames';

/**
 * A clip's voice: the usable takes of `track` that fall in its segments, mixed offline to its
 * frames (see renderVoice), or `null` when none does. Loaded with the exporter.
 */
export async function mixClipVoice(
  segments: readonly ClipSegment[],
  fps: number,
  track: VoiceTrack | null,
): Promise<{ voice: AudioBuffer; takes: number } | null> {
  if (!track || track.usable.length === 0) return null;
  const usable = new Set(track.usable);
  const { placeTakes, renderVoice } = await import('../voice/renderVoice');
  const { placements, duration } = placeTakes(segments, fps, (scene, beat) => {
    const take = track.get(scene, beat);
    return take && usable.has(take) ? take : undefined;
  });
  if (placements.length === 0) return null;
  return { voice: await renderVoice(placements, duration), takes: placements.length };
}
