import { expect, test, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { TALL, WIDE } from '../../src/stage/stageGeometry';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { findAxeViolations, openPlayer } from './player';

/** Where lane `lane` is on screen: the stage draws its tall layout in a box taller than wide. */
async function getLanePoint(page: Page, lane: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('[data-testid="stage"] canvas').boundingBox())!;
  const layout = box.height > box.width ? TALL : WIDE;
  const scale = Math.min(box.width / layout.width, box.height / layout.height);
  const at = layout.point(layout.across(lane), layout.laneAlong);
  return {
    x: box.x + (box.width - layout.width * scale) / 2 + at.x * scale,
    y: box.y + (box.height - layout.height * scale) / 2 + at.y * scale,
  };
}

/** Drags with one finger, through the browser's own touch input (it makes the pointer events). */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: { x: number; y: number }[]) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points });
  await touch('touchStart', [from]);
  for (let i = 1; i <= 8; i++)
    await touch('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 }]);
  await touch('touchEnd', []);
}

/** Controls a finger presses, on screen now, smaller than 44 × 44 px. */
const findSmallTargets = (
  page: Page,
  selector = 'button, select, [role="slider"], label.option, a.text-button, .button-like, .lane-table tbody tr',
) =>
  page.evaluate(
    (selector) =>
      [...document.querySelectorAll<HTMLElement>(selector)]
        .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
        .map((el) => ({
          name: el.dataset.control ?? el.textContent!.trim().slice(0, 20),
          r: el.getBoundingClientRect(),
        }))
        .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
        .map(({ name, r }) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`),
    selector,
  );

for (const { width, height } of [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 768, height: 1024 },
]) {
  test.describe(`a ${width}×${height} touch screen`, () => {
    test.use({ viewport: { width, height }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

    test('fits without sideways scroll, folds the tools into a menu, and answers a finger', async ({ page }) => {
      test.setTimeout(60_000);
      const { errors } = await openPlayer(page, 'scene=column-read&round=2');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(await findSmallTargets(page)).toEqual([]);

      // The stage takes the width (a phone on its side: the height, the transport beside it), and
      // upright a phone draws the tall layout.
      const stage = (await page.locator('[data-testid="stage"] canvas').boundingBox())!;
      if (height <= 500) expect(stage.height).toBeGreaterThan(height - 24);
      else expect(stage.width).toBeGreaterThan(width - 40);
      if (height > width && width <= 700) expect(stage.height).toBeGreaterThan(stage.width);

      // The tools are behind the menu button.
      const exportButton = page.locator('[data-control="export"]');
      await expect(exportButton).toBeHidden();
      await page.locator('[data-control="tools-menu"]').tap();
      await expect(page.locator('[data-control="tools-menu"]')).toHaveAttribute('aria-expanded', 'true');
      await expect(exportButton).toBeInViewport();
      expect(await findSmallTargets(page)).toEqual([]);
      // A tap anywhere else puts the menu away.
      await page.locator('[data-testid="scene-title"]').tap();
      await expect(exportButton).toBeHidden();

      // Tap a lane on the stage to inspect it.
      const lane = await getLanePoint(page, 5);
      await page.touchscreen.tap(lane.x, lane.y);
      await expect(page.locator('[data-testid="lane-inspector"] h3')).toHaveText('Lane L5');

      // Drag the scrubber with a finger, three quarters of the way.
      const scrubber = page.locator('[data-control="scrubber"]');
      await scrubber.scrollIntoViewIfNeeded();
      const track = (await scrubber.boundingBox())!;
      const max = Number(await scrubber.getAttribute('aria-valuemax'));
      const y = track.y + track.height / 2;
      await drag(page, { x: track.x + 4, y }, { x: track.x + track.width * 0.75, y });
      await expect.poll(async () => Number(await scrubber.getAttribute('aria-valuenow')) / max).toBeCloseTo(0.75, 1);

      expect(await findAxeViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}

test('from 320 px wide, nothing scrolls sideways, in the lesson or in Explore', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 568 });
  await openPlayer(page, 'scene=padding');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await page.locator('[data-control="mode-explore"]').click();
  await expect(page.locator('[data-testid="explore-panel"]')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
});

test('at every width from 320 px to 1920 px, the lesson page never scrolls sideways', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  for (const width of [320, 360, 480, 700, 701, 900, 1099, 1100, 1239, 1240, 1280, 1379, 1380, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${width} px` })
      .toBe(width);
  }
});

