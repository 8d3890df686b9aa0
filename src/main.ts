import { createActor, fromPromise } from 'xstate';
import { SCENES } from '../scenes';
import {
  createSpecAccess,
  DEFAULT_ACCESS_SPEC,
  getSchedule,
  type Access,
  type AccessSpec,
  type EngineError,
  type Result,
} from './engine';
import { createProgram, type ProgramEntry } from './player/createProgram';
import { createTimelineLogic } from './player/createTimelineLogic';
import { getSpecParams } from './player/exploreAccess';
import { parsePlayerQuery, type PlayerQuery } from './player/parsePlayerQuery';
import { PlaybackClock } from './player/PlaybackClock';
import { playerMachine } from './player/playerMachine';
import { StageView } from './stage/StageView';
import { createWebVtt, getPlanCaptions } from './timeline/createWebVtt';
import { getFrame } from './timeline/getFrame';
import { planTimeline, READING_SPEEDS, roundLabel, type TimelinePlan } from './timeline/planTimeline';
import { AlertView } from './ui/AlertView';
import { bindKeyboard } from './ui/bindKeyboard';
import { CaptionView } from './ui/CaptionView';
import { ExportDialogView } from './ui/ExportDialogView';
import { ExplorePanelView } from './ui/ExplorePanelView';
import { createElement } from './ui/createElement';
import { createQuestionForm } from './ui/createQuestionForm';
import { loadFonts } from './ui/loadFonts';
import { LaneInspectorView } from './ui/LaneInspectorView';
import { MirrorView } from './ui/MirrorView';
import './ui/player.css';
import { ScenePanelView } from './ui/ScenePanelView';
import { SHORTCUTS } from './ui/shortcuts';
import { TransportView } from './ui/TransportView';
import { getMomentUrl, UrlSync } from './ui/UrlSync';
import { VoiceNarrator } from './ui/VoiceNarrator';

type ReadingSpeed = keyof typeof READING_SPEEDS;

/** Explore's single entry: the access the URL describes, or the default with an alert. */
function getExploreEntry(query: PlayerQuery, errors: EngineError[]): ProgramEntry {
  let spec: AccessSpec = query.access;
  let access: Result<Access> = createSpecAccess(spec);
  if (!access.ok) {
    errors.push(access.error);
    spec = DEFAULT_ACCESS_SPEC;
    access = createSpecAccess(spec);
  }
  if (!access.ok) throw new Error('the default access is invalid');
  return createExploreEntry(spec, access.value);
}

/** Explore's entry for an access: no narration, no question, no panel beside the stage. */
function createExploreEntry(spec: AccessSpec, access: Access): ProgramEntry {
  return {
    id: 'explore',
    title: 'Explore',
    spec,
    access,
    beats: [],
    question: null,
    quiz: [],
    takeaways: [],
    panels: [],
    table: null,
    code: null,
    references: [],
    notes: [],
    facts: {},
  };
}

/** Where a deep link starts: `t`, else `round`, checked against the scene's plan. */
function getStartTime(plan: TimelinePlan, query: PlayerQuery, errors: EngineError[]): number | null {
  if (query.time !== null) {
    if (query.time <= plan.duration) return query.time;
    errors.push({
      field: 't',
      reason: `this scene lasts ${plan.duration.toFixed(2)} s, so ${query.time} is past its end`,
    });
  } else if (query.round !== null) {
    if (query.round === 0) return 0;
    const at = plan.labels[roundLabel(query.round)];
    if (at !== undefined) return at;
    errors.push({
      field: 'round',
      reason: `this access has ${plan.schedule.rounds} rounds, so there is no round ${query.round}`,
    });
  }
  return null;
}

