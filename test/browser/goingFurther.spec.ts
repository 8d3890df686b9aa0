import { expect, test } from '@playwright/test';
import { CHAPTERS, SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { getChapters } from '../../src/program/getChapters';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { openPlayer } from './player';

const program = createProgram(SCENES);
const chapters = getChapters(SCENES, 'The walkthrough', CHAPTERS);
const [lesson, further] = chapters;
const state = (page: import('@playwright/test').Page) => page.locator('[data-player-state]');

test('the lesson ends by offering Going further; its first scene asks, reveals the engine’s answer and plays', async ({
  page,
}) => {
  const last = program[lesson.last];
  const first = program[further.first];
  const lastPlan = planTimeline(getSchedule(last.access), last.beats, READING_SPEEDS.normal);
  await openPlayer(page, `scene=${last.id}&t=${(lastPlan.duration - 0.5).toFixed(2)}`);
  // The scene menu groups the scenes by chapter, numbered through the lesson, each valued by its id.
  const menu = page.locator('[data-control="scene"]');
  expect(await menu.locator('optgroup').evaluateAll((groups) => groups.map((g) => g.getAttribute('label')))).toEqual(
    chapters.map((c) => c.title),
  );
  await expect(menu.locator(`optgroup[label="${further.title}"] option`).first()).toHaveText(
    `${further.first + 1}. ${first.title}`,
  );
  expect(
    await menu.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
  ).toEqual(program.map((p) => p.id));
  await expect(menu.locator(`optgroup[label="${lesson.title}"] option`)).toHaveCount(lesson.last + 1);

  // At the lesson's end, auto-advance on, the player stops and offers the next chapter by name.
  await page.locator('[data-control="auto-advance"]').check();
  await page.locator('[data-control="play"]').click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'ended');
  const next = page.locator('[data-control="next-scene"]');
  await expect(next).toHaveText(`Next chapter: ${further.title} ▶`);
  await expect(page.getByTestId('scene-title')).toHaveText(last.title);

  await next.click();
  await expect(page.getByTestId('scene-title')).toHaveText(first.title);
  await expect(state(page)).toHaveAttribute('data-player-state', 'awaitingPrediction');
  await expect(menu.locator('option:checked')).toHaveText(`${further.first + 1}. ${first.title}`);
  const rounds = getSchedule(first.access).rounds;
  await page.getByLabel('Your prediction').fill('1');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('prediction-slot')).toContainText('try once more');
  await page.getByLabel('Your prediction').fill(String(rounds));
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('verdict').getByTestId('reveal-engine')).toHaveText(String(rounds));
  await page.getByRole('button', { name: 'Watch it' }).click();
  await expect(state(page)).toHaveAttribute('data-player-state', 'playing');
  // The first beat's caption, then the phases the scene is about, from the engine.
  const plan = planTimeline(getSchedule(first.access), first.beats, READING_SPEEDS.normal);
  await expect(page.getByTestId('narration')).toHaveText(plan.beats[0].text);
  await expect(page.getByTestId('phase-count')).toHaveText(String(getSchedule(first.access).phases.length));
  // Keys 1–9 stay on the lesson's scenes.
  await page.keyboard.press('2');
  await expect(page.getByTestId('scene-title')).toHaveText(program[1].title);
});
