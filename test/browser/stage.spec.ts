import { expect, test, type Page } from '@playwright/test';
import {
  createBroadcastAccess,
  createColumnAccess,
  createFirstLanesMask,
  createRowAccess,
  createStridedAccess,
  getSchedule,
  type Access,
  type Schedule,
} from '../../src/engine';
import { PALETTE, toCss } from '../../src/stage/palette';
import { columnX, getServingY, LANE_SIZE, LANE_Y, STAGE_WIDTH, WIDE } from '../../src/stage/stageGeometry';
import { SCENES } from '../../scenes';
import { createProgram } from '../../src/program/createProgram';
import { getAnimationTime, planTimeline } from '../../src/timeline/planTimeline';
import { hashStageBox, openPlayer, probeStage, readCanvas, readStagePoints } from './player';
import { unwrap } from '../unwrap';

const sixteen = unwrap(createFirstLanesMask(16));

/** The lesson's experiments, as Explore links and as the engine computes them. */
const EXPERIMENTS: { name: string; query: string; access: Access }[] = [
  { name: 'row read', query: 'pattern=row&row=0', access: unwrap(createRowAccess({ row: 0, pitch: 32 })) },
  {
    name: 'column, pitch 32',
    query: 'pattern=column&pitch=32',
    access: unwrap(createColumnAccess({ col: 0, pitch: 32 })),
  },
  {
    name: 'column, pitch 33',
    query: 'pattern=column&pitch=33',
    access: unwrap(createColumnAccess({ col: 0, pitch: 33 })),
  },
  { name: 'broadcast', query: 'pattern=broadcast&offset=0', access: unwrap(createBroadcastAccess({ word: 0 })) },
  {
    name: 'every other word, 16 lanes',
    query: 'pattern=stride&stride=2&lanes=16',
    access: unwrap(createStridedAccess({ stride: 2, mask: sixteen })),
  },
  {
    name: 'every other word, 32 lanes',
    query: 'pattern=stride&stride=2',
    access: unwrap(createStridedAccess({ stride: 2 })),
  },
];

const SERVING = '#e69f00';
/** Whether a probe found the serving colour (allowing for antialiasing at its edges). */
const hasColour = (colours: string[], target: string, tolerance = 24) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(target.slice(i, i + 2), 16));
  return colours.some((c) => {
    const [cr, cg, cb] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
    return Math.abs(cr - r) <= tolerance && Math.abs(cg - g) <= tolerance && Math.abs(cb - b) <= tolerance;
  });
};

/** Reads the DOM mirror as plain data. */
async function readMirror(page: Page) {
  return page.evaluate(() => ({
    count: document.querySelector('[data-testid="round-count"]')!.textContent,
    current: document.querySelector('[data-testid="round-current"]')!.textContent,
    banks: [...document.querySelectorAll<HTMLElement>('[data-testid="bank-card"]')].map((c) => ({ ...c.dataset })),
    lanes: [...document.querySelectorAll<HTMLElement>('[data-testid="lane-row"]')].map((r) => ({ ...r.dataset })),
  }));
}

/** What the mirror must say at round `round` of `schedule`, straight from the engine. */
function expectedMirror(schedule: Schedule, round: number) {
  const serving = new Set(schedule.perRound[round - 1]?.services.map((s) => s.bank) ?? []);
  return {
    count: String(schedule.rounds),
    current: String(round),
    banks: schedule.banks.map((b) =>
      expect.objectContaining({
        bank: String(b.bank),
        distinct: String(b.queue.length),
        words: b.queue.map((q) => q.word).join(','),
        serving: String(serving.has(b.bank)),
      }),
    ),
    lanes: schedule.lanes.map((l) => ({
      testid: 'lane-row',
      lane: String(l.lane),
      active: String(l.active),
      word: l.word === null ? '' : String(l.word),
      bank: l.bank === null ? '' : String(l.bank),
      round: l.round === null ? '' : String(l.round),
      phase: l.phase === null ? '' : String(l.phase),
      words: l.words.join(','),
      address: l.address === null ? '' : String(l.address),
      race: String(l.race),
    })),
  };
}

