import type { ModeStage } from '../player/modes';
import type { ProgramEntry } from '../program/createProgram';
import { getChapterOf, type ProgramChapter } from '../program/getChapters';
import { createWebVtt, getPlanCaptions } from '../timeline/createWebVtt';
import type { TimelinePlan } from '../timeline/planTimeline';
import { getSegmentFrameCount, type ClipSegment } from '../program/clipFrames';
import type { ClipFormat } from './ClipExporter';

/**
 * What a clip covers: the scene on stage, its chapter, the whole lesson, or the stretch between two
 * marks.
 */
export type ClipRange = 'scene' | 'chapter' | 'walkthrough' | 'marks';

/** The sizes a clip may have. */
export const CLIP_SIZES: readonly (readonly [number, number])[] = [
  [1280, 720],
  [1920, 1080],
  [3840, 2160],
];

/** The lesson a clip comes from, as the session has it. */
export interface ClipSource {
  readonly program: readonly ProgramEntry[];
  /** The lesson's chapters (one, for a lesson that declares none). */
  readonly chapters: readonly ProgramChapter[];
  /** The entry on stage now (in Explore, its access), at `index`. */
  readonly entry: ProgramEntry;
  readonly index: number;
  /**
   * What the mode open plays (see the mode table): the lesson's scenes, or one access (Explore's,
   * or the one Kernel or Puzzles mode put on stage), which a clip records as Explore's.
   */
  readonly stage: ModeStage;
  /** The lesson's title, or `null` for the built-in lesson. */
  readonly lessonTitle: string | null;
  getPlan(index: number): TimelinePlan;
}

/** What a person asks a clip to be. */
export interface ClipRequest {
  readonly range: ClipRange;
  readonly marks?: { readonly in: number | null; readonly out: number | null };
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly format: ClipFormat;
  readonly burnCaptions: boolean;
  readonly vtt: boolean;
}

/** A clip planned: its stretches of timeline, its files' names, and its WebVTT when asked for. */
export interface PlannedClip {
  readonly segments: readonly ClipSegment[];
  readonly video: string;
  readonly vtt: { readonly name: string; readonly text: string } | null;
}

/** Letters, digits and hyphens only, for file names. */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The WebVTT of a clip's segments, timed to the clip's own frames. */
export function getClipVtt(segments: readonly ClipSegment[], fps: number): string {
  let offset = 0;
  const captions = segments.flatMap((s) => {
    const frames = getSegmentFrameCount(s, fps);
    const cues = getPlanCaptions(s.plan, offset, s.from, s.from + frames / fps);
    offset += frames / fps;
    return cues;
  });
  return createWebVtt(captions);
}

/** What a file of the moment on stage is called: the scene's id, or in Explore its access. */
export const getSceneName = (source: ClipSource) =>
  source.stage === 'lesson' ? source.entry.id : slugify(source.entry.title);

/** Every file begins with its lesson: `bank-conflicts` for the built-in one, else the lesson's title. */
export const getLessonPrefix = (source: ClipSource) =>
  source.lessonTitle === null ? 'bank-conflicts' : slugify(source.lessonTitle) || 'lesson';

/**
 * Plans a clip of `source`: which stretches of which plans it records, and what its files are
 * called (`bank-conflicts-<scene>-1920x1080-30fps-captioned.mp4`). The export dialog and the render
 * page both plan clips here. Returns why not, instead, when the request cannot be met.
 */
export function planClip(source: ClipSource, request: ClipRequest): PlannedClip | string {
  const whole = (i: number, from?: number, to?: number): ClipSegment => {
    const plan = source.getPlan(i);
    const entry = i === source.index ? source.entry : source.program[i];
    return { plan, entry, from: from ?? 0, to: to ?? plan.duration };
  };
  let segments: ClipSegment[];
  let name: string;
  const prefix = getLessonPrefix(source);
  if (request.range === 'marks') {
    const { in: a = null, out: b = null } = request.marks ?? {};
    if (a === null || b === null) return 'Set both an in mark and an out mark first.';
    if (b <= a) return 'The out mark must come after the in mark.';
    segments = [whole(source.index, a, b)];
    name = `${prefix}-${getSceneName(source)}-${a.toFixed(2)}s-${b.toFixed(2)}s`;
  } else if (request.range === 'chapter') {
    if (source.stage !== 'lesson') return 'Explore has one access on stage, not a chapter to record.';
    const chapter = getChapterOf(source.chapters, source.index);
    segments = source.program.slice(chapter.first, chapter.last + 1).map((_, k) => whole(chapter.first + k));
    name = `${prefix}-${chapter.id}`;
  } else if (request.range === 'walkthrough') {
    if (source.stage !== 'lesson') return 'Explore has one access on stage, not a lesson to record whole.';
    segments = source.program.map((_, i) => whole(i));
    name = source.lessonTitle === null ? `${prefix}-walkthrough` : prefix;
  } else {
    segments = [whole(source.index)];
    name = `${prefix}-${getSceneName(source)}`;
  }
  const base = `${name}-${request.width}x${request.height}-${request.fps}fps`;
  return {
    segments,
    video: `${base}${request.burnCaptions ? '-captioned' : ''}.${request.format}`,
    vtt: request.vtt ? { name: `${base}.vtt`, text: getClipVtt(segments, request.fps) } : null,
  };
}
