import type { Voiced } from '../player/playerMachine';
import type { ProgramEntry } from '../program/createProgram';
import { decodeAudio, VOICE_RATE } from './decodeAudio';
import { DEFAULT_THRESHOLD_DB } from './findSpeech';
import { getTakeKey, getTakeSeconds, nudge, retrim, type Take } from './Take';
import type { StoredTake, TakeStore } from './TakeStore';
import { AUDIO_EXTENSIONS, parseTakeName, parseWebVtt, type VoiceIndex } from './voiceFiles';
import { encodeWav } from './wav';

/** What an import did: how many takes came in, and what could not, each named. */
export interface ImportReport {
  readonly imported: number;
  readonly errors: readonly string[];
}

/**
 * The instructor's voice track for one lesson: a take per beat, decoded, kept in IndexedDB as they
 * are made, and the lengths the plan holds each voiced beat for.
 */
/** The stored key of the take a retake replaced, kept so that it can be brought back. */
const PREVIOUS = '#previous';

export class VoiceTrack {
  private readonly takes = new Map<string, Take>();
  private readonly stored = new Map<string, StoredTake>();
  /** By beat: the take the latest retake replaced (nothing is lost: see {@link restorePrevious}). */
  private readonly previous = new Map<string, StoredTake>();
  private readonly listeners = new Set<() => void>();

  private constructor(
    public lesson: string,
    private program: readonly ProgramEntry[],
    private readonly store: TakeStore | null,
  ) {}

  /** Which load of takes is the latest: an earlier one still decoding must not add its takes. */
  private loading = 0;

  /** Turns to another lesson's takes (each lesson keeps its own). */
  async switchLesson(lesson: string, program: readonly ProgramEntry[]): Promise<void> {
    const load = ++this.loading;
    this.lesson = lesson;
    this.program = program;
    this.takes.clear();
    this.stored.clear();
    this.previous.clear();
    const saved = (await this.store?.load(lesson)) ?? [];
    for (const take of saved) {
      if (load !== this.loading) return;
      if (take.key.endsWith(PREVIOUS)) {
        this.previous.set(getTakeKey(take.scene, take.beat), take);
        continue;
      }
      try {
        await this.adopt(take, false, load);
      } catch {
        // A take whose audio no longer decodes is left out rather than stopping the rest.
      }
    }
    this.changed();
  }

