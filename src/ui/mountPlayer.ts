import { CHAPTERS, SCENES } from '../../scenes';
import { getMode } from '../player/modes';
import { DEFAULT_LESSON_TITLE, PlayerSession } from '../session/PlayerSession';
import { createPlayerSearch, getExploreSearch, type ParsedPlayerUrl } from '../session/playerUrl';
import { AlertView } from './AlertView';
import { bindKeyboard } from './bindKeyboard';
import { CaptionView } from './CaptionView';
import { COMPACT_QUERY, mountCompactLayout, trackTopbarHeight } from './CompactLayout';
import { mountStageLegend } from './mountStageLegend';
import { createLocalProgressStore } from './createLocalProgressStore';
import { EmbedBridge } from './EmbedBridge';
import { HeaderView } from './HeaderView';
import { LaneInspectorView } from './LaneInspectorView';
import { findLesson, findLessonText, LessonOpener } from './LessonOpener';
import { ModeSwitchView } from './ModeSwitchView';
import { NextSceneView } from './NextSceneView';
import { loadFonts } from './loadFonts';
import { MirrorView } from './MirrorView';
import { mountEmbed } from './mountEmbed';
import { PredictionView } from './PredictionView';
import { PresentationView } from './PresentationView';
import { ScenePanelView } from './ScenePanelView';
import { ShortcutSheetView } from './ShortcutSheetView';
import { mountStage } from './StageHost';
import { ToolsMenuView } from './ToolsMenuView';
import { TransportView } from './TransportView';
import { UrlWriter } from './UrlWriter';
import { VerdictView } from './VerdictView';
import { mountVoiceOver, openVoiceTrack } from './voice/mountVoiceOver';
import { lazyParts, onDemandParts } from './lazyParts';
import { mountModeParts } from './mountModeParts';
import { loadOnFirstUse, mountWhenWanted, prefetchWhenIdle, type LoadReport } from './loadOnFirstUse';
import type { VoiceTrack } from '../voice/VoiceTrack';
import { VoiceNarrator } from './VoiceNarrator';

