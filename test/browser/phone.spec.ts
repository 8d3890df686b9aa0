import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TALL, WIDE } from '../../src/stage/stageGeometry';
import { openPlayer } from './player';

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
const findSmallTargets = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLElement>(
        'button, select, [role="slider"], label.option, a.text-button, .button-like, .lane-table tbody tr',
      ),
    ]
      .filter((el) => el.offsetParent !== null && el.getClientRects().length > 0)
      .map((el) => ({ name: el.dataset.control ?? el.textContent!.trim().slice(0, 20), r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.width < 43.5 || r.height < 43.5)
      .map(({ name, r }) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`),
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

      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
        [],
      );
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
  for (const width of [320, 360, 480, 700, 701, 900, 1099, 1100, 1280, 1379, 1380, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${width} px` })
      .toBe(width);
  }
});