test('the column read fills bank 0 and drains it over 32 rounds: mirror and pixels agree at every round', async ({
  page,
}) => {
  // 32 rounds of mirror reads and pixel probes.
  test.setTimeout(90_000);
  const { errors } = await openPlayer(page, 'scene=column-read');
  const schedule = getSchedule(unwrap(createColumnAccess({ col: 0, pitch: 32 })));
  for (let round = 1; round <= 32; round++) {
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByTestId('round-current')).toHaveText(String(round));
    expect(await readMirror(page)).toEqual(expectedMirror(schedule, round));
    // Bank 0 serves a word every round; bank 5 never has one.
    expect(hasColour(await probeStage(page, columnX(0) - 18, getServingY()), SERVING)).toBe(true);
    expect(hasColour(await probeStage(page, columnX(5) - 18, getServingY()), SERVING)).toBe(false);
  }
  expect(errors).toEqual([]);
});

test("each lane's marker is filled with its state's colour: served, receiving or waiting, as the engine has it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openPlayer(page, 'scene=column-read&round=3');
  const current = Number(await page.getByTestId('round-current').textContent());
  const { lanes } = getSchedule(unwrap(createColumnAccess({ col: 0, pitch: 32 })));
  for (const { lane, round } of lanes) {
    const fill = round! < current ? PALETTE.served : round === current ? PALETTE.serving : PALETTE.panel;
    // Inside the marker, between its outline and its number.
    const colours = await probeStage(page, columnX(lane), LANE_Y - LANE_SIZE / 2 + 6, 1);
    expect(colours, `lane ${lane}, served in round ${round}`).toEqual([toCss(fill)]);
  }
});

test("the busiest bank's frame is drawn closed: no point along the middle of its edges shows the ground", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
  await openPlayer(page, 'scene=column-read&round=3');
  // Bank 0 is the busiest: its outline is 4 units thick, inside its column's box.
  const [left, right] = [columnX(0) - WIDE.queueWidth / 2, columnX(0) + WIDE.queueWidth / 2];
  const [top, bottom] = [WIDE.queueStart, WIDE.queueEnd];
  const points: [number, number][] = [];
  for (let x = left + 4; x <= right - 4; x++) points.push([x, top + 2], [x, bottom - 2]);
  for (let y = top + 4; y <= bottom - 4; y += 2) points.push([left + 2, y], [right - 2, y]);
  const colours = await readStagePoints(page, points);
  expect(points.filter((_, i) => colours[i] === toCss(PALETTE.ground))).toEqual([]);
});

for (const experiment of EXPERIMENTS) {
  test(`${experiment.name}: the mirror equals the engine at every round label`, async ({ page }) => {
    await openPlayer(page, `mode=explore&predict=off&${experiment.query}`);
    const schedule = getSchedule(experiment.access);
    expect(await readMirror(page)).toEqual(expectedMirror(schedule, 0));
    for (let round = 1; round <= schedule.rounds; round++) {
      await page.keyboard.press('Shift+ArrowRight');
      await expect(page.getByTestId('round-current')).toHaveText(String(round));
      expect(await readMirror(page)).toEqual(expectedMirror(schedule, round));
      if (schedule.rounds <= 2) {
        for (const bank of [0, 1, 16, 31]) {
          const serves = schedule.perRound[round - 1].services.some((s) => s.bank === bank);
          const colours = await probeStage(page, columnX(bank) - 18, getServingY());
          expect(hasColour(colours, SERVING), `bank ${bank} serving in round ${round}`).toBe(serves);
        }
      }
    }
  });
}

test('the same time draws the same pixels: seeking twice, forward then back, and after a reload', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  const press = async (key: string, times = 1) => {
    for (let i = 0; i < times; i++) await page.keyboard.press(key);
  };
  // Midway through round 3's shift: the served word leaving, the queue closing up.
  const entry = createProgram(SCENES).find((e) => e.id === 'column-read')!;
  const third = planTimeline(getSchedule(entry.access), entry.beats).rounds[2];
  const frames = Math.round(((third.shiftStart + third.shiftEnd) / 2 - third.start) * 60);
  await press('Shift+ArrowRight', 3);
  await press('.', frames);
  const first = await readCanvas(page);
  await press('Home');
  await press('Shift+ArrowRight', 3);
  await press('.', frames);
  expect((await readCanvas(page)).hash).toBe(first.hash);
  await press('Shift+ArrowRight', 5);
  await press('Shift+ArrowLeft', 5);
  await press('.', frames);
  expect((await readCanvas(page)).hash).toBe(first.hash);
  const shown = Number(await page.locator('[data-control="scrubber"]').getAttribute('aria-valuenow'));
  await expect.poll(() => Math.abs(Number(new URL(page.url()).searchParams.get('t')) - shown)).toBeLessThan(0.001);
  const url = page.url();
  await page.goto(url);
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  // The reloaded link paints its own moment, not the start of its beat or any frame on the way.
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', new URL(url).searchParams.get('t')!);
  expect((await readCanvas(page)).hash).toBe(first.hash);
});

