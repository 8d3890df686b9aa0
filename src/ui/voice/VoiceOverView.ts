import type { PlayerSession } from '../../session/PlayerSession';
import { DEFAULT_THRESHOLD_DB } from '../../voice/findSpeech';
import { getBeatAt } from '../../timeline/planTimeline';
import { createTakeSource, getTakeSeconds, type Take } from '../../voice/Take';
import { TakeRecorder } from '../../voice/TakeRecorder';
import type { VoiceTrack } from '../../voice/VoiceTrack';
import { createElement } from '../createElement';
import { drawWave, WAVE_HEIGHT, WAVE_WIDTH } from './drawWave';
import { saveFile } from '../saveFile';

/** A beat of the lesson, as the recorder shows it. */
interface BeatRef {
  readonly scene: string;
  readonly index: number;
  readonly text: string;
  readonly title: string;
  readonly count: number;
}

/**
 * Voice-over: the instructor reads each beat's caption into the microphone, beat by beat, with
 * retakes; takes can instead come from audio files. Each take is trimmed of its leading and
 * trailing silence at a threshold the instructor sees on its waveform and can change, and can be
 * nudged. Takes are saved as they are recorded; the whole track exports to one file.
 */
export class VoiceOverView {
  private readonly recorder = new TakeRecorder();
  private recording = false;
  private readonly caption = createElement('p', { class: 'voice-caption', 'data-testid': 'voice-caption' });
  private readonly where = createElement('p', { class: 'panel-note', 'data-testid': 'voice-where' });
  private readonly status = createElement('p', { class: 'voice-status', 'data-testid': 'voice-status' });
  private readonly message = createElement('p', {
    class: 'voice-message',
    role: 'alert',
    'data-testid': 'voice-message',
  });
  private readonly meter = createElement('meter', { min: '0', max: '1', value: '0', 'aria-label': 'Microphone level' });
  private readonly record = createElement(
    'button',
    { type: 'button', class: 'primary', 'data-action': 'record' },
    'Record',
  );
  private readonly play = createElement('button', { type: 'button', 'data-action': 'play' }, 'Play take');
  private readonly remove = createElement('button', { type: 'button', 'data-action': 'delete' }, 'Delete take');
  private readonly restore = createElement(
    'button',
    { type: 'button', 'data-action': 'restore' },
    'Bring back the earlier take',
  );
  /** The beat a recording in progress is for: fixed from Record to Stop, whatever the stage does. */
  private recordingFor: BeatRef | null = null;
  /** The take playing now, and how to stop it. */
  private playing: { stop(): void } | null = null;
  private readonly threshold = createElement('input', {
    type: 'range',
    min: '-70',
    max: '-20',
    step: '1',
    value: String(DEFAULT_THRESHOLD_DB),
    id: 'voice-threshold',
  });
  private readonly thresholdText = createElement('output', { for: 'voice-threshold' });
  private readonly wave = createElement('canvas', {
    width: String(WAVE_WIDTH),
    height: String(WAVE_HEIGHT),
    class: 'voice-wave',
    role: 'img',
    'aria-label': 'The take’s waveform: the part that plays is shaded; the orange lines are the silence threshold',
  });
  private readonly stale = createElement('ul', { class: 'voice-stale', 'data-testid': 'voice-stale' });

