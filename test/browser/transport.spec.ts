import { expect, test } from '@playwright/test';
import { SCENES } from '../../scenes';
import { createProgram } from '../../src/program/createProgram';
import { LINK_PARAMETERS } from '../support/linkParameters';
import { openPlayer, readCanvas } from './player';

const TITLES = Object.fromEntries(SCENES.map((s) => [s.id, s.title]));
const program = Object.fromEntries(createProgram(SCENES).map((p) => [p.id, p]));

const state = (page: import('@playwright/test').Page) => page.locator('[data-player-state]');
const position = async (page: import('@playwright/test').Page) =>
  Number(await page.locator('[data-control="scrubber"]').getAttribute('aria-valuenow'));

test('every keyboard shortcut does what the sheet says', async ({ page }) => {
  const { errors } = await openPlayer(page, 'scene=column-read');
  const title = page.getByTestId('scene-title');
  const current = page.getByTestId('round-current');

  await page.keyboard.press('Space');
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
  await page.keyboard.press('k');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await page.keyboard.press('K');
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
  await page.keyboard.press('Space');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');

  await page.keyboard.press('Home');
  await expect(current).toHaveText('0');
  expect(await position(page)).toBe(0);
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(current).toHaveText('2');
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(current).toHaveText('1');
  const before = await position(page);
  await page.keyboard.press('.');
  await expect.poll(() => position(page)).toBeCloseTo(before + 1 / 60, 2);
  await page.keyboard.press(',');
  await expect.poll(() => position(page)).toBeCloseTo(before, 2);
  await page.keyboard.press('End');
  await expect(current).toHaveText('32');

  // Past the last beat, the next beat is the next scene's first; before the first, the last of
  // the scene before.
  await page.keyboard.press('PageDown');
  await expect(title).toHaveText(TITLES.padding);
  await page.keyboard.press('PageUp');
  await expect(title).toHaveText(TITLES['column-read']);
  await expect(page.getByTestId('narration')).toHaveText(program['column-read'].beats.at(-1)!.text);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await expect(page.getByTestId('narration')).toHaveText(program['column-read'].beats[1].text);
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('narration')).toHaveText(program['column-read'].beats[0].text);
  await page.keyboard.press(']');
  await expect(title).toHaveText(TITLES.padding);
  await page.keyboard.press('[');
  await expect(title).toHaveText(TITLES['column-read']);
  await page.keyboard.press('1');
  await expect(title).toHaveText(TITLES.banks);
  await page.keyboard.press('5');
  await expect(title).toHaveText(TITLES.broadcast);

  const player = page.locator('.player');
  await page.keyboard.press('c');
  await expect(player).toHaveClass(/captions-off/);
  await page.keyboard.press('C');
  await expect(player).not.toHaveClass(/captions-off/);
  await page.keyboard.press('p');
  await expect(player).toHaveClass(/is-presenting/);
  await page.keyboard.press('Escape');
  await expect(player).not.toHaveClass(/is-presenting/);
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? '')).toContain('player');
  await page.keyboard.press('F');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);
  await page.keyboard.press('?');
  await expect(page.getByTestId('shortcuts')).toBeVisible();
  await expect(page.getByTestId('shortcuts')).toContainText('Previous / next scene');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts')).toBeHidden();

  // Keys typed into a field are the field's, not the player's.
  await page.locator('[data-control="speed"]').focus();
  await page.keyboard.press('k');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  expect(errors).toEqual([]);
});

test('the controls work by mouse and have accessible names', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  await page.getByRole('button', { name: 'Next round' }).click();
  await expect(page.getByTestId('round-current')).toHaveText('1');
  await page.getByRole('button', { name: 'Next scene' }).click();
  await expect(page.getByTestId('scene-title')).toHaveText(TITLES.padding);
  await page.getByRole('button', { name: 'Previous scene' }).click();
  await page.getByRole('combobox', { name: 'Scene' }).selectOption({ label: `2. ${TITLES['row-read']}` });
  await expect(page.getByTestId('scene-title')).toHaveText(TITLES['row-read']);
  await page.getByRole('button', { name: 'Play' }).click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await page.locator('[data-control="speed"]').selectOption('0.5');
  await expect.poll(() => new URL(page.url()).searchParams.get('speed')).toBe('0.5');
  await page.getByRole('button', { name: 'Restart' }).click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
  // The shortcut sheet's button names its key in its tooltip, as the transport's buttons do.
  const help = page.getByRole('button', { name: 'Keyboard shortcuts' });
  await expect(help).toHaveAttribute('title', /\(\?\)$/);
  await help.click();
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
});

