import { getSegmentFrameCount, type ClipSegment } from '../export/clipFrames';
import type { Marks } from '../player/playerMachine';
import type { PlayerSession } from '../session/PlayerSession';
import type { VoiceTrack } from '../voice/VoiceTrack';
import { createWebVtt, getPlanCaptions } from '../timeline/createWebVtt';
import { createElement } from './createElement';
import { saveFile } from './saveFile';

/** How often the progress bar and its text change while a clip renders. */
const PROGRESS_INTERVAL_MS = 250;

export type ClipRange = 'scene' | 'walkthrough' | 'marks';

const SIZES: readonly [number, number][] = [
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
];

/** The WebVTT of a clip's range, timed to the clip's own frames. */
function getClipVtt(segments: readonly ClipSegment[], fps: number): string {
  let offset = 0;
  const captions = segments.flatMap((s) => {
    const frames = getSegmentFrameCount(s, fps);
    const cues = getPlanCaptions(s.plan, offset, s.from, s.from + frames / fps);
    offset += frames / fps;
    return cues;
  });
  return createWebVtt(captions);
}

/**
 * The export dialog: range, size, frame rate, format (only what this browser can encode, saying why
 * not), captions; a progress bar with Cancel; and a PNG snapshot of the moment on stage.
 *
 * @remarks
 * The exporter itself (mediabunny, WebCodecs) is imported only when an export starts, so the first
 * load of the player carries none of it.
 */
export class ExportDialogView {
  readonly dialog: HTMLDialogElement;
  private readonly form: HTMLFormElement;
  private readonly status: HTMLElement;
  private readonly progress: HTMLProgressElement;
  private readonly reasons: HTMLElement;
  private readonly marksText: HTMLElement;
  private running: AbortController | null = null;
  /** The instructor's takes, when a voice track is open: clips carry them. */
  private track: VoiceTrack | null = null;

