import type { Voiced } from '../../player/playerMachine';
import { DEFAULT_LESSON_TITLE, type PlayerSession } from '../../session/PlayerSession';
import { TakeStore } from '../../voice/TakeStore';
import type { VoiceTrack } from '../../voice/VoiceTrack';
import { lazyParts } from '../lazyParts';
import { OPENED_PREFIX } from '../OpenedLessonStore';
import { loadOnFirstUse, mountWhenWanted, whenIdleAfterFirstScene, type LoadReport } from '../loadOnFirstUse';
import { VoicePlayer } from './VoicePlayer';

/** Which lesson's takes are on: each lesson keeps its own (one opened from a file, by its title). */
const getLessonKey = (session: PlayerSession) =>
  session.lessonUrl && !session.lessonUrl.startsWith(OPENED_PREFIX)
    ? session.lessonUrl
    : session.lessonTitle === DEFAULT_LESSON_TITLE
      ? 'walkthrough'
      : session.lessonTitle;

/**
 * Opens the lesson's voice track: its takes from IndexedDB (or none, for this visit only, where the
 * browser refuses storage), and the takes' lengths the player boots on, so kept takes time the plan
 * a link is read against.
 *
 * @remarks
 * The track's code (decoding, WAV, subtitles: 5 KB gzip) is fetched before the first frame only
 * when the lesson has takes; most have none, and then it loads once the first scene is shown.
 */
export async function openVoiceTrack(session: PlayerSession): Promise<{ voiced: Voiced; track: Promise<VoiceTrack> }> {
  const store = await TakeStore.open().catch(() => null);
  const open = () =>
    lazyParts.voiceTrack().then(({ VoiceTrack }) => VoiceTrack.open(getLessonKey(session), session.program, store));
  const kept = (await store?.load(getLessonKey(session)).catch(() => null)) ?? [];
  if (kept.length > 0) {
    const track = await open();
    return { voiced: track.getVoiced(), track: Promise.resolve(track) };
  }
  const later = whenIdleAfterFirstScene(session, 1000)
    .then(open)
    .then((track) => {
      // It has takes only if a lesson with takes was opened since the player booted.
      if (track.usable.length > 0) session.send({ type: 'voice.takes', voiced: track.getVoiced() });
      return track;
    });
  return { voiced: {}, track: later };
}

/**
 * The instructor's voice: the recorder panel (opened by its header button or `voice` in the URL),
 * playback in time with the clock, and the takes' lengths in the plans.
 *
 * @remarks
 * The recorder's code loads when the panel first opens (or before, on idle): most visits never
 * record.
 */
export function mountVoiceOver(
  panel: HTMLElement,
  button: HTMLElement,
  session: PlayerSession,
  track: Promise<VoiceTrack>,
  report: LoadReport,
): void {
  button.addEventListener('click', () =>
    session.send({ type: 'voiceOver.set', voiceOver: !session.getSnapshot().context.view.voiceOver }),
  );
  session.select(
    ({ context }) => context.view.voiceOver,
    (on) => button.setAttribute('aria-pressed', String(on)),
  );
  mountWhenWanted(
    session,
    ({ context }) => context.view.voiceOver,
    loadOnFirstUse(
      'The voice-over recorder',
      () =>
        Promise.all([lazyParts.voiceOver(), track]).then(
          ([{ VoiceOverView }, opened]) => new VoiceOverView(panel, session, opened),
        ),
      report,
    ),
  );
  void track.then((opened) => {
    session.on('program', (program) => void opened.switchLesson(getLessonKey(session), program));
    opened.onChange(() => session.send({ type: 'voice.takes', voiced: opened.getVoiced() }));
    new VoicePlayer(session, opened);
  });
}
