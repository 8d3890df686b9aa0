import type { ClipFormat } from '../export/ClipExporter';

/** What the render command asks the render page for: one clip, and its captions. */
export interface RenderJob {
  /** A lesson file's name and text; `null`: the built-in lesson. */
  readonly lesson: { readonly name: string; readonly text: string } | null;
  /** A scene's id; `null` with no chapter: the whole lesson as one clip. */
  readonly scene: string | null;
  /** A chapter's id, recorded as one clip; `null`: none. */
  readonly chapter: string | null;
  /**
   * Only the stretch of the scene between two of its times, in seconds (the export dialog's marks;
   * `bench:export` times 10 s windows so); `null`: the whole scene, chapter or lesson.
   */
  readonly marks: { readonly in: number; readonly out: number } | null;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly format: ClipFormat;
  readonly captions: 'burn' | 'vtt' | 'none';
  /** Takes to carry, as files named `<scene-id>-<beat>.<ext>` (and a voice track's `index.json`). */
  readonly voice: readonly { readonly name: string; readonly base64: string }[];
  /**
   * The part of the clip this page renders, of `count` rendered side by side; `null`: all of it.
   * A part is saved as `<clip>.part<index>`, and only part 0 carries the voice and the captions.
   */
  readonly part: { readonly index: number; readonly count: number } | null;
}

/**
 * How the render went: the files it saved (as downloads), the takes it mixed in and their codec,
 * what to look at again.
 */
export interface RenderResult {
  /** The clip's video file's name (a part is saved under it with `.part<index>` added). */
  readonly video: string;
  readonly files: readonly string[];
  readonly takes: number;
  /** The voice's codec as the command names it (`MP3`), or `null` for a silent clip. */
  readonly audio: string | null;
  readonly warnings: readonly string[];
  /** How long the renderer took, in seconds: planning, mixing the voice, drawing and encoding. */
  readonly seconds: number;
  /** Pictures drawn and read back, and frames encoded (a held picture is one frame). */
  readonly drawn: number;
  readonly encoded: number;
}

/** How far a render is: frames encoded, of how many, in how many seconds so far. */
export interface RenderProgress {
  readonly done: number;
  readonly total: number;
  readonly seconds: number;
}

/**
 * A job the page refuses (a scene that does not exist, a take for no beat, a lesson with errors):
 * the command says so and exits 2, as for a bad argument. Anything else that fails is a failure.
 */
export const REFUSED = 'refused: ';

/**
 * Why a job names a scene or a chapter that the lesson does not have, or `null`. The page says it
 * for any lesson; the command, for the built-in lesson, before it opens a browser (in these words).
 */
export function getMissingPlace(
  job: Pick<RenderJob, 'scene' | 'chapter'>,
  sceneIds: readonly string[],
  chapterIds: readonly string[],
): string | null {
  if (job.scene !== null && !sceneIds.includes(job.scene))
    return `--scene "${job.scene}": there is no such scene; scenes are ${sceneIds.join(', ')}. Nothing was rendered.`;
  if (job.chapter !== null && !chapterIds.includes(job.chapter))
    return `--chapter "${job.chapter}": there is no such chapter; chapters are ${chapterIds.join(', ')}. Nothing was rendered.`;
  return null;
}
