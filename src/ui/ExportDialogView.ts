import type { ClipFormat } from '../export/ClipExporter';
import { AUDIO_CODEC_NAMES, type ClipAudioCodec } from '../export/getClipAudioCodec';
import { getClipSource } from '../export/getClipSource';
import {
  CLIP_SIZES,
  getLessonPrefix,
  getSceneName,
  planClip,
  type ClipRange,
  type ClipRequest,
} from '../export/planClip';
import type { Marks } from '../player/playerMachine';
import type { PlayerSession } from '../session/PlayerSession';
import type { VoiceTrack } from '../voice/VoiceTrack';
import { createElement } from './createElement';
import { plural } from '../engine';
import { saveFile } from './saveFile';

/** Which codec the voice goes in as, and whether lecture-room software plays it. */
function describeAudio(codec: ClipAudioCodec, format: ClipFormat): string {
  if (format === 'webm') return `${AUDIO_CODEC_NAMES[codec]}, as WebM carries it`;
  if (codec === 'aac') return 'AAC, which PowerPoint, Keynote and every player play';
  if (codec === 'mp3') return 'MP3 (this browser encodes no AAC), which PowerPoint, Keynote and every player play';
  return 'Opus, as this browser encodes neither AAC nor MP3: PowerPoint and Keynote may not play it';
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

  /** `track`: the instructor's takes, which clips carry. */
  constructor(
    private readonly session: PlayerSession,
    private readonly track: VoiceTrack,
  ) {
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
        radio('range', 'chapter', 'This chapter'),
        radio('range', 'walkthrough', 'The whole walkthrough'),
        radio('range', 'marks', 'From the in mark to the out mark'),
        createElement('div', { class: 'marks' }, markIn, markOut, this.marksText),
      ),
      createElement(
        'fieldset',
        {},
        createElement('legend', {}, 'Size'),
        ...CLIP_SIZES.map(([w, h], i) => radio('size', `${w}x${h}`, `${w}×${h}`, i === 1)),
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
    session.select(
      ({ context }) => context.view.marks,
      (marks) => this.showMarks(marks),
    );
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

  open(): void {
    const option = (value: string) => this.form.querySelector<HTMLElement>(`[data-option="range-${value}"]`)!;
    const exploring = this.session.getSnapshot().stage !== 'lesson';
    const { chapters } = this.session;
    const chapter = option('chapter');
    // A lesson of one chapter has no chapter apart from the whole walkthrough to offer.
    chapter.hidden = exploring || chapters.length < 2;
    chapter.lastChild!.textContent = ` This chapter (${this.session.getChapter(this.session.getSnapshot().index).title})`;
    option('walkthrough').hidden = exploring;
    if (option(this.value('range')).hidden) option('scene').querySelector('input')!.checked = true;
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
    this.session.send({ type: 'marks.set', marks: { ...context.view.marks, [which]: time } });
  }

  private showMarks({ in: a, out: b }: Marks): void {
    this.marksText.textContent =
      a === null && b === null
        ? 'no marks'
        : `in ${a === null ? '–' : `${a.toFixed(2)} s`} · out ${b === null ? '–' : `${b.toFixed(2)} s`}`;
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
    if (this.track.usable.length > 0) {
      // Which takes this range carries: those of the scenes the clip would be cut from.
      const planned = planClip(getClipSource(this.session), {
        range: this.value('range') as ClipRange,
        marks: this.session.getSnapshot().context.view.marks,
        width: w,
        height: h,
        fps: 30,
        format: 'mp4',
        burnCaptions: false,
        vtt: false,
      });
      const scenes = new Set(
        typeof planned === 'string' ? [this.session.getSnapshot().entry.id] : planned.segments.map((s) => s.entry.id),
      );
      const takes = this.track.usable.filter((t) => scenes.has(t.scene)).length;
      const { getVoiceCodec } = await import('../export/ClipExporter');
      const codec = await getVoiceCodec(this.value('format') as ClipFormat);
      reasons.push(
        codec === null
          ? 'This browser encodes no audio codec here, so the clip cannot carry the voice.'
          : `The voice track goes in as ${describeAudio(codec, this.value('format') as ClipFormat)}: this range mixes in ${plural(takes, 'take')}.`,
      );
    }
    this.reasons.textContent = reasons.join(' ');
    this.reasons.dataset.voice = String(this.track.usable.length > 0);
    const chosen = this.form.querySelector<HTMLInputElement>('input[name="format"]:checked');
    if (chosen?.disabled) this.form.querySelector<HTMLInputElement>('input[name="format"]:not(:disabled)')?.click();
  }

  private async runExport(exportButton: HTMLButtonElement, cancel: HTMLButtonElement): Promise<void> {
    const [width, height] = this.value('size').split('x').map(Number);
    const request: ClipRequest = {
      range: this.value('range') as ClipRange,
      marks: this.session.getSnapshot().context.view.marks,
      width,
      height,
      fps: Number(this.value('fps')),
      format: this.value('format') as ClipFormat,
      burnCaptions: this.value('burn') === 'on',
      vtt: this.value('vtt') === 'on',
    };
    // Said before anything loads: a range that cannot be recorded starts nothing.
    const refusal = planClip(getClipSource(this.session), request);
    if (typeof refusal === 'string') {
      this.status.textContent = refusal;
      return;
    }
    this.running = new AbortController();
    this.dialog.dataset.exportState = 'running';
    exportButton.disabled = true;
    cancel.disabled = false;
    this.status.textContent = 'Preparing the encoder…';
    try {
      const { renderClip } = await import('../export/renderClip');
      const clip = await renderClip(
        this.session,
        { ...request, track: this.track },
        ({ done, total, secondsLeft }) => {
          this.progress.max = total;
          this.progress.value = done;
          this.status.textContent = `${done} / ${total} frames · about ${Math.ceil(secondsLeft)} s left`;
        },
        this.running.signal,
      );
      if (!clip) {
        this.status.textContent = 'Export cancelled: no file was saved.';
        this.dialog.dataset.exportState = 'cancelled';
        return;
      }
      const { video, vtt, takes } = clip;
      saveFile(video.blob, video.name);
      if (vtt) saveFile(new Blob([vtt.text], { type: 'text/vtt' }), vtt.name);
      const voiced = takes > 0 ? ` with ${plural(takes, 'take')} of voice in ${AUDIO_CODEC_NAMES[clip.audio!]}` : '';
      this.status.textContent = `Saved ${video.name} (${(video.blob.size / 1e6).toFixed(1)} MB${voiced})${vtt ? ` and ${vtt.name}` : ''}.`;
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
    const source = getClipSource(this.session);
    const segment = { plan: source.getPlan(source.index), entry: source.entry, from: 0, to: 0 };
    const { snapshotPng } = await import('../export/ClipExporter');
    const { time, context } = this.session.getSnapshot();
    const blob = await snapshotPng(segment, time, width, height, this.value('burn') === 'on', context.view.lanes);
    saveFile(blob, `${getLessonPrefix(source)}-${getSceneName(source)}-${time.toFixed(2)}s-${width}x${height}.png`);
    this.status.textContent = 'Saved a PNG snapshot of this moment.';
  }
}
