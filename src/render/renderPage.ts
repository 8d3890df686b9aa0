import { zipSync } from 'fflate';
import { CHAPTERS, SCENES } from '../../scenes';
import { AUDIO_CODEC_NAMES } from '../export/getClipAudioCodec';
import { ClipRefusal, renderClip } from '../export/renderClip';
import { formatIssue } from '../lesson/lessonIssue';
import { readLessonText } from '../lesson/readLessonText';
import { PlayerSession } from '../session/PlayerSession';
import { loadFonts } from '../ui/loadFonts';
import { saveFile } from '../ui/saveFile';
import { VoiceTrack } from '../voice/VoiceTrack';
import { getMissingPlace, REFUSED, type RenderJob, type RenderProgress, type RenderResult } from './renderJob';

declare global {
  interface Window {
    /** Renders a job; the render command calls it (see scripts/render.mjs). */
    renderClip(job: RenderJob): Promise<RenderResult>;
    /** Hears each frame encoded, when the command listens. */
    onRenderProgress?(progress: RenderProgress): void;
  }
}

const refuse = (message: string) => new Error(`${REFUSED}${message}`);

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** The job's takes as files the voice track imports; a folder with an index is packed as its track. */
function voiceFiles(job: RenderJob): File[] {
  const named = job.voice.map(({ name, base64 }) => ({ name, data: fromBase64(base64) }));
  if (!named.some((f) => f.name === 'index.json')) return named.map(({ name, data }) => new File([data], name));
  const zip = zipSync(Object.fromEntries(named.map(({ name, data }) => [name, data])), { level: 0 });
  return [new File([zip.slice()], 'voice.zip')];
}

/**
 * The render page: builds a player session from a job, puts the job's scene on it and renders the
 * clip with {@link renderClip}, as the export dialog does, then saves it as downloads. It shows
 * nothing and is driven by no control.
 */
window.renderClip = async (job: RenderJob): Promise<RenderResult> => {
  await loadFonts();
  const warnings: string[] = [];
  let scenes = SCENES;
  let chapters = CHAPTERS;
  let title: string | undefined;
  if (job.lesson) {
    const read = await readLessonText(job.lesson.text);
    if (!read.ok)
      throw refuse([`the lesson ${job.lesson.name} does not play:`, ...read.issues.map(formatIssue)].join('\n'));
    warnings.push(...read.warnings.map(formatIssue));
    scenes = read.lesson.scenes;
    chapters = read.lesson.chapters ?? [];
    title = read.lesson.title;
  }
  // The takes are imported first: they time the plans the clip is cut from, as they do on the page.
  let track: VoiceTrack | null = null;
  const session = new PlayerSession({ scenes, title, chapters, boot: async () => ({ voiced: track!.getVoiced() }) });
  track = await VoiceTrack.open(title ?? 'walkthrough', session.program, null);
  if (job.voice.length > 0) {
    const report = await track.importFiles(voiceFiles(job));
    if (report.errors.length > 0) throw refuse(report.errors.join('\n'));
  }
  await new Promise<void>((resolve) => {
    session.on('state', ({ state }) => state !== 'booting' && resolve());
    session.start();
  });
  const ids = session.program.map((p) => p.id);
  const missing = getMissingPlace(
    job,
    ids,
    session.chapters.map((c) => c.id),
  );
  if (missing) throw refuse(missing);
  // The clip is of the moment on stage, as on the page: the scene, or the chapter's first scene.
  const index =
    job.scene !== null
      ? ids.indexOf(job.scene)
      : job.chapter !== null
        ? session.chapters.find((c) => c.id === job.chapter)!.first
        : 0;
  session.send({ type: 'scene.goto', index });
  const started = performance.now();
  const clip = await renderClip(
    session,
    {
      range: job.marks ? 'marks' : job.scene !== null ? 'scene' : job.chapter !== null ? 'chapter' : 'walkthrough',
      marks: job.marks ?? undefined,
      width: job.width,
      height: job.height,
      fps: job.fps,
      format: job.format,
      burnCaptions: job.captions === 'burn',
      vtt: job.captions === 'vtt',
      track,
      part: job.part,
    },
    ({ done, total }) => window.onRenderProgress?.({ done, total, seconds: (performance.now() - started) / 1000 }),
    new AbortController().signal,
  ).catch((error: unknown) => {
    throw error instanceof ClipRefusal ? refuse(error.message) : error;
  });
  const seconds = (performance.now() - started) / 1000;
  if (!clip) throw new Error('the export stopped before its end');
  const { video, vtt, takes, audio, count } = clip;
  const file = job.part ? `${video.name}.part${job.part.index}` : video.name;
  saveFile(video.blob, file);
  if (vtt) saveFile(new Blob([vtt.text], { type: 'text/vtt' }), vtt.name);
  session.stop();
  return {
    video: video.name,
    files: [file, ...(vtt ? [vtt.name] : [])],
    takes,
    audio: audio && AUDIO_CODEC_NAMES[audio],
    warnings,
    seconds,
    drawn: count.drawn,
    encoded: count.encoded,
  };
};