test.describe('a student on an upright phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const program = createProgram(SCENES);
  const beatsOf = (id: string) => {
    const entry = program.find((p) => p.id === id)!;
    return planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS.normal).beats;
  };
  const inViewport = (box: { y: number; height: number }) => box.y >= 0 && box.y + box.height <= 844;

  // The captions the phone used to cut (scene 4's first, scene 1's first, third, fourth and sixth, scene 8's third).
  for (const [id, index] of [
    ['padding', 0],
    ['banks', 0],
    ['banks', 2],
    ['banks', 3],
    ['banks', 5],
    ['cuda', 2],
  ] as const) {
    test(`${id}, beat ${index + 1}: the caption reads whole on the first screen, and the stage and its banks are not under it`, async ({
      page,
    }) => {
      const beat = beatsOf(id).find((b) => b.index === index)!;
      await openPlayer(page, `scene=${id}&t=${beat.start}`);
      const caption = page.getByTestId('narration');
      await expect(caption).toHaveText(beat.text);
      // Nothing scrolls inside the caption, and all of it is on screen.
      expect(await caption.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
      expect(inViewport((await caption.boundingBox())!)).toBe(true);
      // The stage's bottom edge (bank 31, in the tall layout) is above the caption, not under it.
      const stage = (await page.getByTestId('stage').boundingBox())!;
      expect(stage.y + stage.height).toBeLessThanOrEqual((await caption.boundingBox())!.y);
      expect(inViewport(stage)).toBe(true);
      expect(inViewport((await page.locator('[data-control="scrubber"]').boundingBox())!)).toBe(true);
    });
  }

  test('the verdict appears on screen where the question was, and folds away once the animation runs', async ({
    page,
  }) => {
    await openPlayer(page, 'scene=every-other');
    await page.getByLabel('Your prediction').fill('1');
    await page.getByRole('button', { name: 'Reveal' }).tap();
    const verdict = page.getByTestId('verdict-slot');
    await expect(verdict.getByTestId('reveal-engine')).toHaveText('1');
    await expect(verdict).toBeInViewport({ ratio: 0.9 });
    await verdict.getByRole('button', { name: 'Watch it' }).tap();
    await expect(verdict).toBeHidden();
    await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'playing');
  });

  test('while the caption describes the padded tile, the stage keeps its tall layout and the tile comes right under the transport', async ({
    page,
  }) => {
    const beat = beatsOf('padding').find((b) => b.index === 0)!;
    await openPlayer(page, `scene=padding&t=${beat.start}`);
    const shown = page.getByTestId('beat-panel');
    await expect(shown.getByTestId('tile')).toBeVisible();
    // Taller than wide: the tall layout, its numbers as large as in a scene with no panel.
    const stage = (await page.getByTestId('stage').boundingBox())!;
    expect(stage.height).toBeGreaterThan(stage.width);
    const dock = (await page.locator('.dock').boundingBox())!;
    const panel = (await shown.boundingBox())!;
    expect(panel.y).toBeGreaterThanOrEqual(dock.y + dock.height);
    expect(panel.y - (dock.y + dock.height)).toBeLessThan(24);
    expect(inViewport((await page.getByTestId('narration').boundingBox())!)).toBe(true);
    // The next beat names the worked example's cells: the table takes the tile's place, which goes back.
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('narration')).toHaveText(beatsOf('padding').find((b) => b.index === 1)!.text);
    await expect(shown.getByTestId('example-table')).toBeVisible();
    await expect(shown.getByTestId('tile')).toHaveCount(0);
    await expect(page.locator('[data-testid="scene-panel"] [data-testid="tile"]')).toHaveCount(1);
  });

  test('a tap on a lane inspects it, and a finger that swipes up on the stage scrolls the page on', async ({
    page,
  }) => {
    await openPlayer(page, 'scene=column-read&round=2');
    const lane = await getLanePoint(page, 7);
    await page.touchscreen.tap(lane.x, lane.y);
    const inspected = page.locator('[data-testid="lane-inspector"] h3');
    await expect(inspected).toHaveText('Lane L7');
    const stage = (await page.locator('[data-testid="stage"] canvas').boundingBox())!;
    const x = stage.x + stage.width / 2;
    await drag(page, { x, y: stage.y + stage.height * 0.8 }, { x, y: stage.y + stage.height * 0.3 });
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(100);
    expect(await page.locator('[data-testid="stage"] canvas').evaluate((c) => getComputedStyle(c).touchAction)).toBe(
      'manipulation',
    );
    // A swipe is not a tap: the same one lane is inspected.
    await expect(inspected).toHaveText(['Lane L7']);
  });

  test('the round clock stays in the dock, on the first screen', async ({ page }) => {
    await openPlayer(page, 'scene=column-read&round=3');
    const clock = page.getByTestId('position');
    await expect(clock).toContainText('Round 3 / 32');
    await expect(clock).toBeInViewport({ ratio: 1 });
  });

  test('a fingertip off a lane’s marker picks the nearest lane: 6 px toward lane 8 and 9 px aside is lane 9', async ({
    page,
  }) => {
    await openPlayer(page, 'scene=column-read&round=2');
    const nine = await getLanePoint(page, 9);
    const eight = await getLanePoint(page, 8);
    // Upright, lanes run down the stage about 14 px apart: off every marker, nearer lane 9's centre.
    const toward = Math.sign(eight.y - nine.y);
    await page.touchscreen.tap(nine.x + 9, nine.y + toward * 6);
    await expect(page.locator('[data-testid="lane-inspector"] h3')).toHaveText('Lane L9');
  });

  test('Explore: the form is one tap away, and typing in it never jumps the page', async ({ page }) => {
    await openPlayer(page, 'mode=explore&predict=off');
    const jump = page.locator('[data-control="explore-jump"]');
    await expect(jump).toBeInViewport();
    await jump.tap();
    const pitch = page.locator('#explore-pitch');
    await expect(pitch).toBeInViewport();
    await pitch.tap();
    const scrolled = await page.evaluate(() => scrollY);
    await page.keyboard.press('Control+a');
    await page.keyboard.type('34');
    await expect(page.getByTestId('round-count')).toHaveText('2');
    expect(await page.evaluate(() => scrollY)).toBe(scrolled);
    await expect(pitch).toBeFocused();
    // Every field, box and button a finger uses is at least 44 px each way.
    expect(await findSmallTargets(page, 'input[type="text"], textarea, .lane-toggles label')).toEqual([]);
  });

  test('the longest question of Going further fits the stage box, Reveal in view and tappable', async ({ page }) => {
    const longest = SCENES.filter((s) => s.question).reduce((a, b) =>
      b.question!.prompt.length > a.question!.prompt.length ? b : a,
    );
    await openPlayer(page, `scene=${longest.id}`);
    const reveal = page.getByRole('button', { name: 'Reveal' });
    await expect(reveal).toBeInViewport({ ratio: 1 });
    const stage = (await page.getByTestId('stage').boundingBox())!;
    const box = (await reveal.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(stage.y + stage.height);
    await page.getByLabel('Your prediction').fill('1');
    await reveal.tap();
    await expect(page.getByTestId('prediction-slot')).toContainText('try once more');
  });

  test('a prediction box and the CUDA listing fit a finger and the screen', async ({ page }) => {
    await openPlayer(page, 'scene=every-other');
    expect(await findSmallTargets(page, 'input[type="text"]')).toEqual([]);
    await openPlayer(page, 'scene=cuda');
    const code = page.getByTestId('code');
    await code.scrollIntoViewIfNeeded();
    expect(await code.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  });
});
