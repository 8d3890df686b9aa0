import { describe, expect, it } from 'vitest';
import { getClipAudioCodec, type AudioEncoders } from '../../src/export/getClipAudioCodec';

const encoders = (some: Partial<AudioEncoders>): AudioEncoders => ({
  aac: false,
  mp3: false,
  opus: false,
  lame: false,
  ...some,
});

describe('the codec a clip’s voice goes in as', () => {
  it('is MP3 in an MP4 where the browser encodes Opus but no AAC (Debian’s Chromium), made by LAME', () => {
    expect(getClipAudioCodec('mp4', encoders({ opus: true, lame: true }))).toBe('mp3');
  });

  it('is AAC in an MP4 wherever the browser encodes it', () => {
    expect(getClipAudioCodec('mp4', encoders({ aac: true, opus: true, lame: true }))).toBe('aac');
    expect(getClipAudioCodec('mp4', encoders({ aac: true, mp3: true }))).toBe('aac');
  });

  it('is the browser’s own MP3 in an MP4 where LAME cannot run', () => {
    expect(getClipAudioCodec('mp4', encoders({ mp3: true, opus: true }))).toBe('mp3');
  });

  it('falls back to Opus in an MP4 only where neither AAC nor MP3 can be made, and to nothing with no encoder', () => {
    expect(getClipAudioCodec('mp4', encoders({ opus: true }))).toBe('opus');
    expect(getClipAudioCodec('mp4', encoders({}))).toBeNull();
  });

  it('is Opus in a WebM whatever else the browser encodes, and nothing without Opus', () => {
    expect(getClipAudioCodec('webm', encoders({ aac: true, mp3: true, opus: true, lame: true }))).toBe('opus');
    expect(getClipAudioCodec('webm', encoders({ aac: true, mp3: true, lame: true }))).toBeNull();
  });
});
