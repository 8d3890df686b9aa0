import { AudioBufferSource, canEncodeAudio } from 'mediabunny';
import type { ClipAudioCodec } from './getClipAudioCodec';

/**
 * The samples LAME's MP3 comes out late by: its encoder delay (576) and the decoder's (529), as
 * LAME documents them.
 */
export const LAME_DELAY_SAMPLES = 576 + 529;

/** The voice's bitrate, in every codec: plenty for one voice, mono. */
const VOICE_BITRATE = 128_000;

/** mediabunny's LAME extension, registered once, on the first export that needs it. */
let lame: Promise<void> | null = null;

/**
 * The source a clip's voice is encoded through, in `codec`.
 *
 * @remarks
 * MP3 comes from the browser's own encoder where it has one, else from mediabunny's LAME extension
 * (`@mediabunny/mp3-encoder`, LAME in WebAssembly in a worker, about 130 KB gzip), which is
 * imported here, so it loads with the first export that needs it and never with the page. LAME's
 * output starts its delay late, and mediabunny stamps its first frame with the first sample's time:
 * the voice is started that much before zero, and mediabunny's MP4 edit list trims what falls
 * before it, so a take is heard at its cue (a player that ignores edit lists hears it 23 ms late).
 */
export async function createVoiceSource(codec: ClipAudioCodec, sampleRate: number): Promise<AudioBufferSource> {
  let startTimestamp = 0;
  if (
    codec === 'mp3' &&
    (lame || !(await canEncodeAudio('mp3', { numberOfChannels: 1, sampleRate, bitrate: VOICE_BITRATE })))
  ) {
    lame ??= import('@mediabunny/mp3-encoder').then(({ registerMp3Encoder }) => registerMp3Encoder());
    // A failed load (the chunk did not arrive) is tried again by the next export.
    await lame.catch((error: unknown) => {
      lame = null;
      throw error;
    });
    startTimestamp = -LAME_DELAY_SAMPLES / sampleRate;
  }
  return new AudioBufferSource({ codec, bitrate: VOICE_BITRATE }, { startTimestamp });
}