  constructor(
    root: HTMLElement,
    private readonly session: PlayerSession,
    private readonly track: VoiceTrack,
  ) {
    const button = (label: string, action: () => void, attributes: Record<string, string> = {}) => {
      const b = createElement('button', { type: 'button', ...attributes }, label);
      b.addEventListener('click', action);
      return b;
    };
    const files = createElement('input', {
      type: 'file',
      multiple: '',
      accept: 'audio/*,.wav,.mp3,.ogg,.opus,.webm,.zip,.vtt',
      id: 'voice-import',
      class: 'visually-hidden',
    });
    files.addEventListener(
      'change',
      () => void this.importFiles([...(files.files ?? [])]).then(() => (files.value = '')),
    );
    this.record.addEventListener('click', () => void (this.recording ? this.recorder.stop() : this.startRecording()));
    this.play.addEventListener('click', () => this.playTake());
    this.remove.addEventListener('click', () => {
      const take = this.current();
      if (take) void this.track.remove(take);
    });
    this.restore.addEventListener('click', () => {
      const beat = this.beat();
      if (beat) void this.track.restorePrevious(beat.scene, beat.index);
    });
    this.threshold.addEventListener('input', () => {
      const take = this.current();
      this.thresholdText.textContent = `${this.threshold.value} dB`;
      if (take) void this.track.setThreshold(take, Number(this.threshold.value));
    });
    root.replaceChildren(
      createElement('h2', {}, 'Voice-over'),
      this.where,
      this.caption,
      createElement(
        'div',
        { class: 'voice-row' },
        button('◀ Previous beat', () => this.step(-1), { title: 'Previous beat (←)' }),
        this.record,
        button('Next beat ▶', () => this.step(1), { title: 'Next beat (→)' }),
      ),
      createElement('div', { class: 'voice-row' }, this.meter, this.play, this.remove, this.restore),
      this.status,
      this.message,
      this.wave,
      createElement(
        'div',
        { class: 'voice-row' },
        createElement('label', { for: 'voice-threshold' }, 'Silence below'),
        this.threshold,
        this.thresholdText,
      ),
      createElement(
        'div',
        { class: 'voice-row' },
        button('Start 20 ms earlier', () => this.nudge(-0.02)),
        button('Start 20 ms later', () => this.nudge(0.02)),
      ),
      createElement(
        'div',
        { class: 'voice-row' },
        files,
        createElement('label', { for: 'voice-import', class: 'button-like' }, 'Import takes…'),
        button('Export voice track', () => void this.exportTrack(), { 'data-action': 'export-voice' }),
      ),
      createElement(
        'p',
        { class: 'panel-note' },
        'Files named <scene-id>-<beat>.wav (or .mp3, .ogg, .webm), a voice track .zip, or one recording with a WebVTT cue sheet. The voice plays at 1× speed only.',
      ),
      this.stale,
    );
    session.on('frame', () => this.render());
    session.select(
      ({ context }) => context.view.voiceOver,
      (on) => (root.hidden = !on),
    );
    track.onChange(() => this.render(true));
    this.render(true);
  }

  /** The beat of entry `index` at `beat` (its index in the scene). */
  private ref(sceneIndex: number, beat: number): BeatRef {
    const entry = this.session.program[sceneIndex];
    return {
      scene: entry.id,
      index: beat,
      text: entry.beats[beat].text,
      title: entry.title,
      count: entry.beats.length,
    };
  }

  /**
   * The beat the panel shows, and a take is recorded for: the recording's own while it runs; else
   * the stage's, or the one the stage is on its way to (a step under way). The panel never leads the
   * stage, so a take is always for the beat the stage shows, whatever a question or a chapter does.
   */
  private beat(): BeatRef | null {
    if (this.recordingFor) return this.recordingFor;
    const { frame, index, stage, plan, steppingTo } = this.session.getSnapshot();
    if (stage !== 'lesson') return null;
    const beat = steppingTo === null ? frame.beat : getBeatAt(plan, steppingTo);
    return beat ? this.ref(index, beat.index) : null;
  }

  /** Steps the stage (and so the panel) to the next or previous beat in time, across scenes. */
  private step(delta: 1 | -1): void {
    const { frame, time, steppingTo } = this.session.getSnapshot();
    // From within a beat a clicker's step back goes to its start; the panel's goes to the beat before.
    const shown = steppingTo ?? frame.beat?.start ?? null;
    if (delta < 0 && shown !== null && Math.abs(time - shown) > 1e-3)
      this.session.send({ type: 'playback.seek', time: shown });
    this.session.send({ type: delta > 0 ? 'beat.next' : 'beat.prev' });
    this.render(true);
  }

  private current(): Take | undefined {
    const beat = this.beat();
    return beat ? this.track.get(beat.scene, beat.index) : undefined;
  }

  private shown = '';