test('dragging the scrubber shows every frame on the way and lands on a round', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  const scrubber = page.locator('[data-control="scrubber"]');
  const box = (await scrubber.boundingBox())!;
  const duration = Number(await scrubber.getAttribute('aria-valuemax'));
  const ticks = await page
    .locator('.scrubber-ticks span.round')
    .evaluateAll((els) => els.map((e) => parseFloat((e as HTMLElement).style.left)));
  expect(ticks).toHaveLength(32);
  // Aim a little past the fifth round's tick: the drag passes through rounds 1-4 first.
  const target = box.x + (box.width * (ticks[4] + ticks[5])) / 200;
  await page.mouse.move(box.x + 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect(state(page)).toHaveAttribute('data-player-state', 'scrubbing');
  const seen = new Set<string>();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 2 + ((target - box.x - 2) * i) / 12, box.y + box.height / 2);
    seen.add((await page.getByTestId('round-current').textContent())!);
  }
  await page.mouse.up();
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await expect(page.getByTestId('round-current')).toHaveText('5');
  expect(seen.size).toBeGreaterThan(3);
  expect(await position(page)).toBeLessThan(duration);
});

test('"Copy link to this moment" round-trips to the same pixels', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openPlayer(page, 'scene=broadcast&speed=1.5');
  for (const key of ['Shift+ArrowRight', '.', '.', '.']) await page.keyboard.press(key);
  const before = await readCanvas(page);
  await page.getByRole('button', { name: 'Copy link to this moment' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).searchParams.get('scene')).toBe('broadcast');
  expect(new URL(link).searchParams.get('speed')).toBe('1.5');
  await page.goto('about:blank');
  await page.goto(link);
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  expect((await readCanvas(page)).hash).toBe(before.hash);
  await expect(page.locator('[data-control="speed"]')).toHaveValue('1.5');
});

// Each parameter's own alert, one by one, is checked in Node (test/unit/linkAlerts.test.ts); here
// the page shows them all, injects none of them, and keeps working.
for (const value of ['<img src=x onerror=alert(1)>', '99999999999']) {
  test(`a link whose every parameter is ${value.startsWith('<') ? 'markup' : 'an absurd number'}: an alert names each, injects nothing, and the player keeps working`, async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    const params = new URLSearchParams();
    for (const name of LINK_PARAMETERS) params.set(name, value);
    await page.goto(`/?${params}`);
    await expect(state(page)).not.toHaveAttribute('data-player-state', 'booting');
    for (const name of LINK_PARAMETERS) await expect(page.getByTestId('alerts')).toContainText(name);
    expect(await page.locator('img').count()).toBe(0);
    await expect(page.getByTestId('round-count')).not.toHaveText('–');
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByTestId('round-current')).toHaveText('1');
    expect((await readCanvas(page)).variance).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
}

test('presentation mode: the composed frame alone, captions in it, the clicker steps beats, a pointer that hides, Esc to leave', async ({
  page,
}) => {
  await openPlayer(page, 'scene=banks&present');
  const player = page.locator('.player');
  await expect(player).toHaveClass(/is-presenting/);
  await expect(page.locator('.transport')).toBeHidden();
  await expect(page.locator('.mirror')).toBeHidden();
  const stage = (await page.getByTestId('stage').boundingBox())!;
  expect(stage.width).toBe(1280);
  expect(stage.height).toBe(720);
  // The caption is drawn in the frame; its text stays in the page for screen readers.
  await expect(page.getByTestId('narration')).toHaveText(program.banks.beats[0].text);
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('narration')).toHaveText(program.banks.beats[1].text);
  await expect(page.getByTestId('scene-title')).toHaveText(TITLES.banks);
  await page.keyboard.press('Space');
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'playing');
  await page.keyboard.press('Space');
  await page.mouse.move(300, 300);
  await expect(player).not.toHaveClass(/pointer-idle/);
  await expect(player).toHaveClass(/pointer-idle/, { timeout: 4000 });
  await page.keyboard.press('Escape');
  await expect(player).not.toHaveClass(/is-presenting/);
  await expect(page.locator('.transport')).toBeVisible();
});

test('a second PageDown while a long step plays jumps to its cue and holds there; a third goes on', async ({
  page,
}) => {
  const entry = program['column-read'];
  await openPlayer(page, 'scene=column-read&round=2');
  await page.keyboard.press('PageDown');
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
  await page.keyboard.press('PageDown');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await expect(page.getByTestId('narration')).toHaveText(entry.beats.at(-1)!.text);
  await expect(page.getByTestId('round-current')).toHaveText('32');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('scene-title')).toHaveText(TITLES.padding);
});

test('an inspected lane is let go by Esc, and stays behind when the next scene comes', async ({ page }) => {
  await openPlayer(page, 'scene=column-read&round=2');
  const inspected = page.locator('[data-testid="lane-inspector"] h3');
  const row = page.locator('[data-testid="lane-row"][data-lane="5"]');
  await row.click();
  await expect(inspected).toHaveText('Lane L5');
  await page.keyboard.press('Escape');
  await expect(inspected).toHaveCount(0);
  await row.click();
  await expect(inspected).toHaveText('Lane L5');
  await page.keyboard.press(']');
  await expect(page.getByTestId('scene-title')).not.toHaveText(/column read/i);
  await expect(inspected).toHaveCount(0);
});
