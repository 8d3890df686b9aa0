import type { ProgramEntry } from '../program/createProgram';
import type { Take } from './Take';

/** Audio files a take may come from. */
export const AUDIO_EXTENSIONS = ['wav', 'mp3', 'ogg', 'oga', 'opus', 'webm'];

/** Where a file's take belongs: a beat of a scene, or why the name says none. */
export type TakeName = { scene: string; beat: number } | { error: string };

/**
 * Reads a take's file name, `<scene-id>-<beat>.<ext>` with beats numbered from 1 in the scene's
 * order, against the lesson: a scene or beat that does not exist is named in the error.
 */
export function parseTakeName(name: string, program: readonly ProgramEntry[]): TakeName {
  const match = /^(.+)-(\d+)\.([a-z0-9]+)$/i.exec(name);
  if (!match) return { error: `${name}: a take's file is named <scene-id>-<beat>.<ext>, like banks-1.wav` };
  const [, scene, number, ext] = match;
  if (!AUDIO_EXTENSIONS.includes(ext.toLowerCase()))
    return { error: `${name}: .${ext} is not an audio file this player reads (${AUDIO_EXTENSIONS.join(', ')})` };
  const entry = program.find((p) => p.id === scene);
  if (!entry)
    return { error: `${name}: there is no scene "${scene}" (scenes: ${program.map((p) => p.id).join(', ')})` };
  const beat = Number(number);
  if (beat < 1 || beat > entry.beats.length)
    return { error: `${name}: scene ${scene} has beats 1 to ${entry.beats.length}, so there is no beat ${beat}` };
  return { scene, beat: beat - 1 };
}

/** The index a voice track carries beside its audio: which file is which beat, and its caption then. */
export interface VoiceIndex {
  readonly format: 'bank-conflict-voice-track';
  readonly version: 1;
  readonly lesson: string;
  readonly takes: readonly {
    readonly file: string;
    readonly scene: string;
    /** From 1, as in the file names. */
    readonly beat: number;
    readonly text: string;
    readonly thresholdDb: number;
  }[];
}

export const takeFileName = (take: Pick<Take, 'scene' | 'beat'>) => `${take.scene}-${take.beat + 1}.wav`;

/** One cue of a WebVTT file: its span in seconds and its text. */
export interface Cue {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const stamp = (s: string) => {
  const parts = s.trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
};

/** Reads the cues of a WebVTT file (the player writes these), unescaping its text. */
export function parseWebVtt(text: string): Cue[] {
  if (!text.replace(/^\uFEFF/, '').startsWith('WEBVTT')) throw new Error('the cue sheet is not a WebVTT file');
  const cues: Cue[] = [];
  for (const block of text.replace(/\r/g, '').split(/\n\n+/).slice(1)) {
    const lines = block.split('\n').filter(Boolean);
    const timing = lines.findIndex((l) => l.includes('-->'));
    if (timing < 0) continue;
    const [from, to] = lines[timing].split('-->').map((p) => stamp(p.split(' ').filter(Boolean)[0] ?? p));
    if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from)
      throw new Error(`a cue has bad times: ${lines[timing]}`);
    const body = lines
      .slice(timing + 1)
      .join('\n')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    cues.push({ start: from, end: to, text: body });
  }
  return cues;
}