function boot(): void {
  const root = document.querySelector<HTMLElement>('.player')!;
  const find = <T extends HTMLElement = HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const control = <T extends HTMLElement = HTMLElement>(name: string) => find<T>(`[data-control="${name}"]`);
  const stageHost = find('[data-testid="stage"]');
  const stageMessage = find('[data-stage-message]');
  const title = find('[data-testid="scene-title"]');
  const predictionSlot = find('[data-testid="prediction-slot"]');
  const alerts = new AlertView(find('[data-testid="alerts"]'));
  const mirror = new MirrorView(root);
  const inspector = new LaneInspectorView(find('[data-testid="lane-inspector"]'));
  const panel = new ScenePanelView(find('[data-testid="scene-panel"]'));
  const caption = new CaptionView(find('[data-testid="narration"]'), root, control<HTMLButtonElement>('captions'));
  const voice = new VoiceNarrator(control('voice-option'), control<HTMLInputElement>('voice'));
  const shortcuts = document.querySelector<HTMLDialogElement>('[data-testid="shortcuts"]')!;
  shortcuts
    .querySelector('dl')!
    .append(...SHORTCUTS.flatMap(([keys, action]) => [createElement('dt', {}, keys), createElement('dd', {}, action)]));

  const query = parsePlayerQuery(
    location.search,
    SCENES.map((s) => s.id),
  );
  const errors = [...query.errors];
  const exploring = query.mode === 'explore';
  const program = exploring ? [getExploreEntry(query, errors)] : createProgram(SCENES);
  const sceneIndex = Math.max(
    0,
    program.findIndex((entry) => entry.id === query.scene),
  );
  let readingSpeed: ReadingSpeed = 'normal';
  const plans = new Map<number, TimelinePlan>();
  const getPlan = (index: number) => {
    if (!plans.has(index)) {
      const entry = program[index];
      plans.set(index, planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS[readingSpeed]));
    }
    return plans.get(index)!;
  };
  const startAt = getStartTime(getPlan(sceneIndex), query, errors);
  alerts.show(errors);

  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  const urlSync = new UrlSync();
  let stage: StageView | null = null;
  let current = sceneIndex;
  let speed = query.speed;
  let playing = false;
  const sceneId = () => (query.mode === 'explore' ? null : program[current].id);

  const clock = new PlaybackClock((time) => {
    const frame = getFrame(getPlan(current), time, { reducedMotion: reducedMotion.matches });
    stage?.draw(frame);
    mirror.setRound(frame.round);
    transport.setTime(time, frame.round);
    caption.show(frame.beat?.text ?? '');
    panel.update(frame);
    explore?.setRound(frame.round);
    voice.speak(
      frame.beat?.text ?? '',
      playing,
      () => clock.pause(),
      () => playing && clock.play(),
    );
    if (!playing) urlSync.write({ scene: sceneId(), time, speed });
  });
  reducedMotion.addEventListener('change', () => clock.seek(clock.time));

  const loadScene = (index: number): TimelinePlan => {
    current = index;
    const entry = program[index];
    const plan = getPlan(index);
    title.textContent = entry.title;
    document.title = `${entry.title} · Bank-conflict player`;
    mirror.show(plan.schedule);
    inspector.show(plan.schedule, entry.spec);
    predictionSlot.replaceChildren();
    if (explore) explore.show(plan.schedule);
    else panel.show(entry);
    stage?.show(plan, entry.title);
    transport.setPlan(plan, index);
    return plan;
  };

  const actor = createActor(
    playerMachine.provide({
      actors: {
        boot: fromPromise(async () => {
          await loadFonts().catch(() => undefined);
          try {
            stage = await StageView.create(
              stageHost,
              (text) => (stageMessage.textContent = text),
              (picked) => selectLane(picked === lane ? null : picked),
            );
          } catch (error) {
            stageMessage.textContent = `${error instanceof Error ? error.message : String(error)} The bank cards beside it still show every round.`;
          }
        }),
        timeline: createTimelineLogic(clock, loadScene),
      },
    }),
    {
      input: {
        scenes: program.map((p) => ({ id: p.id, asksQuestion: p.question !== null })),
        sceneIndex,
        startAt,
        speed: query.speed,
      },
    },
  );
  const send = actor.send.bind(actor);

  // Any lane can be inspected, from the lane table or the stage; the URL remembers which.
  let lane = query.lane;
  const selectLane = (next: number | null) => {
    lane = next;
    mirror.setSelectedLane(lane);
    inspector.setLane(lane);
    const url = new URL(location.href);
    if (lane === null) url.searchParams.delete('lane');
    else url.searchParams.set('lane', String(lane));
    history.replaceState(null, '', url);
  };
  mirror.onSelectLane = (l) => selectLane(l === lane ? null : l);
  // Explore: the panel chooses the access; the stage, mirror and URL follow it.
  const explore = exploring
    ? new ExplorePanelView(
        find('[data-testid="scene-panel"]'),
        predictionSlot,
        errors.some((e) => e.field !== 'lane') ? DEFAULT_ACCESS_SPEC : query.access,
        {
          apply: (spec, access) => {
            program[0] = createExploreEntry(spec, access);
            plans.delete(0);
            const url = new URL(location.href);
            const kept = ['present', 'speed', 'lane'].flatMap((k) =>
              url.searchParams.has(k) ? [[k, url.searchParams.get(k)!]] : [],
            );
            url.search = getSpecParams(spec).toString();
            for (const [k, v] of kept) url.searchParams.set(k, v);
            history.replaceState(null, '', url);
            send({ type: 'scene.goto', index: 0 });
          },
          seekRound: (round) =>
            send({ type: 'playback.seek', time: round === 0 ? 0 : getPlan(0).labels[roundLabel(round)] }),
          setPredicting: (on) => root.classList.toggle('is-predicting-explore', on),
        },
      )
    : null;
  if (explore) {
    find('[data-testid="scene-panel"]').hidden = false;
    root.classList.add('is-exploring');
  }
  const transport = new TransportView(root, send);
  transport.setScenes(
    program.map((p) => p.title),
    sceneIndex,
  );
  transport.setSpeed(query.speed);

  // The whole walkthrough's captions as one WebVTT file, scene after scene.
  const vttLink = control<HTMLAnchorElement>('vtt');
  const updateVtt = () => {
    let offset = 0;
    const captions = program.flatMap((_, i) => {
      const plan = getPlan(i);
      const scene = getPlanCaptions(plan, offset);
      offset += plan.duration;
      return scene;
    });
    URL.revokeObjectURL(vttLink.href);
    vttLink.href = URL.createObjectURL(new Blob([createWebVtt(captions)], { type: 'text/vtt' }));
  };
  updateVtt();
  vttLink.hidden = query.mode === 'explore';
  control<HTMLSelectElement>('reading-speed').addEventListener('change', (e) => {
    readingSpeed = (e.target as HTMLSelectElement).value as ReadingSpeed;
    const beat = getFrame(getPlan(current), clock.time).beat;
    plans.clear();
    const plan = loadScene(current);
    clock.load(plan, beat ? plan.beats[beat.index].start : 0);
    if (playing) clock.play();
    updateVtt();
  });

  const exportDialog = new ExportDialogView({
    canWalkthrough: !exploring,
    currentTime: () => clock.time,
    sceneId: () => sceneId() ?? 'explore',
    segments: (range, marks) => {
      const indexes = range === 'walkthrough' ? program.map((_, i) => i) : [current];
      return indexes.map((i) => ({
        plan: getPlan(i),
        title: program[i].title,
        from: marks ? marks.in : 0,
        to: marks ? marks.out : getPlan(i).duration,
      }));
    },
    showMarks: (marks) => transport.setMarks(marks.in, marks.out),
  });
  control('export').addEventListener('click', () => {
    send({ type: 'playback.pause' });
    exportDialog.open();
  });

  // In presentation mode the pointer hides after two seconds of stillness.
  let pointerTimer: ReturnType<typeof setTimeout> | undefined;
  addEventListener('pointermove', () => {
    root.classList.remove('pointer-idle');
    clearTimeout(pointerTimer);
    pointerTimer = setTimeout(() => root.classList.add('pointer-idle'), 2000);
  });
  const setPresenting = (on: boolean) => root.classList.toggle('is-presenting', on);
  setPresenting(query.present);
  bindKeyboard(send, {
    toggleCaptions: () => caption.setVisible(!caption.visible),
    toggleFullscreen: () => {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void root.requestFullscreen?.().catch(() => undefined);
    },
    togglePresenting: () => setPresenting(!root.classList.contains('is-presenting')),
    openShortcuts: () => {
      if (!shortcuts.open) shortcuts.showModal();
    },
    closeOverlays: () => {
      if (shortcuts.open) shortcuts.close();
      else if (exportDialog.dialog.open) exportDialog.dialog.close();
      else setPresenting(false);
    },
  });
  control('help').addEventListener('click', () => shortcuts.showModal());
  const copyButton = control<HTMLButtonElement>('copy-link');
  copyButton.addEventListener('click', async () => {
    const url = getMomentUrl({ scene: sceneId(), time: clock.time, speed });
    history.replaceState(null, '', url);
    try {
      await navigator.clipboard.writeText(url);
      copyButton.textContent = 'Link copied';
    } catch {
      copyButton.textContent = 'Copy failed: the link is in the address bar';
    }
    setTimeout(() => (copyButton.textContent = 'Copy link to this moment'), 2500);
  });

  actor.subscribe((snapshot) => {
    const state = typeof snapshot.value === 'string' ? snapshot.value : Object.values(snapshot.value)[0];
    root.dataset.playerState = String(state);
    const wasPlaying = playing;
    playing = snapshot.matches({ ready: 'playing' });
    transport.setPlaying(playing);
    if (wasPlaying && !playing) urlSync.write({ scene: sceneId(), time: clock.time, speed });
    if (snapshot.context.speed !== speed) {
      speed = snapshot.context.speed;
      transport.setSpeed(speed);
      urlSync.write({ scene: sceneId(), time: clock.time, speed });
    }
    const question = program[current].question;
    const predicting = snapshot.matches({ ready: 'awaitingPrediction' });
    // The stage and the mirror would give the answer away, so they wait behind the question.
    root.classList.toggle('is-predicting', predicting);
    if (predicting && question && predictionSlot.childElementCount === 0) {
      predictionSlot.append(
        createQuestionForm(
          question,
          (answer) => send({ type: 'prediction.submit', answer }),
          () => {
            predictionSlot.replaceChildren();
            send({ type: 'prediction.skip' });
          },
          () => predictionSlot.replaceChildren(),
        ),
      );
      predictionSlot.querySelector<HTMLInputElement>('input')?.focus();
    }
    if (snapshot.value === 'failed')
      stageMessage.textContent = `The player could not start: ${snapshot.context.failure}`;
  });
  addEventListener('pagehide', () => urlSync.flush());
  actor.on('scene.entered', () => urlSync.write({ scene: sceneId(), time: clock.time, speed }));
  actor.start();
  if (lane !== null) selectLane(lane);
}

boot();
