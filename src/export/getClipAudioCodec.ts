import type { ClipFormat } from './ClipExporter';

/** The audio codecs a clip's voice can be encoded with. */
export type ClipAudioCodec = 'aac' | 'mp3' | 'opus';

/** What can encode a clip's voice here: the browser's own encoders, and whether LAME can run. */
export interface AudioEncoders {
  /** The browser encodes AAC (`mp4a.40.2`) with WebCodecs. */
  readonly aac: boolean;
  /** The browser encodes MP3 with WebCodecs (none does yet). */
  readonly mp3: boolean;
  readonly opus: boolean;
  /** WebAssembly and workers are there, so mediabunny's LAME extension can encode MP3. */
  readonly lame: boolean;
}

/** A codec's name as the export dialog and the render command say it. */
export const AUDIO_CODEC_NAMES: Record<ClipAudioCodec, string> = { aac: 'AAC', mp3: 'MP3', opus: 'Opus' };

/**
 * The codec a clip's voice is encoded with in `format`, or `null` when nothing here can.
 *
 * @remarks
 * WebM carries Opus (its only codec that browsers encode). An MP4 goes to lecture rooms, where
 * PowerPoint and Keynote (Media Foundation, QuickTime) play AAC and MP3 but not Opus: AAC where
 * the browser encodes it, else MP3, the browser's or LAME's (Debian's Chromium encodes neither
 * AAC nor MP3), and Opus only where MP3 cannot be made either, so that the voice is not lost.
 */
export function getClipAudioCodec(format: ClipFormat, encoders: AudioEncoders): ClipAudioCodec | null {
  if (format === 'webm') return encoders.opus ? 'opus' : null;
  if (encoders.aac) return 'aac';
  if (encoders.mp3 || encoders.lame) return 'mp3';
  return encoders.opus ? 'opus' : null;
}
