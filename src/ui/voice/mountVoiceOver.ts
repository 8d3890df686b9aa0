import { DEFAULT_LESSON_TITLE, type PlayerSession } from '../../session/PlayerSession';
import { TakeStore } from '../../voice/TakeStore';
import { VoiceTrack } from '../../voice/VoiceTrack';
import type { ExportDialogView } from '../ExportDialogView';
import { VoicePlayer } from './VoicePlayer';
import { VoiceOverView } from './VoiceOverView';

/**
 * The instructor's voice: the recorder panel (opened by its header button or `voice` in the URL),
 * playback in time with the clock, and clips that carry it. Takes live in IndexedDB, or for this
 * visit only where the browser refuses storage.
 */
export async function mountVoiceOver(
  panel: HTMLElement,
  button: HTMLElement,
  session: PlayerSession,
  exportDialog: ExportDialogView,
): Promise<void> {
  button.addEventListener('click', () =>
    session.send({ type: 'voiceOver.set', voiceOver: !session.getSnapshot().context.voiceOver }),
  );
  session.on('state', ({ context }) => button.setAttribute('aria-pressed', String(context.voiceOver)));
  const store = await TakeStore.open().catch(() => null);
  const lessonKey = () =>
    session.lessonUrl ?? (session.lessonTitle === DEFAULT_LESSON_TITLE ? 'walkthrough' : session.lessonTitle);
  const track = await VoiceTrack.open(lessonKey(), session.program, store);
  session.on('program', (program) => void track.switchLesson(lessonKey(), program));
  new VoiceOverView(panel, session, track);
  new VoicePlayer(session, track);
  exportDialog.setVoiceTrack(track);
  // Takes kept from an earlier visit hold their beats from the start, not from the first change.
  session.send({ type: 'voice.takes', voiced: track.getVoiced() });
}