  private render(force = false): void {
    const beat = this.beat();
    const take = this.current();
    const key = `${beat?.scene}/${beat?.index}/${this.recording}/${this.playing !== null}`;
    if (key === this.shown && !force) return;
    this.shown = key;
    this.where.textContent = beat
      ? `${beat.title} · beat ${beat.index + 1} of ${beat.count}`
      : 'No caption here to read.';
    this.caption.textContent = beat?.text ?? '';
    this.record.textContent = this.recording ? 'Stop' : take ? 'Retake' : 'Record';
    this.record.disabled = !beat;
    this.play.disabled = !take;
    this.play.textContent = this.playing ? 'Stop playing' : 'Play take';
    this.play.setAttribute('aria-pressed', String(this.playing !== null));
    this.remove.disabled = !take || this.recording;
    this.restore.hidden = !beat || this.recording || !this.track.hasPrevious(beat.scene, beat.index);
    if (take) this.threshold.value = String(take.thresholdDb);
    this.thresholdText.textContent = `${this.threshold.value} dB`;
    this.status.textContent = this.recording
      ? `Recording beat ${beat!.index + 1} of ${beat!.title}…`
      : this.playing && take
        ? `Playing the take (${getTakeSeconds(take).toFixed(2)} s)…`
        : !take
          ? 'No take for this beat yet: it holds for its reading time.'
          : this.track.isStale(take)
            ? 'This take was recorded for an earlier caption, so it is not used. Retake it.'
            : `Take: ${getTakeSeconds(take).toFixed(2)} s${take.complete ? '' : ' (recovered after an interruption: what was captured until then)'}.`;
    drawWave(this.wave, take);
    const stale = this.track.all.filter((t) => this.track.isStale(t));
    this.stale.replaceChildren(
      ...stale.map((t) =>
        createElement('li', {}, `${t.scene}, beat ${t.beat + 1}: recorded for an earlier caption; retake it.`),
      ),
    );
  }

  private async startRecording(): Promise<void> {
    const beat = this.beat();
    if (!beat) return;
    this.playing?.stop();
    this.recordingFor = beat;
    this.message.textContent = '';
    const pieces: Blob[] = [];
    try {
      await this.recorder.start({
        level: (level) => (this.meter.value = level),
        // Each piece is saved as it arrives, so a reload or a crash mid-take keeps what was said.
        chunk: (data) => {
          pieces.push(data);
          void this.track.keepPiece(beat.scene, beat.index, beat.text, pieces.length - 1, data);
        },
        stopped: (reason) => {
          this.recording = false;
          this.recordingFor = null;
          this.meter.value = 0;
          if (reason) this.message.textContent = reason;
          if (pieces.length === 0) return this.render(true);
          void this.track
            .add(beat.scene, beat.index, new Blob(pieces, { type: pieces[0].type }), { text: beat.text })
            .catch((error: unknown) => (this.message.textContent = `The take could not be kept: ${String(error)}`));
        },
      });
      this.recording = true;
      this.render(true);
    } catch (error) {
      this.recordingFor = null;
      this.message.textContent = error instanceof Error ? error.message : String(error);
    }
  }

  /** Plays the beat's take (and says so while it plays), or stops it. */
  private playTake(): void {
    if (this.playing) return this.playing.stop();
    const take = this.current();
    if (!take) return;
    const context = new AudioContext();
    const source = createTakeSource(context, take);
    const finished = () => {
      if (this.playing !== playing) return;
      this.playing = null;
      void context.close();
      this.render(true);
    };
    const playing = { stop: () => (source.stop(), finished()) };
    source.onended = finished;
    this.playing = playing;
    source.start();
    this.render(true);
  }

  private nudge(seconds: number): void {
    const take = this.current();
    if (take) void this.track.nudge(take, seconds);
  }

  private async importFiles(files: File[]): Promise<void> {
    if (files.length === 0) return;
    const report = await this.track.importFiles(files);
    this.message.textContent = [
      `Imported ${report.imported} take${report.imported === 1 ? '' : 's'}.`,
      ...report.errors,
    ].join(' ');
  }

  private async exportTrack(): Promise<void> {
    const { packVoiceTrack } = await import('../../voice/voiceArchive');
    const bytes = packVoiceTrack(this.track.lesson, this.track.all);
    const name = this.track.lesson
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    saveFile(new Blob([bytes.slice()], { type: 'application/zip' }), `${name || 'lesson'}-voice.zip`);
    this.message.textContent = `Saved the voice track: ${this.track.all.length} takes.`;
  }
}
