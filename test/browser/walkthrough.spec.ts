import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/player/createProgram';
import { openPlayer } from './player';

const program = createProgram(SCENES);
const state = (page: import('@playwright/test').Page) => page.locator('[data-player-state]');

test('the whole walkthrough plays start to end at high speed, offline, answering every question', async ({ page }) => {
  test.setTimeout(300_000);
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const { errors } = await openPlayer(page, 'speed=2');
  await page.locator('[data-control="reading-speed"]').selectOption('fast');
  await page.locator('[data-control="auto-advance"]').check();
  await page.keyboard.press('k');

  const seen = new Set<string>();
  for (;;) {
    await expect(state(page)).toHaveAttribute('data-player-state', /^(playing|awaitingPrediction|ended)$/);
    const title = (await page.getByTestId('scene-title').textContent())!;
    seen.add(title);
    const now = await state(page).getAttribute('data-player-state');
    if (now === 'awaitingPrediction') {
      const entry = program.find((p) => p.title === title)!;
      // A wrong answer first: the form insists on a number, then the reveal sets both side by side.
      await page.getByLabel('Your prediction').fill('many');
      await page.getByRole('button', { name: 'Reveal' }).click();
      await expect(page.getByTestId('prediction-slot')).toContainText('whole number');
      await page.getByLabel('Your prediction').fill(String(Number(entry.question!.answer) + 1));
      await page.getByRole('button', { name: 'Reveal' }).click();
      await expect(page.getByTestId('reveal-engine')).toHaveText(entry.question!.answer);
      await page.getByRole('button', { name: 'Watch it' }).click();
      continue;
    }
    if (title === 'Try it yourself' && (await page.getByTestId('question').count()) > 0) {
      const quiz = program.find((p) => p.id === 'try-it')!.quiz;
      for (const q of quiz) {
        const form = page.locator(`[data-testid="question"][data-question="${q.id}"]`);
        if (q.kind === 'number') await form.getByRole('textbox').fill(q.answer);
        else await form.getByLabel(q.answer).check();
        await form.getByRole('button', { name: 'Reveal' }).click();
        const reveal = page.locator(`[data-testid="reveal"][data-question="${q.id}"]`);
        await expect(reveal.getByTestId('reveal-engine')).toHaveText(q.answer);
        await expect(reveal.getByTestId('reveal-yours')).toHaveText(q.answer);
      }
    }
    if (now === 'ended') break;
    await page.waitForFunction(
      ([t, s]) =>
        document.querySelector('[data-testid="scene-title"]')!.textContent !== t ||
        document.querySelector('[data-player-state]')!.getAttribute('data-player-state') !== s,
      [title, now],
      { timeout: 120_000 },
    );
  }
  expect([...seen]).toEqual(program.map((p) => p.title));
  await expect(page.getByTestId('scene-title')).toHaveText(program.at(-1)!.title);
  // The last scene ends paused on its final state, with its final caption and every lane served.
  await expect(page.getByTestId('narration')).toHaveText(program.at(-1)!.beats.at(-1)!.text);
  await expect(page.getByTestId('round-current')).toHaveText((await page.getByTestId('round-count').textContent())!);
  const origin = new URL(page.url()).origin;
  expect(
    requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')),
  ).toEqual([]);
  expect(errors).toEqual([]);
});

test('each scene’s mirror matches the engine at its end, and its captions follow the beats', async ({ page }) => {
  for (const entry of program) {
    await openPlayer(page, `scene=${entry.id}`);
    if ((await state(page).getAttribute('data-player-state')) === 'awaitingPrediction') {
      await page.getByRole('button', { name: 'Skip' }).click();
    }
    await page.keyboard.press('End');
    const schedule = getSchedule(entry.access);
    await expect(page.getByTestId('round-current')).toHaveText(String(schedule.rounds));
    const cards = await page
      .getByTestId('bank-card')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.words));
    expect(cards).toEqual(schedule.banks.map((b) => b.queue.map((q) => q.word).join(',')));
    await expect(page.getByTestId('narration')).toHaveText(entry.beats.at(-1)!.text);
    await page.keyboard.press('Home');
    await expect(page.getByTestId('narration')).toHaveText(entry.beats[0].text);
  }
});

test('captions toggle with C, and the WebVTT download holds every beat in order', async ({ page }) => {
  await openPlayer(page, 'scene=padding');
  await expect(page.getByTestId('narration')).toBeVisible();
  await page.keyboard.press('c');
  await expect(page.getByTestId('narration')).toBeHidden();
  await expect(page.locator('[data-control="captions"]')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('c');
  await expect(page.getByTestId('narration')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.locator('[data-control="vtt"]').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('bank-conflicts-walkthrough.vtt');
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
  expect(text.startsWith('WEBVTT\n')).toBe(true);
  const cues = text.trim().split('\n\n').slice(1);
  expect(cues.map((c) => c.split('\n').slice(2).join('\n'))).toEqual(
    program.flatMap((p) =>
      p.beats.map((b) => b.text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')),
    ),
  );
  const times = cues.map((c) => c.split('\n')[1].split(' --> '));
  for (let i = 1; i < times.length; i++) expect(times[i][0] >= times[i - 1][1]).toBe(true);
  // No voice is offered headless, so the option is absent rather than broken.
  await expect(page.locator('[data-control="voice-option"]')).toBeHidden();
});

test('axe finds no serious or critical violation in any scene', async ({ page }) => {
  for (const entry of program) {
    await openPlayer(page, `scene=${entry.id}`);
    const results = await new AxeBuilder({ page }).analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${entry.id}: ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`)).toEqual([]);
  }
});
