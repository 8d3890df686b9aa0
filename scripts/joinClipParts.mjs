import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';

/** A decoder config's description (an ArrayBuffer or a view of one) as bytes. */
const bytesOf = (data) =>
  !data
    ? Buffer.alloc(0)
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/**
 * Joins the consecutive parts of a clip, rendered side by side (see ClipOptions.part), into one
 * file by copying their packets: nothing is encoded again, so the frames are the parts' own. Each
 * part starts on a key frame and is timed from zero, so its packets move to where the parts before
 * it end; the voice comes from part 0, which carries it whole.
 *
 * @param {Uint8Array[]} parts the parts' files, in order
 * @param {'mp4' | 'webm'} format
 * @param {number} fps
 * @returns {Promise<Uint8Array>}
 */
export async function joinClipParts(parts, format, fps) {
  const inputs = parts.map((bytes) => new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS }));
  const tracks = await Promise.all(inputs.map((input) => input.getPrimaryVideoTrack()));
  const configs = await Promise.all(tracks.map((track) => track.getDecoderConfig()));
  for (let i = 1; i < configs.length; i++)
    if (
      configs[i].codec !== configs[0].codec ||
      !bytesOf(configs[i].description).equals(bytesOf(configs[0].description))
    )
      throw new Error(`part ${i} of the clip was encoded with other settings than part 0, so they cannot be joined`);

  const target = new BufferTarget();
  const output = new Output({
    format: format === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target,
  });
  const video = new EncodedVideoPacketSource(tracks[0].codec);
  output.addVideoTrack(video, { frameRate: fps });
  const voice = await inputs[0].getPrimaryAudioTrack();
  const audio = voice && new EncodedAudioPacketSource(voice.codec);
  if (audio) output.addAudioTrack(audio);
  await output.start();
  // The voice first, whole, as the exporter adds it.
  if (audio) {
    let meta = { decoderConfig: await voice.getDecoderConfig() };
    for await (const packet of new EncodedPacketSink(voice).packets()) {
      await audio.add(packet, meta);
      meta = undefined;
    }
    audio.close();
  }
  let meta = { decoderConfig: configs[0] };
  // A part's frames last as long as their pictures hold (see exportClip), so a part ends where its
  // last frame (always one tick long) ends, kept on the frame grid.
  let offset = 0;
  for (const track of tracks) {
    let end = offset;
    for await (const packet of new EncodedPacketSink(track).packets()) {
      await video.add(packet.clone({ timestamp: offset + packet.timestamp }), meta);
      meta = undefined;
      end = Math.max(end, offset + packet.timestamp + 1 / fps);
    }
    offset = Math.round(end * fps) / fps;
  }
  await output.finalize();
  return new Uint8Array(target.buffer);
}
