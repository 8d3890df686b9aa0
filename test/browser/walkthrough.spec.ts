import { expect, test, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram, type ProgramEntry } from '../../src/program/createProgram';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { findAxeViolations, openPlayer } from './player';
import { quizOf } from '../panelContent';

const program = createProgram(SCENES);
const state = (page: Page) => page.locator('[data-player-state]');

/** Answers a scene's prediction as a learner might: a non-number first, then wrong twice. */
async function answerWrongThenReveal(page: Page, entry: ProgramEntry): Promise<void> {
  await page.getByLabel('Your prediction').fill('many');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('prediction-slot')).toContainText('whole number');
  const wrong = String(Number(entry.question!.answer) + 1);
  await page.getByLabel('Your prediction').fill(wrong);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('prediction-slot')).toContainText('try once more');
  await page.getByLabel('Your prediction').fill(wrong);
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('verdict').getByTestId('reveal-engine')).toHaveText(entry.question!.answer);
}

/** Answers every question of a quiz panel and checks each reveal. */
async function answerQuiz(page: Page, entry: ProgramEntry): Promise<void> {
  for (const q of quizOf(entry)) {
    const form = page.locator(`[data-testid="question"][data-question="${q.id}"]`);
    if (q.kind === 'number') await form.getByRole('textbox').fill(q.answer);
    else await form.getByLabel(q.answer).check();
    await form.getByRole('button', { name: 'Reveal' }).click();
    const reveal = page.locator(`[data-testid="reveal"][data-question="${q.id}"]`);
    await expect(reveal.getByTestId('reveal-engine')).toHaveText(q.answer);
    await expect(reveal.getByTestId('reveal-yours')).toHaveText(q.answer);
  }
}

// The page wires the session that test/unit/walkthrough.test.ts walks through every scene in Node:
// here a learner predicts, answers a quiz, changes the reading speed and is carried over a scene
// boundary, in real time, in two scenes.
for (const id of ['every-other', 'try-it']) {
  const index = program.findIndex((p) => p.id === id);
  const entry = program[index];
  const next = program[index + 1];
  test(`${entry.id}: the last beat plays at 2×, offline, and hands over to ${next.id}`, async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const normal = planTimeline(getSchedule(entry.access), entry.beats, READING_SPEEDS.normal);
    const lastBeat = normal.beats.at(-1)!;
    const { errors } = await openPlayer(page, `scene=${entry.id}&t=${lastBeat.start}&speed=2`);
    if (entry.question) {
      // Asked over the scene's start (the link's moment would draw the answer), then the moment.
      await expect(state(page)).toHaveAttribute('data-player-state', 'awaitingPrediction');
      await expect(page.getByTestId('narration')).toHaveText(normal.beats[0].text);
      await answerWrongThenReveal(page, entry);
      await expect(page.getByTestId('narration')).toHaveText(lastBeat.text);
      await page.getByRole('button', { name: 'Watch it' }).click();
    }
    await expect(page.getByTestId('narration')).toHaveText(lastBeat.text);
    await page.locator('[data-control="auto-advance"]').check();
    // Changing the reading speed keeps the beat on screen and re-times it.
    await page.locator('[data-control="reading-speed"]').selectOption('fast');
    await expect(page.getByTestId('narration')).toHaveText(lastBeat.text);
    if (quizOf(entry).length > 0) await answerQuiz(page, entry);
    if ((await state(page).getAttribute('data-player-state')) !== 'playing') await page.keyboard.press('k');
    await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
    await expect(page.getByTestId('scene-title')).toHaveText(next.title);
    await expect(state(page)).toHaveAttribute('data-player-state', next.question ? 'awaitingPrediction' : 'playing');
    const origin = new URL(page.url()).origin;
    expect(
      requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')),
    ).toEqual([]);
    expect(errors).toEqual([]);
  });
}

// Every kind of thing the details show (each kind of panel, and a question), in as few scenes as
// cover them all, the scene with the most kinds not yet checked first: the rest of the page is the
// same player in every scene.
const kindsOf = (entry: ProgramEntry) => [...entry.panels, ...(entry.question ? ['question'] : [])];
const axeScenes: ProgramEntry[] = [];
for (let unchecked = new Set(program.flatMap(kindsOf)); unchecked.size > 0;) {
  const fresh = (entry: ProgramEntry) => kindsOf(entry).filter((kind) => unchecked.has(kind)).length;
  const best = program.reduce((a, b) => (fresh(b) > fresh(a) ? b : a));
  axeScenes.push(best);
  kindsOf(best).forEach((kind) => unchecked.delete(kind));
}
for (const entry of axeScenes) {
  test(`${entry.id}: axe finds no serious or critical violation`, async ({ page }) => {
    await openPlayer(page, `scene=${entry.id}`);
    expect(await findAxeViolations(page)).toEqual([]);
  });
}

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
