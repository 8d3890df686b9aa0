/** The rate every take is kept at, whatever it was recorded or imported at. */
export const VOICE_RATE = 48_000;

/**
 * Decodes an audio file (WAV, MP3, Ogg, WebM: whatever the browser decodes) to mono samples at
 * {@link VOICE_RATE}, or explains why it cannot.
 *
 * @remarks
 * An offline context decodes without a user gesture and resamples to its own rate, so every take
 * mixes and exports at one rate.
 */
export async function decodeAudio(data: Blob | ArrayBuffer): Promise<Float32Array> {
  const bytes = data instanceof Blob ? await data.arrayBuffer() : data;
  const context = new OfflineAudioContext(1, 1, VOICE_RATE);
  let buffer: AudioBuffer;
  try {
    buffer = await context.decodeAudioData(bytes.slice(0));
  } catch (error) {
    throw new Error('this browser cannot decode it as audio (WAV, MP3, Ogg or WebM)', { cause: error });
  }
  if (buffer.numberOfChannels === 1) return buffer.getChannelData(0).slice();
  const mono = new Float32Array(buffer.length);
  for (let c = 0; c < buffer.numberOfChannels; c++) {
    const channel = buffer.getChannelData(c);
    for (let i = 0; i < mono.length; i++) mono[i] += channel[i] / buffer.numberOfChannels;
  }
  return mono;
}