/** The page: one session, and the views that show it and send it what the learner does. */
export async function mountPlayer(root: HTMLElement, link: ParsedPlayerUrl): Promise<void> {
  const find = <T extends HTMLElement = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const control = <T extends HTMLElement = HTMLElement>(name: string) => find<T>(`[data-control="${name}"]`);
  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');

  // A lesson named by the link plays instead of the built-in one, when it reads cleanly; with
  // `edit`, this browser's draft of it (or of the built-in lesson) does, when it keeps one.
  const lessonUrl = link.lesson;
  const draft = link.edit
    ? await import('./lessonEditor/findDraftLesson').then(({ findDraftLesson }) => findDraftLesson(lessonUrl))
    : null;
  const fetched = lessonUrl && !draft ? await findLesson(lessonUrl) : null;
  const lesson = draft ?? (fetched?.ok ? fetched.lesson : null);

  let resolveTrack: (track: Promise<VoiceTrack>) => void = () => {};
  const voiceTrack = new Promise<VoiceTrack>((resolve) => (resolveTrack = resolve));
  const session: PlayerSession = new PlayerSession({
    scenes: lesson?.scenes ?? SCENES,
    title: lesson?.title,
    chapters: lesson ? lesson.chapters : CHAPTERS,
    lessonUrl: lesson ? lessonUrl : null,
    link,
    reducedMotion: () => reducedMotion.matches,
    store: createLocalProgressStore(lesson && lessonUrl ? `lesson:${lessonUrl}` : 'walkthrough'),
    boot: async () => {
      const [{ voiced, track }] = await Promise.all([
        openVoiceTrack(session),
        loadFonts()
          .catch(() => undefined)
          .then(() => mountStage(find('[data-testid="stage"]'), find('[data-stage-message]'), session)),
      ]);
      resolveTrack(track);
      return { voiced };
    },
  });

  const { embed, origins } = session.getSnapshot().url;
  if (embed) mountEmbed(root);

  const alerts = new AlertView(
    find('[data-testid="alerts-box"]'),
    find('[data-testid="alerts"]'),
    control('alerts-close'),
  );
  session.on('alerts', (errors) => alerts.show(errors));
  const report: LoadReport = (part, loaded) => alerts.setLoadFailure(part, !loaded);
  // In a frame, the page around it may drive the player and hear what happens (see EmbedBridge). It
  // is in the first load: a message from that page must be answered from the start.
  if (window.parent !== window) new EmbedBridge(root, session, window.parent, origins);
  // An alert about the link belongs to the moment the link opened: it goes once the learner moves on.
  let opened: string | null = null;
  session.on('scene', ({ entry }) => {
    const shown = `${session.mode}|${entry.id}`;
    if (opened !== null && shown !== opened) alerts.show([]);
    opened ??= shown;
  });
  const opener = new LessonOpener(control('open-lesson'), control('lesson-file'), session, alerts);
  const header = new HeaderView(root, session, voiceTrack, report);
  new TransportView(root, session);
  new MirrorView(root, session);
  new LaneInspectorView(find('[data-testid="lane-inspector"]'), session);
  new CaptionView(find('[data-testid="narration"]'), root, control<HTMLButtonElement>('captions'), session);
  new PredictionView(find('[data-testid="prediction-slot"]'), root, session);
  const compact = matchMedia(COMPACT_QUERY);
  new VerdictView(
    find('[data-testid="verdict"]'),
    find('[data-testid="verdict-slot"]'),
    session,
    () => embed || compact.matches,
  );
  new NextSceneView(control('next-scene'), session);
  new ModeSwitchView(control('mode-switch'), session);
  new VoiceNarrator(control('voice-option'), control<HTMLInputElement>('voice'), session);
  new PresentationView(root, session);
  new UrlWriter(session);
  const upright = matchMedia('(max-width: 700px) and (orientation: portrait)');
  new ScenePanelView(
    find('[data-testid="scene-panel"]'),
    session,
    find('[data-testid="beat-panel"]'),
    find('.mirror'),
    () => upright.matches,
  );
  const prefetch = mountModeParts(find('#mirror-title'), {
    session,
    stage: find('[data-testid="stage"]'),
    showAlerts: (errors) => alerts.show([...session.alerts, ...errors]),
    lesson,
    lessonUrl,
    embed,
    writeSearch: (url) => createPlayerSearch(url).toString(),
    getExploreSearch,
    report,
  });

  // The lesson editor loads when first opened (the header's "Edit lesson", or `edit` in the link).
  const editLesson = control<HTMLButtonElement>('edit-lesson');
  editLesson.addEventListener('click', () =>
    session.send({ type: 'editor.set', editing: !session.getSnapshot().context.view.editing }),
  );
  session.select(
    ({ context }) => context.view.editing,
    (editing) => editLesson.setAttribute('aria-pressed', String(editing)),
  );
  mountWhenWanted(
    session,
    ({ context }) => context.view.editing,
    loadOnFirstUse(
      'The lesson editor',
      () =>
        onDemandParts.lessonEditor().then(
          ({ LessonEditorView }) =>
            new LessonEditorView(find('[data-testid="lesson-editor"]'), root, session, {
              builtIn: { title: DEFAULT_LESSON_TITLE, chapters: CHAPTERS, scenes: SCENES },
              findText: findLessonText,
            }),
        ),
      report,
    ),
  );

  // A link to a scene the lesson lacks may be to the lesson being written, closed before a reload:
  // this browser's draft of it is looked for (only then: the editor's storage is not in the first load).
  const linkScene = new URLSearchParams(location.search).get('scene');
  if (
    linkScene !== null &&
    !session.getSnapshot().context.view.editing &&
    session.alerts.some((e) => e.field === 'scene')
  )
    void onDemandParts
      .draftScene()
      .then(({ restoreDraftScene }) => restoreDraftScene(session, linkScene))
      .then((restored) => restored && alerts.show(session.alerts.filter((e) => e.field !== 'scene')))
      .catch(() => undefined);

  trackTopbarHeight(find('.topbar'), root);
  // On a phone, Explore's form and the kernel are under the stage: one tap away, never a long scroll to guess at.
  const jump = control('explore-jump');
  jump.addEventListener('click', () =>
    find(`[data-testid="${session.mode}-panel"]`).scrollIntoView({
      behavior: reducedMotion.matches ? 'auto' : 'smooth',
    }),
  );
  session.select(
    ({ mode }) => getMode(mode, session.modes).jump,
    (text) => (jump.textContent = text),
  );
  mountStageLegend(find('[data-testid="stage-legend"]'), session);
  const toolsMenu = new ToolsMenuView(control<HTMLButtonElement>('tools-menu'), find('#header-tools'));
  mountCompactLayout(
    [...root.querySelectorAll<HTMLElement>('.transport-row > .option')],
    find('.transport-row'),
    find('#header-tools'),
  );
  const sheet = new ShortcutSheetView(document.querySelector<HTMLDialogElement>('[data-testid="shortcuts"]')!);
  control('help').addEventListener('click', () => sheet.open());
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void root.requestFullscreen?.().catch(() => undefined);
  };
  control('fullscreen').addEventListener('click', toggleFullscreen);
  bindKeyboard(session, {
    toggleFullscreen,
    openShortcuts: () => sheet.open(),
    closeOverlay: () => sheet.close() || header.closeExportDialog() || toolsMenu.close(),
  });
  session.on('state', ({ state, context, mode }) => {
    root.dataset.playerState = state === 'entering' ? 'paused' : state;
    // The styles read the mode and its layout from the table (src/player/modes.ts).
    root.dataset.mode = mode;
    root.dataset.layout = getMode(mode, session.modes).layout;
    if (state === 'failed') find('[data-stage-message]').textContent = `The player could not start: ${context.failure}`;
  });
  mountVoiceOver(find('[data-testid="voice-over"]'), control('voice-over'), session, voiceTrack, report);
  // The tools most visits never open load on first use; their code is fetched once the page is idle.
  // Kernel mode's code (an editor and a C++ parser) is fetched only when opened: few visits use it.
  prefetchWhenIdle(session, [lazyParts.exportDialog, lazyParts.voiceOver, ...prefetch]);
  reducedMotion.addEventListener('change', () =>
    session.send({ type: 'playback.seek', time: session.getSnapshot().time }),
  );
  session.start();
  if (fetched) opener.report(lessonUrl!, fetched);
}
