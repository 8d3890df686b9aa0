import { DEFAULT_LESSON_TITLE, type PlayerSession } from '../../session/PlayerSession';
import { TakeStore } from '../../voice/TakeStore';
import { VoiceTrack } from '../../voice/VoiceTrack';
import { lazyParts } from '../lazyParts';
import { OPENED_PREFIX } from '../OpenedLessonStore';
import { loadOnFirstUse, mountWhenWanted, type LoadReport } from '../loadOnFirstUse';
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
 * browser refuses storage). The player boots on it, so kept takes time the plan a link is read against.
 */
export async function openVoiceTrack(session: PlayerSession): Promise<VoiceTrack> {
  const store = await TakeStore.open().catch(() => null);
  return VoiceTrack.open(getLessonKey(session), session.program, store);
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
  track: VoiceTrack,
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
      () => lazyParts.voiceOver().then(({ VoiceOverView }) => new VoiceOverView(panel, session, track)),
      report,
    ),
  );
  session.on('program', (program) => void track.switchLesson(getLessonKey(session), program));
  track.onChange(() => session.send({ type: 'voice.takes', voiced: track.getVoiced() }));
  new VoicePlayer(session, track);
}