test('playing to a moment draws what seeking to it draws', async ({ page }) => {
  await openPlayer(page, 'scene=padding');
  await page.keyboard.press('Space');
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'playing');
  await page.waitForFunction(
    () => Number(document.querySelector('[data-control="scrubber"]')!.getAttribute('aria-valuenow')) > 1.2,
  );
  await page.keyboard.press('Space');
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  const played = await readCanvas(page);
  const shown = Number(
    await page
      .getByTestId('stage')
      .locator('xpath=..')
      .locator('[data-control="scrubber"]')
      .getAttribute('aria-valuenow'),
  );
  await expect.poll(() => Math.abs(Number(new URL(page.url()).searchParams.get('t')) - shown)).toBeLessThan(0.01);
  await page.goto(page.url());
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  expect((await readCanvas(page)).hash).toBe(played.hash);
});

test('with reduced motion, tokens wait in their banks instead of flying, and rounds look the same', async ({
  page,
}) => {
  await openPlayer(page, 'scene=row-read&round=1');
  const moving = await readCanvas(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.reload();
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  expect((await readCanvas(page)).hash).toBe(moving.hash);
  // A moment while lane 0's request would still be in flight: with reduced motion it is already in
  // bank 0, at the front of its queue, in the request colour.
  const entry = createProgram(SCENES).find((p) => p.id === 'row-read')!;
  const plan = planTimeline(getSchedule(entry.access), entry.beats);
  const midFlight = plan.tokens[0].launch + 0.3;
  let t = 0;
  while (getAnimationTime(plan, t) < midFlight) t = Math.round((t + 0.01) * 100) / 100;
  await page.goto(`/?scene=row-read&t=${t}`);
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  expect(hasColour(await probeStage(page, columnX(0), getServingY() + 6), '#56b4e9')).toBe(true);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  expect(hasColour(await probeStage(page, columnX(0), getServingY() + 6), '#56b4e9')).toBe(false);
});

test('a lost WebGL context shows a message, the mirror keeps working, and the stage comes back', async ({ page }) => {
  await openPlayer(page, 'scene=column-read&round=2');
  const before = await readCanvas(page);
  await page.evaluate(() => {
    const canvas = document.querySelector('[data-testid="stage"] canvas') as HTMLCanvasElement;
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))!;
    (window as unknown as { lose: WEBGL_lose_context }).lose = gl.getExtension('WEBGL_lose_context')!;
    (window as unknown as { lose: WEBGL_lose_context }).lose.loseContext();
  });
  await expect(page.locator('[data-stage-message]')).toContainText('context was lost');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('round-current')).toHaveText('3');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(page.getByTestId('round-current')).toHaveText('2');
  await page.evaluate(() => (window as unknown as { lose: WEBGL_lose_context }).lose.restoreContext());
  await expect(page.locator('[data-stage-message]')).toBeEmpty();
  await expect.poll(async () => (await readCanvas(page)).hash).toBe(before.hash);
});

for (const deviceScaleFactor of [1, 2, 3]) {
  test(`the canvas follows the device pixel ratio and the window size: ${deviceScaleFactor}×`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, deviceScaleFactor });
    const page = await context.newPage();
    const query = 'scene=column-read&round=3';
    await openPlayer(page, query);
    const size = () =>
      page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
        return { pixels: canvas.width, css: canvas.clientWidth };
      });
    expect((await size()).pixels).toBe(Math.round((await size()).css * deviceScaleFactor));
    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect.poll(async () => (await size()).css).toBeGreaterThan(1300);
    await expect.poll(async () => (await size()).pixels).toBe(Math.round((await size()).css * deviceScaleFactor));
    expect((await readCanvas(page)).variance).toBeGreaterThan(50);
    // The lanes, flights, queues and banks are drawn at the new size as a window opened at it draws them.
    const picture = { x: 0, y: 110, width: STAGE_WIDTH, height: 900 };
    const opened = await context.newPage();
    await opened.setViewportSize({ width: 1920, height: 1080 });
    await openPlayer(opened, query);
    expect(await hashStageBox(opened, picture)).toBe(await hashStageBox(page, picture));
    await context.close();
  });
}