  constructor(private readonly session: PlayerSession) {
    const radio = (name: string, value: string, label: string, checked = false) =>
      createElement(
        'label',
        { 'data-option': `${name}-${value}` },
        createElement('input', { type: 'radio', name, value, ...(checked ? { checked: '' } : {}) }),
        ` ${label}`,
      );
    this.marksText = createElement('span', { 'data-testid': 'export-marks' }, 'no marks');
    const markIn = createElement('button', { type: 'button' }, 'Mark in here');
    const markOut = createElement('button', { type: 'button' }, 'Mark out here');
    markIn.addEventListener('click', () => this.setMark('in'));
    markOut.addEventListener('click', () => this.setMark('out'));
    this.reasons = createElement('p', { class: 'panel-note', 'data-testid': 'export-unavailable' });
    this.status = createElement('p', { class: 'export-status', 'data-testid': 'export-status', role: 'status' });
    this.progress = createElement('progress', { max: '1', value: '0', 'aria-label': 'Export progress' });
    const exportButton = createElement('button', { type: 'submit', class: 'primary' }, 'Export video');
    const snapshot = createElement('button', { type: 'button', 'data-action': 'snapshot' }, 'PNG snapshot');
    const cancel = createElement('button', { type: 'button', 'data-action': 'cancel', disabled: '' }, 'Cancel');
    const close = createElement('button', { type: 'button', 'data-action': 'close' }, 'Close');
    this.form = createElement(
      'form',
      { class: 'export-form', 'data-testid': 'export-form' },
      createElement(
        'fieldset',
        {},
        createElement('legend', {}, 'Range'),
        radio('range', 'scene', 'This scene', true),
        radio('range', 'walkthrough', 'The whole walkthrough'),
        radio('range', 'marks', 'From the in mark to the out mark'),
        createElement('div', { class: 'marks' }, markIn, markOut, this.marksText),
      ),
      createElement(
        'fieldset',
        {},
        createElement('legend', {}, 'Size'),
        ...SIZES.map(([w, h], i) => radio('size', `${w}x${h}`, `${w}×${h}`, i === 1)),
      ),
      createElement(
        'fieldset',
        {},
        createElement('legend', {}, 'Frame rate'),
        radio('fps', '30', '30 fps', true),
        radio('fps', '60', '60 fps'),
      ),
      createElement(
        'fieldset',
        {},
        createElement('legend', {}, 'Format'),
        radio('format', 'mp4', 'MP4 (H.264)', true),
        radio('format', 'webm', 'WebM (VP9)'),
        this.reasons,
      ),
      createElement(
        'fieldset',
        {},
        createElement('legend', {}, 'Captions'),
        createElement(
          'label',
          {},
          createElement('input', { type: 'checkbox', name: 'burn', checked: '' }),
          ' Burn captions into the frames',
        ),
        createElement(
          'label',
          {},
          createElement('input', { type: 'checkbox', name: 'vtt', checked: '' }),
          ' Also save them as WebVTT',
        ),
      ),
      createElement('div', { class: 'export-progress' }, this.progress, this.status),
      createElement('div', { class: 'export-actions' }, exportButton, snapshot, cancel, close),
    );
    this.dialog = createElement(
      'dialog',
      { class: 'export-dialog', 'data-testid': 'export-dialog', 'aria-labelledby': 'export-title' },
      createElement('h2', { id: 'export-title' }, 'Export a clip'),
      this.form,
    );
    document.body.append(this.dialog);
    session.on('state', ({ context }) => this.showMarks(context.marks));
    this.form.addEventListener('change', () => void this.checkEncoders());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.runExport(exportButton, cancel);
    });
    snapshot.addEventListener('click', () => void this.snapshot());
    cancel.addEventListener('click', () => this.running?.abort());
    close.addEventListener('click', () => this.dialog.close());
    this.dialog.addEventListener('cancel', (e) => {
      if (this.running) e.preventDefault();
    });
  }

  /** Clips from now on carry this voice track's takes. */
  setVoiceTrack(track: VoiceTrack): void {
    this.track = track;
  }

  /** The clip's voice, mixed to its frames, or `null` when no take falls in it. */
  private async mixVoice(segments: readonly ClipSegment[], fps: number): Promise<AudioBuffer | null> {
    const track = this.track;
    if (!track || track.usable.length === 0) return null;
    const usable = new Set(track.usable);
    const { placeTakes, renderVoice } = await import('../voice/renderVoice');
    const { placements, duration } = placeTakes(segments, fps, (scene, beat) => {
      const take = track.get(scene, beat);
      return take && usable.has(take) ? take : undefined;
    });
    return placements.length > 0 ? renderVoice(placements, duration) : null;
  }

  open(): void {
    const walkthrough = this.form.querySelector<HTMLElement>('[data-option="range-walkthrough"]')!;
    walkthrough.hidden = this.session.mode === 'explore';
    if (walkthrough.hidden && this.value('range') === 'walkthrough')
      this.form.querySelector<HTMLInputElement>('[data-option="range-scene"] input')!.checked = true;
    if (!this.dialog.open) this.dialog.showModal();
    void this.checkEncoders();
  }

  /** Closes the dialog unless an export is running; `false` when it stays (or was not) open. */
  close(): boolean {
    if (!this.dialog.open || this.running) return false;
    this.dialog.close();
    return true;
  }

  private value(name: string): string {
    return String(new FormData(this.form).get(name) ?? '');
  }

  private setMark(which: 'in' | 'out'): void {
    const { context, time } = this.session.getSnapshot();
    this.session.send({ type: 'marks.set', marks: { ...context.marks, [which]: time } });
  }

  private showMarks({ in: a, out: b }: Marks): void {
    this.marksText.textContent =
      a === null && b === null
        ? 'no marks'
        : `in ${a === null ? '–' : `${a.toFixed(2)} s`} · out ${b === null ? '–' : `${b.toFixed(2)} s`}`;
  }

  /** The scene on stage's id, or in Explore what its access is, for file names. */
  private sceneId(): string {
    const { entry, mode } = this.session.getSnapshot();
    if (mode !== 'explore') return entry.id;
    return entry.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  }

  /** The stretches of timeline a range covers: the scene on stage, every scene, or in to out. */
  private segments(range: ClipRange, marks: { in: number; out: number } | null): ClipSegment[] {
    const { index } = this.session.getSnapshot();
    const indexes = range === 'walkthrough' ? this.session.program.map((_, i) => i) : [index];
    return indexes.map((i) => {
      const plan = this.session.getPlan(i);
      const entry = i === index ? this.session.getSnapshot().entry : this.session.program[i];
      return { plan, entry, from: marks ? marks.in : 0, to: marks ? marks.out : plan.duration };
    });
  }

  /** Disables what this browser cannot encode at the chosen size, and says why. */
  private async checkEncoders(): Promise<void> {
    const { getEncodability } = await import('../export/ClipExporter');
    const [w, h] = this.value('size').split('x').map(Number);
    const reasons: string[] = [];
    for (const format of ['mp4', 'webm'] as const) {
      const why = await getEncodability(format, w, h);
      const input = this.form.querySelector<HTMLInputElement>(`[data-option="format-${format}"] input`)!;
      input.disabled = why !== null;
      if (why) reasons.push(`${format === 'mp4' ? 'MP4' : 'WebM'} is unavailable: ${why}.`);
    }
    if (this.track && this.track.usable.length > 0) {
      const { getVoiceCodec } = await import('../export/ClipExporter');
      const codec = await getVoiceCodec(this.value('format') as 'mp4' | 'webm');
      const named = { aac: 'AAC', opus: 'Opus' } as Record<string, string>;
      reasons.push(
        codec === null
          ? 'This browser encodes no audio codec here, so the clip cannot carry the voice.'
          : `The voice track goes in as ${named[codec] ?? codec}${
              this.value('format') === 'mp4' && codec === 'opus'
                ? ' in MP4: this browser encodes no AAC (Debian’s Chromium encodes Opus only); most players play it'
                : ''
            }.`,
      );
    }
    this.reasons.textContent = reasons.join(' ');
    this.reasons.dataset.voice = String(Boolean(this.track?.usable.length));
    const chosen = this.form.querySelector<HTMLInputElement>('input[name="format"]:checked');
    if (chosen?.disabled) this.form.querySelector<HTMLInputElement>('input[name="format"]:not(:disabled)')?.click();
  }

  private rangeSegments(): { segments: ClipSegment[]; name: string } | string {
    const range = this.value('range') as ClipRange;
    if (range === 'marks') {
      const { in: a, out: b } = this.session.getSnapshot().context.marks;
      if (a === null || b === null) return 'Set both an in mark and an out mark first.';
      if (b <= a) return 'The out mark must come after the in mark.';
      return {
        segments: this.segments('marks', { in: a, out: b }),
        name: `${this.sceneId()}-${a.toFixed(2)}s-${b.toFixed(2)}s`,
      };
    }
    return {
      segments: this.segments(range, null),
      name: range === 'walkthrough' ? 'walkthrough' : this.sceneId(),
    };
  }

  private async runExport(exportButton: HTMLButtonElement, cancel: HTMLButtonElement): Promise<void> {
    const chosen = this.rangeSegments();
    if (typeof chosen === 'string') {
      this.status.textContent = chosen;
      return;
    }
    const [width, height] = this.value('size').split('x').map(Number);
    const fps = Number(this.value('fps'));
    const format = this.value('format') as 'mp4' | 'webm';
    const burnCaptions = this.value('burn') === 'on';
    const base = `bank-conflicts-${chosen.name}-${width}x${height}-${fps}fps`;
    this.running = new AbortController();
    this.dialog.dataset.exportState = 'running';
    exportButton.disabled = true;
    cancel.disabled = false;
    this.status.textContent = 'Preparing the encoder…';
    try {
      const { exportClip } = await import('../export/ClipExporter');
      const voice = await this.mixVoice(chosen.segments, fps);
      let shownAt = -Infinity;
      const blob = await exportClip(
        chosen.segments,
        { width, height, fps, format, burnCaptions, voice, lanes: this.session.getSnapshot().context.lanes },
        ({ done, total, secondsLeft }) => {
          // Each change repaints the page, which software compositing pays for beside the export.
          const now = performance.now();
          if (done < total && now - shownAt < PROGRESS_INTERVAL_MS) return;
          shownAt = now;
          this.progress.max = total;
          this.progress.value = done;
          this.status.textContent = `${done} / ${total} frames · about ${Math.ceil(secondsLeft)} s left`;
        },
        this.running.signal,
      );
      if (!blob) {
        this.status.textContent = 'Export cancelled: no file was saved.';
        this.dialog.dataset.exportState = 'cancelled';
        return;
      }
      const name = `${base}${burnCaptions ? '-captioned' : ''}.${format}`;
      saveFile(blob, name);
      const vtt = this.value('vtt') === 'on' ? `${base}.vtt` : null;
      if (vtt) saveFile(new Blob([getClipVtt(chosen.segments, fps)], { type: 'text/vtt' }), vtt);
      this.status.textContent = `Saved ${name} (${(blob.size / 1e6).toFixed(1)} MB)${vtt ? ` and ${vtt}` : ''}.`;
      this.dialog.dataset.exportState = 'done';
    } catch (error) {
      this.status.textContent = `The export failed: ${error instanceof Error ? error.message : String(error)}`;
      this.dialog.dataset.exportState = 'failed';
    } finally {
      this.running = null;
      exportButton.disabled = false;
      cancel.disabled = true;
      this.progress.value = 0;
    }
  }

  private async snapshot(): Promise<void> {
    const [width, height] = this.value('size').split('x').map(Number);
    const [segment] = this.segments('scene', null);
    const { snapshotPng } = await import('../export/ClipExporter');
    const time = this.session.getSnapshot().time;
    const { lanes } = this.session.getSnapshot().context;
    const blob = await snapshotPng(segment, time, width, height, this.value('burn') === 'on', lanes);
    saveFile(blob, `bank-conflicts-${this.sceneId()}-${time.toFixed(2)}s-${width}x${height}.png`);
    this.status.textContent = 'Saved a PNG snapshot of this moment.';
  }
}
