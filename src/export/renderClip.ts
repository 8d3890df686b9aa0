import type { PlayerSession } from '../session/PlayerSession';
import type { VoiceTrack } from '../voice/VoiceTrack';
import { exportClip, type ExportedClip, type ExportProgress } from './ClipExporter';
import type { ClipAudioCodec } from './getClipAudioCodec';
import { getClipSource } from './getClipSource';
import { mixClipVoice } from './mixClipVoice';
import { planClip, type ClipRequest } from './planClip';

/** What a clip is asked to be, and what it carries beside the picture. */
export interface ClipSettings extends ClipRequest {
  /** The instructor's takes: those that fall in the clip are mixed in; none: a silent clip. */
  readonly track: VoiceTrack | null;
  /**
   * One of `count` consecutive parts of the clip, rendered alone (the render command renders them
   * side by side and joins them); absent: the whole clip.
   */
  readonly part?: { readonly index: number; readonly count: number } | null;
}

/**
 * A clip rendered: its video under the clip's file name, its WebVTT when asked for, the takes it
 * carries and the codec they went in as (`null`: a silent clip), and the pictures drawn and frames
 * encoded for it.
 */
export interface RenderedClip {
  readonly video: { readonly name: string; readonly blob: Blob };
  readonly vtt: { readonly name: string; readonly text: string } | null;
  readonly takes: number;
  readonly audio: ClipAudioCodec | null;
  readonly count: ExportedClip['count'];
}

/** A clip that cannot be made as asked (no marks set, a chapter in Explore): the message says why. */
export class ClipRefusal extends Error {
  override readonly name = 'ClipRefusal';
}

/**
 * Renders a clip of what `session` plays: plans it from the session's lesson and the moment on
 * stage, mixes the takes of `settings.track` that fall in it, and encodes it frame by frame.
 * Resolves with `null` when `signal` aborts; throws a {@link ClipRefusal} when the request cannot be
 * met.
 *
 * @remarks
 * The one clip pipeline (as Motion Canvas has one `Renderer`): the export dialog, the render page
 * (driven by `npm run render`) and `bench:export` all render through it, so a clip from the page and
 * one from the command are the same file. The lanes inspected on the page are in the clip, as they
 * are on stage. A part other than the first carries neither the voice nor the captions: the joined
 * clip takes both from part 0.
 */
export async function renderClip(
  session: PlayerSession,
  settings: ClipSettings,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<RenderedClip | null> {
  const clip = planClip(getClipSource(session), settings);
  if (typeof clip === 'string') throw new ClipRefusal(clip);
  const first = !settings.part || settings.part.index === 0;
  const mixed = first ? await mixClipVoice(clip.segments, settings.fps, settings.track) : null;
  const exported = await exportClip(
    clip.segments,
    {
      width: settings.width,
      height: settings.height,
      fps: settings.fps,
      format: settings.format,
      burnCaptions: settings.burnCaptions,
      lanes: session.getSnapshot().context.view.lanes,
      voice: mixed?.voice ?? null,
      part: settings.part ?? undefined,
    },
    onProgress,
    signal,
  );
  if (!exported) return null;
  return {
    video: { name: clip.video, blob: exported.blob },
    vtt: first ? clip.vtt : null,
    takes: mixed?.takes ?? 0,
    audio: exported.audio,
    count: exported.count,
  };
}
