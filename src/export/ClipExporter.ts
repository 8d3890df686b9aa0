import {
  BufferTarget,
  canEncodeAudio,
  canEncodeVideo,
  Mp4OutputFormat,
  Output,
  QUALITY_VERY_HIGH,
  VideoSample,
  VideoSampleSource,
  WebMOutputFormat,
  type AudioBufferSource,
  type AudioCodec,
  type VideoCodec,
} from 'mediabunny';
import { NO_OVERLAY } from '../stage/frameOverlay';
import { StageView } from '../stage/StageView';
import { getFrame, isSamePicture, type FrameRecord } from '../timeline/getFrame';
import { getClipFrames, getPartFrames, type ClipSegment } from '../program/clipFrames';
import { createVoiceSource } from './createVoiceSource';
import { getClipAudioCodec, type ClipAudioCodec } from './getClipAudioCodec';

export type ClipFormat = 'mp4' | 'webm';

export interface ClipOptions {
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly format: ClipFormat;
  readonly burnCaptions: boolean;
  /** The lanes inspected on the page: the clip shows their callouts too. */
  readonly lanes?: readonly number[];
  /** The clip's voice, mixed to its length; none: a silent clip. */
  readonly voice?: AudioBuffer | null;
  /**
   * One of `count` consecutive parts of the clip, rendered alone (the render command renders them
   * side by side and joins them): its frames timed from the part's start, its first a key frame.
   * `voice` is added whole as given (renderClip gives it to part 0 only).
   */
  readonly part?: { readonly index: number; readonly count: number };
}

/**
 * An encoded clip, the codec its voice went in as (`null`: a silent clip), and how many pictures
 * were drawn (and read back) and how many frames encoded for its frames.
 */
export interface ExportedClip {
  readonly blob: Blob;
  readonly audio: ClipAudioCodec | null;
  readonly count: { readonly drawn: number; readonly encoded: number };
}

export interface ExportProgress {
  readonly done: number;
  readonly total: number;
  /** Seconds left at the pace so far. */
  readonly secondsLeft: number;
}

const CODEC: Record<ClipFormat, VideoCodec> = { mp4: 'avc', webm: 'vp9' };

/**
 * The video's bitrate, per second of clip. A held picture is one frame (see exportClip), so the
 * bits a frame encoded each tick spent on its repeats go to the pictures themselves: at twice the
 * bitrate of mediabunny's "high", a clip is about the size it was with every frame encoded, and
 * closer to the pictures drawn (the column read at 1280×720: a mean error of 0.47 levels against
 * 0.78, measured against a near-lossless VP9 encode; 2026-12-05).
 */
const VIDEO_QUALITY = QUALITY_VERY_HIGH;

/** The voice as it is mixed (mono, 48 kHz) and encoded. */
const VOICE_CONFIG = { numberOfChannels: 1, sampleRate: 48_000, bitrate: 128_000 };

/**
 * How often progress is reported while a clip renders (and always for the first and last frame):
 * a report repaints the export dialog, which software compositing pays for beside the export, or
 * crosses to the render command's process. Reported every frame, the render command's reports
 * cost about a sixth of its CPU.
 */
const PROGRESS_INTERVAL_MS = 250;

/**
 * The longest a still picture lasts as one encoded frame. Every frame encoded cost a render more
 * than half its time waiting on the encoder, and most of a lesson holds still; a held picture is
 * sent again each second so that no frame lasts long for a player or an editor to trip on, and a
 * decoder that joins mid-hold has a picture within a second.
 */
const MAX_HOLD_SECONDS = 1;

/**
 * The audio codec a clip's voice is encoded with in `format` here (see getClipAudioCodec), or `null`
 * with none. It asks the browser only: LAME, where MP3 needs it, loads with the export.
 */
export async function getVoiceCodec(format: ClipFormat): Promise<ClipAudioCodec | null> {
  const can = (codec: AudioCodec) => canEncodeAudio(codec, VOICE_CONFIG).catch(() => false);
  const [aac, mp3, opus] = await Promise.all([can('aac'), can('mp3'), can('opus')]);
  const lame = typeof WebAssembly === 'object' && typeof Worker === 'function';
  return getClipAudioCodec(format, { aac, mp3, opus, lame });
}

/** Whether this browser can encode `format` at a size, and if not, why. */
export async function getEncodability(format: ClipFormat, width: number, height: number): Promise<string | null> {
  if (typeof VideoEncoder === 'undefined')
    return 'this browser has no WebCodecs video encoder (it needs a secure page: https or localhost)';
  const ok = await canEncodeVideo(CODEC[format], { width, height, bitrate: VIDEO_QUALITY }).catch(() => false);
  return ok ? null : `this browser cannot encode ${format === 'mp4' ? 'H.264' : 'VP9'} at ${width}×${height}`;
}

/** Gives the event loop a turn without timers, which background tabs throttle. */
const yieldToPage = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

/**
 * Renders a clip frame by frame on an offscreen stage and encodes it, with no wall clock: every
 * frame is sampled from the timeline at exactly index/fps, so a clip never drops or repeats one,
 * however slow the machine.
 *
 * @remarks
 * The stage is drawn upside down so `gl.readPixels`, which reads the bottom row first, hands over
 * rows top-down with no copy to flip them; `new VideoFrame(canvas)` measured over twice as slow at
 * 1080p on software WebGL. While the timeline holds still (most of a lesson is reading holds) the
 * record repeats: the picture is neither drawn nor read back again, and it is encoded once for the
 * whole hold (up to {@link MAX_HOLD_SECONDS}), one frame lasting as long as the hold, so the file's
 * frame rate is variable: every frame starts on the clip's 1/fps grid, and played or decoded at fps
 * it shows the same picture at every index/fps as a frame encoded each tick did. Encoding is
 * WebCodecs through mediabunny, which also muxes. An aborted export cancels the output (closing
 * the encoder) and returns nothing.
 */
