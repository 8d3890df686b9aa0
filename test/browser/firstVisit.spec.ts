import { readdirSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { columnX, LANE_SIZE, LANE_Y } from '../../src/stage/stageGeometry';
import type { PlayerContext } from '../../src/player/playerMachine';
import { SHORTCUTS } from '../../src/ui/shortcuts';
import { findAxeViolations, openPlayer, probeStage } from './player';
import { quizOf } from '../panelContent';

const program = createProgram(SCENES);
const entry = (id: string) => program.find((p) => p.id === id)!;
const state = (page: Page) => page.locator('[data-player-state]');

test('to Explore and back: the same scene, moment and answers, even after a reload in between', async ({ page }) => {
  const tryIt = entry('try-it');
  await openPlayer(page, 'scene=try-it&t=5');
  const q1 = page.locator('[data-testid="question"][data-question="q1"]');
  await q1.getByRole('textbox').fill(quizOf(tryIt)[0].answer);
  await q1.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.locator('[data-testid="reveal"][data-question="q1"]')).toContainText('Right');
  // A step moves the place and nothing else: it is kept too, though written only once the page is left.
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('position')).not.toContainText('5.0 s');
  const place = (await page.getByTestId('position').textContent())!;

  await page.getByRole('button', { name: 'Explore', exact: true }).click();
  await expect(page.getByTestId('scene-title')).toHaveText(/^Explore: /);
  await expect(page.getByRole('button', { name: 'Explore', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => new URL(page.url()).searchParams.get('mode')).toBe('explore');
  await page.reload();
  await expect(state(page)).not.toHaveAttribute('data-player-state', 'booting');
  await expect(page.getByTestId('scene-title')).toHaveText(/^Explore: /);

  await page.getByRole('button', { name: 'Lesson', exact: true }).click();
  await expect(page.getByTestId('scene-title')).toHaveText(tryIt.title);
  await expect(page.getByTestId('position')).toHaveText(place);
  const kept = page.locator('[data-testid="reveal"][data-question="q1"]');
  await expect(kept.getByTestId('reveal-yours')).toHaveText(quizOf(tryIt)[0].answer);
  await expect(page.locator('[data-testid="question"][data-question="q2"]')).toBeVisible();
});

test('“Inspect it in Explore” opens the question’s access by its pattern, with its tile, and does not ask again', async ({
  page,
}) => {
  const q2 = quizOf(entry('try-it'))[1];
  await openPlayer(page, 'scene=try-it');
  const form = page.locator('[data-testid="question"][data-question="q2"]');
  await form.getByRole('textbox').fill(q2.answer);
  await form.getByRole('button', { name: 'Reveal' }).click();
  await page
    .locator('[data-testid="reveal"][data-question="q2"]')
    .getByRole('link', { name: 'Inspect it in Explore' })
    .click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await expect(page.getByTestId('prediction-slot')).toBeEmpty();
  await expect(page.getByLabel('Pattern')).toHaveValue('column');
  await expect(page.getByLabel(/^Row pitch/)).toHaveValue(String(q2.access.pitch));
  await expect(page.getByTestId('tile-cost')).toContainText('of which 128 are padding');
  await expect.poll(() => new URL(page.url()).searchParams.get('pattern')).toBe('column');
  await expect(page.getByTestId('verdict').getByTestId('reveal-yours')).toHaveText(q2.answer);
  expect(await findAxeViolations(page)).toEqual([]);
});

test('a wrong answer: a hint and one more try, then the verdict in words beside the stage, and the animation waits', async ({
  page,
}) => {
  const question = entry('every-other').question!;
  const wrong = String(Number(question.answer) + 2);
  await openPlayer(page, 'scene=every-other');
  await page.getByLabel('Your prediction').fill(wrong);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('prediction-slot').getByRole('alert')).toContainText('Not quite');
  await expect(page.getByTestId('verdict')).toBeHidden();
  await page.getByRole('button', { name: 'Reveal' }).click();
  // The verdict sits beside the stage, not over it, and says how far off the answer was.
  await expect(page.getByTestId('prediction-slot')).toBeEmpty();
  const verdict = page.getByTestId('verdict');
  await expect(verdict.getByTestId('reveal-verdict')).toHaveText('✗ Not this time: 2 rounds too many.');
  await expect(verdict).toContainText('The model: 1');
  await expect(verdict).not.toContainText('engine');
  const stage = (await page.getByTestId('stage').boundingBox())!;
  const box = (await verdict.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(stage.x + stage.width);
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await expect(page.getByTestId('round-current')).toHaveText('0');
  expect(await findAxeViolations(page)).toEqual([]);
  await verdict.getByRole('button', { name: 'Watch it' }).click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
});

test('every transport button has a name, and a tooltip and key that the keyboard map agrees with', async ({ page }) => {
  await openPlayer(page, 'scene=banks');
  // What each button does, as the machine event its key must send too.
  const DOES: Record<string, string> = {
    'scene-prev': 'scene.prev',
    'round-prev': 'round.prev',
    play: 'playback.toggle',
    'round-next': 'round.next',
    'scene-next': 'scene.next',
  };
  const buttons = page.locator('.transport button');
  expect(await buttons.count()).toBeGreaterThanOrEqual(6);
  for (const button of await buttons.all()) {
    const name = await button.getAttribute('aria-label');
    expect(name, await button.innerHTML()).toMatch(/\w{4,}/);
    expect(await button.getAttribute('title')).toContain(name);
    const control = (await button.getAttribute('data-control'))!;
    const keys = await button.getAttribute('aria-keyshortcuts');
    if (!DOES[control]) continue;
    expect(keys, control).not.toBeNull();
    for (const key of keys!.split(' ')) {
      const pressed = key === 'Space' ? ' ' : key;
      const shortcut = SHORTCUTS.find((s) => s.keys.includes(pressed));
      const event = shortcut?.event?.(pressed, {} as PlayerContext);
      expect(event?.type, `${control}: ${key}`).toBe(DOES[control]);
      // The tooltip names the key as the shortcut sheet writes it.
      expect(await button.getAttribute('title')).toContain(
        key.replace('ArrowLeft', '←').replace('ArrowRight', '→').replace('Space', 'Space'),
      );
    }
  }
});

test('at a scene’s end the next scene is offered by name, and the transport stays on one line', async ({ page }) => {
  await openPlayer(page, 'scene=row-read');
  const offer = page.getByRole('button', { name: `Next: ${entry('column-read').title}` });
  await expect(offer).toBeHidden();
  const play = (await page.getByRole('button', { name: 'Play' }).boundingBox())!;
  const next = (await page.getByText('Play next scene').boundingBox())!;
  expect(Math.abs(next.y + next.height / 2 - (play.y + play.height / 2))).toBeLessThan(play.height / 2);
  await page.keyboard.press('End');
  await expect(offer).toBeVisible();
  // The caption changed (and may wrap); the play button has not moved.
  expect((await page.getByRole('button', { name: 'Play' }).boundingBox())!.y).toBe(play.y);
  await offer.click();
  await expect(page.getByTestId('scene-title')).toHaveText(entry('column-read').title);
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
});

test('a full bank card keeps the word being served in view', async ({ page }) => {
  const schedule = getSchedule(entry('column-read').access);
  await openPlayer(page, 'scene=column-read&round=20');
  const card = page.locator('[data-testid="bank-card"][data-bank="0"]');
  const serving = card.locator('.is-serving');
  await expect(serving).toHaveText(String(schedule.banks[0].queue[19].word));
  await expect(serving).toBeVisible();
  const shown = (await card.boundingBox())!;
  const word = (await serving.boundingBox())!;
  expect(word.y + word.height).toBeLessThanOrEqual(shown.y + shown.height);
  await expect(card).toContainText('+18 served');
  // Every word is still in the card's text for a screen reader.
  expect(await card.getAttribute('data-words')).toBe(schedule.banks[0].queue.map((q) => q.word).join(','));
});

test('a lane clicked on the stage is marked there as well as in the table, and the pointer shows it can be', async ({
  page,
}) => {
  await openPlayer(page, 'scene=banks');
  const canvas = (await page.getByTestId('stage').locator('canvas').boundingBox())!;
  const scale = Math.min(canvas.width / 1920, canvas.height / 1080);
  const left = canvas.x + (canvas.width - 1920 * scale) / 2;
  const top = canvas.y + (canvas.height - 1080 * scale) / 2;
  const mark = () => probeStage(page, columnX(9), LANE_Y + LANE_SIZE / 2 + 13, 1);
  expect(await mark()).not.toContain('#e6edf3');
  // The pointer turns to a hand over a lane, and back off it.
  const cursor = () =>
    page
      .getByTestId('stage')
      .locator('canvas')
      .evaluate((c) => getComputedStyle(c).cursor);
  await page.mouse.move(left + columnX(9) * scale, top + LANE_Y * scale);
  await expect.poll(cursor).toBe('pointer');
  await page.mouse.move(left + columnX(9) * scale, top + (LANE_Y - LANE_SIZE * 2) * scale);
  await expect.poll(cursor).toBe('auto');
  await page.mouse.click(left + columnX(9) * scale, top + LANE_Y * scale);
  await expect(page.locator('[data-testid="lane-row"][data-lane="9"]')).toHaveAttribute('aria-selected', 'true');
  await expect.poll(mark).toContain('#e6edf3');
});

test('Explore: a word list with no active lane says so beside the field', async ({ page }) => {
  await openPlayer(page, 'mode=explore&predict=off');
  await page.getByLabel('Pattern').selectOption('list');
  for (const typed of ['-,-,-', '']) {
    await page.getByLabel(/^Elements, lane by lane/).fill(typed);
    await expect(page.locator('[data-error-for="words"]')).toContainText('at least one lane must be active');
  }
});

test('Explore: a link with one bad value and a word list shows the word list, and the form says so', async ({
  page,
}) => {
  await openPlayer(page, 'mode=explore&predict=off&pitch=abc&words=1,2,3');
  await expect(page.getByTestId('alerts')).toContainText('pitch');
  await expect(page.getByLabel('Pattern')).toHaveValue('list');
  await expect(page.getByLabel(/^Elements, lane by lane/)).toHaveValue('1,2,3');
  await expect(page.locator('[data-testid="lane-row"][data-lane="2"]')).toHaveAttribute('data-word', '3');
});

test('the alert box can be dismissed, and at 720 px it never pushes the transport off screen', async ({ page }) => {
  await openPlayer(page, 'scene=nope&t=abc&speed=9&round=1.5&lane=40');
  await expect(page.getByTestId('alerts')).toContainText('scene');
  const transport = (await page.locator('.transport').boundingBox())!;
  expect(transport.y + transport.height).toBeLessThanOrEqual(720);
  await page.getByRole('button', { name: 'Dismiss these messages' }).click();
  await expect(page.getByTestId('alerts-box')).toBeHidden();
});

/** Notes when the stage first says which moment it painted, in the page's own clock (`paintedAt`). */
const watchFirstPaint = (page: Page) =>
  page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-painted-time]')) return;
      (window as unknown as { paintedAt: number }).paintedAt = performance.now();
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-painted-time'] });
  });