  /** Opens a lesson's track, recovering any take the page stopped in the middle of. */
  static async open(lesson: string, program: readonly ProgramEntry[], store: TakeStore | null): Promise<VoiceTrack> {
    const track = new VoiceTrack(lesson, program, store);
    await track.switchLesson(lesson, program);
    return track;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get all(): Take[] {
    return [...this.takes.values()];
  }

  get(scene: string, beat: number): Take | undefined {
    return this.takes.get(getTakeKey(scene, beat));
  }

  /** The caption a beat has now. */
  beatText(scene: string, beat: number): string | undefined {
    return this.program.find((p) => p.id === scene)?.beats[beat]?.text;
  }

  /** Whether a take was made for a caption that has changed since: it is kept, but not used. */
  isStale(take: Take): boolean {
    return this.beatText(take.scene, take.beat) !== take.text;
  }

  /** The takes that play: one per beat, for captions that have not changed. */
  get usable(): Take[] {
    return this.all.filter((t) => !this.isStale(t) && t.span.end > t.span.start);
  }

  /** How long each voiced beat speaks, for the plan. */
  getVoiced(): Voiced {
    return Object.fromEntries(this.usable.map((t) => [getTakeKey(t.scene, t.beat), getTakeSeconds(t)]));
  }

  /** Whether a retake replaced an earlier take of this beat, which can be brought back. */
  hasPrevious(scene: string, beat: number): boolean {
    return this.previous.has(getTakeKey(scene, beat));
  }

  /**
   * Brings back the take the latest retake of this beat replaced; the retake becomes the one kept
   * aside, so pressing it again swaps them back.
   */
  async restorePrevious(scene: string, beat: number): Promise<void> {
    const key = getTakeKey(scene, beat);
    const earlier = this.previous.get(key);
    if (!earlier) return;
    const now = this.stored.get(key);
    this.previous.delete(key);
    if (now) await this.keepAside(now);
    else await this.store?.remove(earlier.key);
    const restored: StoredTake = { ...earlier, key: earlier.key.slice(0, -PREVIOUS.length) };
    await this.store?.save(restored);
    await this.adopt(restored);
  }

  /** Keeps a beat's take aside as the one a retake replaced, in memory and in the store. */
  private async keepAside(take: StoredTake): Promise<void> {
    const aside: StoredTake = { ...take, key: `${this.lesson}/${getTakeKey(take.scene, take.beat)}${PREVIOUS}` };
    this.previous.set(getTakeKey(take.scene, take.beat), aside);
    await this.store?.save(aside);
  }

  /** Keeps a finished recording or an imported file as the take of a beat (the one it replaces kept aside). */
  async add(
    scene: string,
    beat: number,
    audio: Blob,
    options: { text?: string; thresholdDb?: number } = {},
  ): Promise<Take> {
    const saved: StoredTake = {
      key: `${this.lesson}/${getTakeKey(scene, beat)}`,
      lesson: this.lesson,
      scene,
      beat,
      text: options.text ?? this.beatText(scene, beat) ?? '',
      audio,
      span: { start: 0, end: Infinity },
      thresholdDb: options.thresholdDb ?? DEFAULT_THRESHOLD_DB,
      complete: true,
    };
    const replaced = this.stored.get(getTakeKey(scene, beat));
    if (replaced) await this.keepAside(replaced);
    const take = await this.adopt(saved, true);
    await this.persist(take);
    return take;
  }

  /** Saves piece `seq` of a recording still running, so it outlives a reload or a crash. */
  async keepPiece(scene: string, beat: number, text: string, seq: number, data: Blob): Promise<void> {
    const key = `${this.lesson}/${getTakeKey(scene, beat)}`;
    // A retake cut short must not cost the take it was replacing: that one is kept aside first.
    const replaced = this.stored.get(getTakeKey(scene, beat));
    if (seq === 0 && replaced) await this.keepAside(replaced);
    await this.store?.append(
      { key, lesson: this.lesson, scene, beat, text, thresholdDb: DEFAULT_THRESHOLD_DB },
      seq,
      data,
    );
  }

  async setThreshold(take: Take, thresholdDb: number): Promise<void> {
    await this.replace(retrim(take, thresholdDb));
  }

  async nudge(take: Take, seconds: number): Promise<void> {
    await this.replace(nudge(take, seconds));
  }

  /** Deletes a beat's take; it is kept aside, so it can be brought back like a replaced one. */
  async remove(take: Take): Promise<void> {
    const key = getTakeKey(take.scene, take.beat);
    const stored = this.stored.get(key);
    if (stored) await this.keepAside(stored);
    this.takes.delete(key);
    this.stored.delete(key);
    await this.store?.remove(`${this.lesson}/${key}`);
    this.changed();
  }

  /**
   * Imports takes from audio files named `<scene-id>-<beat>.<ext>`, a voice track's .zip, or one
   * audio file with a WebVTT cue sheet whose cues are the beats' captions.
   */
  async importFiles(files: readonly File[]): Promise<ImportReport> {
    const errors: string[] = [];
    let imported = 0;
    const vtt = files.find((f) => f.name.toLowerCase().endsWith('.vtt'));
    const zips = files.filter((f) => f.name.toLowerCase().endsWith('.zip'));
    const audio = files.filter((f) => AUDIO_EXTENSIONS.includes(f.name.split('.').pop()!.toLowerCase()));
    for (const zip of zips) {
      try {
        const { unpackVoiceTrack } = await import('./voiceArchive');
        const { files: inside, index } = unpackVoiceTrack(new Uint8Array(await zip.arrayBuffer()));
        const named = [...inside].map(([name, data]) => ({ name, data: new Blob([data.slice()]) }));
        const report = await this.importNamed(named, index);
        imported += report.imported;
        errors.push(...report.errors.map((e) => `${zip.name}: ${e}`));
      } catch (error) {
        errors.push(`${zip.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // One recording and a cue sheet: the sheet says which stretch is which beat.
    if (vtt && audio.length === 1) {
      const report = await this.importCueSheet(audio[0], vtt);
      return { imported: imported + report.imported, errors: [...errors, ...report.errors] };
    }
    const report = await this.importNamed(
      audio.map((f) => ({ name: f.name, data: f })),
      null,
    );
    const other = files.filter((f) => !zips.includes(f) && !audio.includes(f) && f !== vtt);
    return {
      imported: imported + report.imported,
      errors: [
        ...errors,
        ...(vtt ? [`${vtt.name}: a cue sheet goes with exactly one audio file, and ${audio.length} came with it`] : []),
        ...report.errors,
        ...other.map((f) => `${f.name}: not an audio file, a .zip or a .vtt cue sheet`),
      ],
    };
  }

  private async importNamed(files: { name: string; data: Blob }[], index: VoiceIndex | null): Promise<ImportReport> {
    const errors: string[] = [];
    let imported = 0;
    for (const { name, data } of files) {
      const where = parseTakeName(name, this.program);
      if ('error' in where) {
        errors.push(where.error);
        continue;
      }
      const noted = index?.takes.find((t) => t.file === name);
      try {
        await this.add(where.scene, where.beat, data, { text: noted?.text, thresholdDb: noted?.thresholdDb });
        imported++;
      } catch (error) {
        errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return { imported, errors };
  }

  /** Cuts one long recording into takes at the cue sheet's times, each cue matched to a beat by its caption. */
  private async importCueSheet(audio: File, vtt: File): Promise<ImportReport> {
    let cues;
    let samples: Float32Array;
    try {
      cues = parseWebVtt(await vtt.text());
      samples = await decodeAudio(audio);
    } catch (error) {
      return { imported: 0, errors: [`${vtt.name}: ${error instanceof Error ? error.message : String(error)}`] };
    }
    const errors: string[] = [];
    let imported = 0;
    for (const cue of cues) {
      const at = this.program
        .flatMap((p) => p.beats.map((b, i) => ({ scene: p.id, beat: i, text: b.text })))
        .find((b) => b.text === cue.text);
      if (!at) {
        errors.push(
          `${vtt.name}: the cue at ${cue.start.toFixed(2)} s matches no beat's caption: "${cue.text.slice(0, 60)}"`,
        );
        continue;
      }
      const part = samples.slice(Math.floor(cue.start * VOICE_RATE), Math.ceil(cue.end * VOICE_RATE));
      const wav = encodeWav({ samples: part, sampleRate: VOICE_RATE });
      try {
        await this.add(at.scene, at.beat, new Blob([wav.slice()], { type: 'audio/wav' }));
        imported++;
      } catch (error) {
        errors.push(
          `${vtt.name}: the cue at ${cue.start.toFixed(2)} s: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { imported, errors };
  }

  /** Decodes a saved take and trims it (a fresh one by its threshold, a kept one by its span). */
  private async adopt(saved: StoredTake, fresh = false, load = this.loading): Promise<Take> {
    const samples = await decodeAudio(saved.audio);
    if (load !== this.loading) throw new Error('another lesson was opened while this take decoded');
    const base: Take = {
      scene: saved.scene,
      beat: saved.beat,
      text: saved.text,
      sampleRate: VOICE_RATE,
      samples,
      span: {
        start: Math.min(samples.length, Math.round(saved.span.start * VOICE_RATE)),
        end: Math.min(samples.length, Math.round(saved.span.end * VOICE_RATE)),
      },
      thresholdDb: saved.thresholdDb,
      complete: saved.complete,
    };
    const take = fresh || !Number.isFinite(saved.span.end) ? retrim(base, saved.thresholdDb) : base;
    const key = getTakeKey(take.scene, take.beat);
    this.takes.set(key, take);
    this.stored.set(key, saved);
    this.changed();
    return take;
  }

  private async replace(take: Take): Promise<void> {
    const key = getTakeKey(take.scene, take.beat);
    this.takes.set(key, take);
    await this.persist(take);
    this.changed();
  }

  private async persist(take: Take): Promise<void> {
    const key = getTakeKey(take.scene, take.beat);
    const saved = this.stored.get(key);
    if (!saved) return;
    const next: StoredTake = {
      ...saved,
      span: { start: take.span.start / take.sampleRate, end: take.span.end / take.sampleRate },
      thresholdDb: take.thresholdDb,
    };
    this.stored.set(key, next);
    await this.store?.save(next);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
