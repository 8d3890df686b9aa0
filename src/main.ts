import { getSchedule, type Access, type Result } from './engine';
import { SCENES } from '../scenes';
import { createSpecAccess, DEFAULT_ACCESS_SPEC } from './player/exploreAccess';
import { parsePlayerQuery } from './player/parsePlayerQuery';
import { PlaybackClock } from './player/PlaybackClock';
import { StageView } from './stage/StageView';
import { getFrame } from './timeline/getFrame';
import { planTimeline, roundLabel, type TimelinePlan } from './timeline/planTimeline';
import { AlertView } from './ui/AlertView';
import { loadFonts } from './ui/loadFonts';
import { MirrorView } from './ui/MirrorView';
import './ui/player.css';

async function boot(): Promise<void> {
  const root = document.querySelector<HTMLElement>('.player')!;
  const stageHost = root.querySelector<HTMLElement>('[data-testid="stage"]')!;
  const stageMessage = stageHost.querySelector<HTMLElement>('[data-stage-message]')!;
  const alerts = new AlertView(root.querySelector('[data-testid="alerts"]')!);
  const mirror = new MirrorView(root);
  const query = parsePlayerQuery(
    location.search,
    SCENES.map((s) => s.id),
  );
  const errors = [...query.errors];

  let title: string;
  let access: Result<Access>;
  if (query.mode === 'explore') {
    title = 'Explore';
    const chosen = createSpecAccess(query.access);
    if (!chosen.ok) errors.push(chosen.error);
    access = chosen.ok ? chosen : createSpecAccess(DEFAULT_ACCESS_SPEC);
  } else {
    const scene = SCENES.find((s) => s.id === query.scene) ?? SCENES[0];
    title = scene.title;
    access = scene.access();
  }
  if (!access.ok) throw new Error(`${access.error.field}: ${access.error.reason}`);
  const plan: TimelinePlan = planTimeline(getSchedule(access.value));
  root.querySelector('[data-testid="scene-title"]')!.textContent = title;
  mirror.show(plan.schedule);

  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)');
  let stage: StageView | null = null;
  const clock = new PlaybackClock((time) => {
    const frame = getFrame(plan, time, { reducedMotion: reducedMotion.matches });
    stage?.draw(frame);
    mirror.setRound(frame.round);
  });

  await loadFonts();
  try {
    stage = await StageView.create(stageHost, (text) => (stageMessage.textContent = text));
    stage.show(plan, title);
  } catch (error) {
    stageMessage.textContent = error instanceof Error ? error.message : String(error);
  }

  let time = 0;
  if (query.time !== null) time = query.time;
  else if (query.round !== null) {
    const at = query.round === 0 ? 0 : plan.labels[roundLabel(query.round)];
    if (at === undefined)
      errors.push({ field: 'round', reason: `this access has ${plan.schedule.rounds} rounds, not ${query.round}` });
    else time = at;
  }
  clock.load(plan, time);
  alerts.show(errors);
  root.dataset.playerState = stage ? 'paused' : 'failed';
}

boot().catch((error: unknown) => {
  const message = document.querySelector('[data-stage-message]');
  if (message)
    message.textContent = `The player could not start: ${error instanceof Error ? error.message : String(error)}`;
});