test('the tools most visits never open are not in the first load: their code is fetched once the first frame is up', async ({
  page,
}) => {
  await watchFirstPaint(page);
  await openPlayer(page, 'scene=banks');
  const parts = /\/assets\/(ExportDialogView|VoiceOverView|mountExploreMode)-[^/]+\.js$/;
  const fetched = await page.waitForFunction((source) => {
    const pattern = new RegExp(source);
    const paintedAt = (window as unknown as { paintedAt?: number }).paintedAt;
    const requests = performance.getEntriesByType('resource').filter((e) => pattern.test(e.name));
    return paintedAt !== undefined && requests.length === 3 && { paintedAt, starts: requests.map((e) => e.startTime) };
  }, parts.source);
  const { paintedAt, starts } = (await fetched.jsonValue()) as { paintedAt: number; starts: number[] };
  for (const start of starts) expect(start).toBeGreaterThan(paintedAt);
});

/** Code most visits never run, each known by a string only its code holds (the build is checked to hold each). */
const LATER_PARTS = [
  { part: 'the voice track (decoding takes)', marker: 'decodeAudioData' },
  { part: 'the voice track (writing WAV)', marker: 'RIFF' },
  { part: 'the lesson editor (CodeMirror)', marker: 'cm-editor' },
  { part: 'the kernel analyzer (reading C++ syntax trees)', marker: 'function_definition' },
  { part: 'the exporter (WebCodecs)', marker: 'VideoEncoder' },
  { part: 'the lesson schema (TypeBox, for reading lesson files)', marker: 'TypeBox.Kind' },
];

