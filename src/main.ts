import { SCENES } from '../scenes';
import { PlayerSession } from './session/PlayerSession';
import { AlertView } from './ui/AlertView';
import { bindKeyboard } from './ui/bindKeyboard';
import { CaptionView } from './ui/CaptionView';
import { createLocalProgressStore } from './ui/createLocalProgressStore';
import { ExplorePanelView } from './ui/explore/ExplorePanelView';
import { HeaderView } from './ui/HeaderView';
import { LaneInspectorView } from './ui/LaneInspectorView';
import { fetchLesson, LessonOpener } from './ui/LessonOpener';
import { ModeSwitchView } from './ui/ModeSwitchView';
import { NextSceneView } from './ui/NextSceneView';
import { loadFonts } from './ui/loadFonts';
import { MirrorView } from './ui/MirrorView';
import './ui/player.css';
import { PredictionView } from './ui/PredictionView';
import { PresentationView } from './ui/PresentationView';
import { ScenePanelView } from './ui/ScenePanelView';
import { ShortcutSheetView } from './ui/ShortcutSheetView';
import { mountStage } from './ui/StageHost';
import { TransportView } from './ui/TransportView';
import { UrlWriter } from './ui/UrlWriter';
import { VerdictView } from './ui/VerdictView';
import { mountVoiceOver } from './ui/voice/mountVoiceOver';
import { VoiceNarrator } from './ui/VoiceNarrator';

// The page: one session, and the views that show it and send it what the learner does.
const root = document.querySelector<HTMLElement>('.player')!;
const find = <T extends HTMLElement = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
const control = <T extends HTMLElement = HTMLElement>(name: string) => find<T>(`[data-control="${name}"]`);
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

// A lesson named by the link plays instead of the built-in one, when it reads cleanly.
const lessonUrl = new URLSearchParams(location.search).get('lesson');
const fetched = lessonUrl ? await fetchLesson(lessonUrl) : null;
const lesson = fetched?.ok ? fetched.lesson : null;

const session = new PlayerSession({
  scenes: lesson?.scenes ?? SCENES,
  title: lesson?.title,
  lessonUrl: lesson ? lessonUrl : null,
  search: location.search,
  reducedMotion: () => reducedMotion.matches,
  store: createLocalProgressStore(lesson ? `lesson:${lessonUrl}` : 'walkthrough'),
  boot: async () => {
    await loadFonts().catch(() => undefined);
    await mountStage(find('[data-testid="stage"]'), find('[data-stage-message]'), session);
  },
});

const alerts = new AlertView(
  find('[data-testid="alerts-box"]'),
  find('[data-testid="alerts"]'),
  control('alerts-close'),
);
session.on('alerts', (errors) => alerts.show(errors));
const opener = new LessonOpener(control('open-lesson'), control('lesson-file'), session, alerts);
const header = new HeaderView(root, session);
new TransportView(root, session);
new MirrorView(root, session);
new LaneInspectorView(find('[data-testid="lane-inspector"]'), session);
new CaptionView(find('[data-testid="narration"]'), root, control<HTMLButtonElement>('captions'), session);
new PredictionView(find('[data-testid="prediction-slot"]'), root, session);
new VerdictView(find('[data-testid="verdict"]'), session);
new NextSceneView(control('next-scene'), session);
new ModeSwitchView(control('mode-lesson'), control('mode-explore'), session);
new VoiceNarrator(control('voice-option'), control<HTMLInputElement>('voice'), session);
new PresentationView(root, session);
new UrlWriter(session);
new ScenePanelView(find('[data-testid="scene-panel"]'), session);
new ExplorePanelView(find('[data-testid="explore-panel"]'), session);

const sheet = new ShortcutSheetView(document.querySelector<HTMLDialogElement>('[data-testid="shortcuts"]')!);
control('help').addEventListener('click', () => sheet.open());
bindKeyboard(session, {
  toggleFullscreen: () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void root.requestFullscreen?.().catch(() => undefined);
  },
  openShortcuts: () => sheet.open(),
  closeOverlay: () => sheet.close() || header.exportDialog.close(),
});
session.on('state', ({ state, context, mode }) => {
  root.dataset.playerState = state === 'entering' ? 'paused' : state;
  root.classList.toggle('is-exploring', mode === 'explore');
  if (state === 'failed') find('[data-stage-message]').textContent = `The player could not start: ${context.failure}`;
});
void mountVoiceOver(find('[data-testid="voice-over"]'), control('voice-over'), session, header.exportDialog);
reducedMotion.addEventListener('change', () =>
  session.send({ type: 'playback.seek', time: session.getSnapshot().time }),
);
session.start();
if (fetched) opener.report(lessonUrl!, fetched);
