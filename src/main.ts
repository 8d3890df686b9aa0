import { createActor, fromPromise } from 'xstate';
import { SCENES } from '../scenes';
import { getSchedule, type Access, type EngineError, type Result } from './engine';
import { createTimelineLogic } from './player/createTimelineLogic';
import { createSpecAccess, DEFAULT_ACCESS_SPEC } from './player/exploreAccess';
import { parsePlayerQuery, type PlayerQuery } from './player/parsePlayerQuery';
import { PlaybackClock } from './player/PlaybackClock';
import { playerMachine } from './player/playerMachine';
import { StageView } from './stage/StageView';
import { getFrame } from './timeline/getFrame';
import { planTimeline, roundLabel, type TimelinePlan } from './timeline/planTimeline';
import { AlertView } from './ui/AlertView';
import { bindKeyboard } from './ui/bindKeyboard';
import { createElement } from './ui/createElement';
import { loadFonts } from './ui/loadFonts';
import { MirrorView } from './ui/MirrorView';
import './ui/player.css';
import { SHORTCUTS } from './ui/shortcuts';
import { TransportView } from './ui/TransportView';
import { getMomentUrl, UrlSync } from './ui/UrlSync';

/** One entry of what the player plays: a walkthrough scene, or Explore's chosen access. */
interface ProgramEntry {
  readonly id: string;
  readonly title: string;
  readonly access: Access;
}

function getProgram(query: PlayerQuery, errors: EngineError[]): ProgramEntry[] {
  if (query.mode === 'explore') {
    let access: Result<Access> = createSpecAccess(query.access);
    if (!access.ok) {
      errors.push(access.error);
      access = createSpecAccess(DEFAULT_ACCESS_SPEC);
    }
    if (!access.ok) throw new Error('the default access is invalid');
    return [{ id: 'explore', title: 'Explore', access: access.value }];
  }
  return SCENES.map((scene) => {
    const access = scene.access();
    if (!access.ok) throw new Error(`scene ${scene.id}: ${access.error.field} ${access.error.reason}`);
    return { id: scene.id, title: scene.title, access: access.value };
  });
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
  const stageHost = root.querySelector<HTMLElement>('[data-testid="stage"]')!;
  const stageMessage = stageHost.querySelector<HTMLElement>('[data-stage-message]')!;
  const title = root.querySelector<HTMLElement>('[data-testid="scene-title"]')!;
  const alerts = new AlertView(root.querySelector('[data-testid="alerts"]')!);
  const mirror = new MirrorView(root);
  const shortcuts = document.querySelector<HTMLDialogElement>('[data-testid="shortcuts"]')!;
  shortcuts
    .querySelector('dl')!
    .append(...SHORTCUTS.flatMap(([keys, action]) => [createElement('dt', {}, keys), createElement('dd', {}, action)]));

  const query = parsePlayerQuery(
    location.search,
    SCENES.map((s) => s.id),
  );
  const errors = [...query.errors];
  const program = getProgram(query, errors);
  const sceneIndex = Math.max(
    0,
    program.findIndex((entry) => entry.id === query.scene),
  );
  const plans = new Map<number, TimelinePlan>();
  const getPlan = (index: number) => {
    if (!plans.has(index)) plans.set(index, planTimeline(getSchedule(program[index].access)));
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

  const clock = new PlaybackClock((time) => {
    const frame = getFrame(getPlan(current), time, { reducedMotion: reducedMotion.matches });
    stage?.draw(frame);
    mirror.setRound(frame.round);
    transport.setTime(time, frame.round);
    if (!playing) urlSync.write({ scene: sceneId(), time, speed });
  });
  const sceneId = () => (query.mode === 'explore' ? null : program[current].id);
  reducedMotion.addEventListener('change', () => clock.seek(clock.time));

  const loadScene = (index: number): TimelinePlan => {
    current = index;
    const plan = getPlan(index);
    title.textContent = program[index].title;
    document.title = `${program[index].title} · Bank-conflict player`;
    mirror.show(plan.schedule);
    stage?.show(plan, program[index].title);
    transport.setPlan(plan, index);
    return plan;
  };

  const actor = createActor(
    playerMachine.provide({
      actors: {
        boot: fromPromise(async () => {
          await loadFonts().catch(() => undefined);
          try {
            stage = await StageView.create(stageHost, (text) => (stageMessage.textContent = text));
          } catch (error) {
            stageMessage.textContent = `${error instanceof Error ? error.message : String(error)} The bank cards beside it still show every round.`;
          }
        }),
        timeline: createTimelineLogic(clock, loadScene),
      },
    }),
    {
      input: {
        scenes: program.map((p) => ({ id: p.id, asksQuestion: false })),
        sceneIndex,
        startAt,
        speed: query.speed,
      },
    },
  );
  const send = actor.send.bind(actor);
  const transport = new TransportView(root, send);
  transport.setScenes(
    program.map((p) => p.title),
    sceneIndex,
  );
  transport.setSpeed(query.speed);

  const setPresenting = (on: boolean) => {
    root.classList.toggle('is-presenting', on);
  };
  setPresenting(query.present);
  bindKeyboard(send, {
    toggleCaptions: () => root.classList.toggle('captions-off'),
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
      else setPresenting(false);
    },
  });
  root.querySelector('[data-control="help"]')!.addEventListener('click', () => shortcuts.showModal());
  const copyButton = root.querySelector<HTMLButtonElement>('[data-control="copy-link"]')!;
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
    if (snapshot.value === 'failed')
      stageMessage.textContent = `The player could not start: ${snapshot.context.failure}`;
  });
  addEventListener('pagehide', () => urlSync.flush());
  actor.on('scene.entered', () => urlSync.write({ scene: sceneId(), time: clock.time, speed }));
  actor.start();
}

boot();