test('a plain visit fetches none of the voice, editor, kernel or export code before its first frame', async ({
  page,
}) => {
  await watchFirstPaint(page);
  await openPlayer(page);
  const scripts = await page.waitForFunction(() => {
    const paintedAt = (window as unknown as { paintedAt?: number }).paintedAt;
    if (paintedAt === undefined) return false;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < paintedAt)
      .map((e) => new URL(e.name).pathname)
      .filter((path) => path.endsWith('.js'));
  });
  const built = readdirSync('dist/assets')
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(`dist/assets/${file}`, 'utf8'));
  for (const { part, marker } of LATER_PARTS)
    expect(
      built.some((code) => code.includes(marker)),
      `the build holds ${part}`,
    ).toBe(true);
  const fetched = (await scripts.jsonValue()) as string[];
  expect(fetched.length).toBeGreaterThan(3);
  const early = fetched.flatMap((path) => {
    const code = readFileSync(`dist${path}`, 'utf8');
    return LATER_PARTS.filter(({ marker }) => code.includes(marker)).map(({ part }) => `${path}: ${part}`);
  });
  expect(early).toEqual([]);
});

test('the first load carries no asset loader: the stage draws shapes and text, and loads no spritesheet', async ({
  page,
}) => {
  await openPlayer(page, 'scene=banks');
  await expect(page.locator('[data-painted-time]')).toBeAttached();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
  // Pixi's spritesheet loader names itself so (and brings the asset resolver with it); read from
  // Pixi's own file, so a rename in an upgrade cannot leave this test looking for nothing.
  const loader = 'spritesheetLoader';
  expect(readFileSync('node_modules/pixi.js/lib/spritesheet/spritesheetAsset.mjs', 'utf8')).toContain(`"${loader}"`);
  expect(scripts.length).toBeGreaterThan(3);
  for (const path of scripts) expect(readFileSync(`dist${path}`, 'utf8').includes(loader), path).toBe(false);
});

test('the fonts the first frame waits for are asked for as the page is parsed, each once, and each is used; the build ships no others', async ({
  page,
}) => {
  await openPlayer(page, 'scene=column-read');
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return {
      requests: performance
        .getEntriesByType('resource')
        .filter((e) => /\.woff2$/.test(e.name))
        .map((e) => ({ name: new URL(e.name).pathname, by: (e as PerformanceResourceTiming).initiatorType })),
      loaded: [...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family),
    };
  });
  // Inter (one variable file) and JetBrains Mono's two weights.
  expect(fonts.requests).toHaveLength(3);
  for (const request of fonts.requests) expect(request.by, request.name).toBe('link');
  expect(new Set(fonts.requests.map((r) => r.name)).size).toBe(3);
  expect(new Set(fonts.loaded)).toEqual(new Set(['Inter', 'JetBrains Mono']));
  // No fallback format beside them: a WOFF no supported browser asks for is dead weight in every deploy.
  const shipped = readdirSync('dist/assets').filter((name) => /\.(woff2?|ttf|otf|eot)$/.test(name));
  expect(shipped.sort()).toEqual(fonts.requests.map((r) => r.name.replace('/assets/', '')).sort());
});