export async function exportClip(
  segments: readonly ClipSegment[],
  options: ClipOptions,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportedClip | null> {
  const { width, height, fps, part } = options;
  const all = getClipFrames(segments, fps);
  const frames = part ? getPartFrames(all, part) : all;
  const first = frames[0]?.index ?? 0;
  const stage = await StageView.createOffscreen(width, height, { upsideDown: true, composed: true });
  stage.burnCaptions = options.burnCaptions;
  const target = new BufferTarget();
  const output = new Output({
    format: options.format === 'mp4' ? new Mp4OutputFormat({ fastStart: 'in-memory' }) : new WebMOutputFormat(),
    target,
  });
  const source = new VideoSampleSource({ codec: CODEC[options.format], bitrate: VIDEO_QUALITY, keyFrameInterval: 2 });
  output.addVideoTrack(source, { frameRate: fps });
  let voice: AudioBufferSource | null = null;
  let audio: ClipAudioCodec | null = null;
  if (options.voice) {
    audio = await getVoiceCodec(options.format);
    if (!audio) throw new Error('this browser can encode no audio codec for the voice');
    voice = await createVoiceSource(audio, options.voice.sampleRate);
    output.addAudioTrack(voice);
  }
  const gl = stage.canvas.getContext('webgl2') ?? stage.canvas.getContext('webgl');
  if (!gl) throw new Error('the export stage has no WebGL context');
  const pixels = new Uint8Array(width * height * 4);
  const started = performance.now();
  const maxHold = Math.max(1, Math.round(MAX_HOLD_SECONDS * fps));
  let shown = -1;
  let reportedAt = -Infinity;
  const count = { drawn: 0, encoded: 0 };
  /** The picture on the canvas, and the run of frames (from `at`) it is encoded for once. */
  let held: { record: FrameRecord; picture: VideoFrame; at: number; frames: number } | null = null;
  const encodeHeld = async () => {
    if (!held) return;
    const { at, frames: length } = held;
    const timing = { timestamp: Math.round((at * 1e6) / fps), duration: Math.round((length * 1e6) / fps) };
    // A new frame over the same pixels: nothing is copied for a picture sent again.
    const sample = new VideoSample(new VideoFrame(held.picture, timing), {
      timestamp: at / fps,
      duration: length / fps,
    });
    await source.add(sample);
    sample.close();
    count.encoded++;
  };
  try {
    await output.start();
    // The whole voice first: it is already mixed, sample-exact, to the clip's length.
    if (voice && options.voice) {
      await voice.add(options.voice);
      voice.close();
    }
    for (const frame of frames) {
      if (signal.aborted) break;
      const segment = segments[frame.segment];
      const record = getFrame(segment.plan, frame.time);
      const at = frame.index - first;
      const changed = !held || frame.segment !== shown || !isSamePicture(record, held.record);
      // The last frame is one of its own, a tick long: WebM stores no duration for a last frame (a
      // reader takes the track's default, a tick), and the join places the next part after it.
      if (held && !changed && held.frames < maxHold && at < frames.length - 1) held.frames++;
      else {
        await encodeHeld();
        if (held && !changed) {
          held.at = at;
          held.frames = 1;
        } else {
          if (frame.segment !== shown) {
            stage.show(segment.plan, segment.entry);
            shown = frame.segment;
          }
          stage.draw(record, { ...NO_OVERLAY, lanes: options.lanes ?? [] });
          gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
          count.drawn++;
          held?.picture.close();
          const picture = new VideoFrame(pixels, {
            format: 'RGBA',
            codedWidth: width,
            codedHeight: height,
            timestamp: 0,
          });
          held = { record, picture, at, frames: 1 };
        }
      }
      const done = at + 1;
      const now = performance.now();
      if (done === 1 || done === frames.length || now - reportedAt >= PROGRESS_INTERVAL_MS) {
        reportedAt = now;
        const elapsed = (now - started) / 1000;
        onProgress({ done, total: frames.length, secondsLeft: (elapsed / done) * (frames.length - done) });
      }
      if (done % 4 === 0) await yieldToPage();
    }
    if (!signal.aborted) await encodeHeld();
    if (signal.aborted) {
      await output.cancel();
      return null;
    }
    await output.finalize();
    const type = options.format === 'mp4' ? 'video/mp4' : 'video/webm';
    return { blob: new Blob([target.buffer!], { type }), audio, count };
  } catch (error) {
    if (output.state !== 'canceled' && output.state !== 'finalized') await output.cancel().catch(() => undefined);
    throw error;
  } finally {
    held?.picture.close();
    stage.destroy();
  }
}

/** Draws one moment at a size and returns it as a PNG. */
export async function snapshotPng(
  segment: ClipSegment,
  time: number,
  width: number,
  height: number,
  burnCaptions: boolean,
  lanes: readonly number[] = [],
): Promise<Blob> {
  const stage = await StageView.createOffscreen(width, height, { composed: true });
  try {
    stage.burnCaptions = burnCaptions;
    stage.show(segment.plan, segment.entry);
    stage.draw(getFrame(segment.plan, time), { ...NO_OVERLAY, lanes });
    return await new Promise<Blob>((resolve, reject) =>
      stage.canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the snapshot could not be encoded'))),
        'image/png',
      ),
    );
  } finally {
    stage.destroy();
  }
}
