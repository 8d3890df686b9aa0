import type { ProgramEntry } from './createProgram';
import type { TimelinePlan } from '../timeline/planTimeline';

/** A stretch of one scene's timeline to record. */
export interface ClipSegment {
  readonly plan: TimelinePlan;
  /** The scene (or Explore access) the plan plays: its title and its panels go in the frame. */
  readonly entry: ProgramEntry;
  readonly from: number;
  readonly to: number;
}

/** One frame of a clip: which segment, the scene time to draw, and where it sits in the clip. */
export interface ClipFrame {
  readonly segment: number;
  readonly time: number;
  readonly index: number;
}

/** How many frames a segment gets at `fps`: its duration rounded to whole frames, at least one. */
export const getSegmentFrameCount = (segment: Pick<ClipSegment, 'from' | 'to'>, fps: number) =>
  Math.max(1, Math.round((segment.to - segment.from) * fps));

/**
 * The frames of a clip at `fps`: each segment contributes round((to − from)·fps) frames at times
 * from + i/fps, so a clip's frame count is always its duration × fps, exactly.
 */
export function getClipFrames(segments: readonly ClipSegment[], fps: number): ClipFrame[] {
  const frames: ClipFrame[] = [];
  segments.forEach((segment, s) => {
    const count = getSegmentFrameCount(segment, fps);
    for (let i = 0; i < count; i++) frames.push({ segment: s, time: segment.from + i / fps, index: frames.length });
  });
  return frames;
}

/** Part `index` of `count` near-equal consecutive parts of a clip's frames (see the render command). */
export function getPartFrames(
  frames: readonly ClipFrame[],
  { index, count }: { readonly index: number; readonly count: number },
): ClipFrame[] {
  const cut = (k: number) => Math.round((frames.length * k) / count);
  return frames.slice(cut(index), cut(index + 1));
}
