/** What a recording reports while it runs. */
export interface RecordingEvents {
  /** Loudness now, 0–1 (for the level meter). */
  level(level: number): void;
  /** A piece of the recording, to keep at once. */
  chunk(data: Blob, seq: number): void;
  /** The recording ended: `reason` is `null` when stopped, else what went wrong (what came in is kept). */
  stopped(reason: string | null): void;
}

/** Why the microphone could not be used, in words an instructor can act on. */
export function getMicrophoneProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The microphone was refused. Allow it in the browser’s site settings and try again; your takes so far are kept.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'No microphone was found. Plug one in, or import takes from audio files instead.';
  if (name === 'NotReadableError')
    return 'The microphone is busy or failed to start. Close other programs using it and try again.';
  return `The microphone could not be used: ${error instanceof Error ? error.message : String(error)}`;
}

/** Slices of recorded audio handed over (and saved) this often. */
const SLICE_MS = 250;

/**
 * Records one take from the microphone with `MediaRecorder` (Opus in WebM), handing over a
 * piece every 250 ms so it can be saved as it comes, and the level for a meter.
 *
 * @remarks
 * MediaRecorder rather than an AudioWorklet capturing PCM: its compressed pieces are a sixth of
 * the size to keep in IndexedDB while recording, it needs no worklet module (and so nothing
 * loosens the page's content security policy), and the browser decodes the result to samples for
 * trimming anyway.
 */
export class TakeRecorder {
  private recorder: MediaRecorder | null = null;
  private stream: MediaStream | null = null;
  private context: AudioContext | null = null;
  private frame = 0;
  private failure: string | null = null;

  static isAvailable(): boolean {
    return Boolean(navigator.mediaDevices?.getUserMedia) && typeof MediaRecorder !== 'undefined';
  }

  async start(events: RecordingEvents): Promise<void> {
    if (!TakeRecorder.isAvailable())
      throw new Error('This browser cannot record audio here: it needs a secure page (https or localhost).');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: false, noiseSuppression: false },
      });
    } catch (error) {
      throw new Error(getMicrophoneProblem(error), { cause: error });
    }
    this.stream = stream;
    this.failure = null;
    const mime = MediaRecorder.isTypeSupported('audio/webm;codecs=opus') ? 'audio/webm;codecs=opus' : '';
    const recorder = new MediaRecorder(stream, mime ? { mimeType: mime } : {});
    this.recorder = recorder;
    let seq = 0;
    recorder.addEventListener('dataavailable', (e) => {
      if (e.data.size > 0) events.chunk(e.data, seq++);
    });
    recorder.addEventListener('stop', () => {
      this.release();
      events.stopped(this.failure);
    });
    // A microphone unplugged mid-take ends its track: stop, keeping what came in.
    for (const track of stream.getAudioTracks()) {
      track.addEventListener('ended', () => {
        this.failure = 'The microphone went away in the middle of the take; what was recorded until then is kept.';
        if (recorder.state !== 'inactive') recorder.stop();
      });
    }
    this.meter(stream, events);
    recorder.start(SLICE_MS);
  }

  stop(): void {
    if (this.recorder && this.recorder.state !== 'inactive') this.recorder.stop();
  }

  private meter(stream: MediaStream, events: RecordingEvents): void {
    const context = new AudioContext();
    this.context = context;
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(stream).connect(analyser);
    const data = new Float32Array(analyser.fftSize);
    // The meter falls back at most this much a second, as level meters do: a syllable stays readable
    // however seldom the page gets a frame, and silence still reads as silence within half a second.
    const FALL_PER_SECOND = 2;
    let shown = 0;
    let last = performance.now();
    const tick = () => {
      analyser.getFloatTimeDomainData(data);
      let peak = 0;
      for (const v of data) peak = Math.max(peak, Math.abs(v));
      const now = performance.now();
      shown = Math.max(Math.min(1, peak), shown - ((now - last) / 1000) * FALL_PER_SECOND);
      last = now;
      events.level(shown);
      this.frame = requestAnimationFrame(tick);
    };
    tick();
  }

  private release(): void {
    cancelAnimationFrame(this.frame);
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    void this.context?.close().catch(() => undefined);
    this.stream = null;
    this.context = null;
    this.recorder = null;
  }
}
