import { expect, test } from '@playwright/test';
import { CHAPTERS, SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { getChapters } from '../../src/program/getChapters';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { createSceneAccess } from '../../scenes/getSceneFacts';
import { unwrap } from '../unwrap';
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

// The comparisons these scenes narrate fill their table rows when the caption names them, from the engine.
for (const [id, name] of [
  ['half-precision', 'column'],
  ['thread-block', 'padded'],
  ['ldmatrix', 'plain'],
] as const)
  test(`${id}: the ${name} rows its last captions narrate fill in from the engine, dots until then`, async ({
    page,
  }) => {
    const scene = SCENES.find((s) => s.id === id)!;
    const lanes = getSchedule(unwrap(createSceneAccess(scene.compare![name])).access).lanes.slice(0, 8);
    const { errors } = await openPlayer(page, `scene=${id}&speed=2`);
    await page.getByRole('button', { name: 'Skip' }).click();
    const later = page.locator('[data-testid="example-table"] tr[data-reveal="later"]');
    await expect(later).toHaveCount(2);
    await expect(later.first().locator('td')).toHaveText(Array(8).fill('·'));
    // Beat by beat, as a clicker steps (at twice the speed), to the caption that names the compared access.
    const narration = page.getByTestId('narration');
    const naming = program.find((p) => p.id === id)!.beats[scene.beats.findIndex((b) => b.text.includes(`{${name}.`))];
    for (let step = 0; step < scene.beats.length; step++) {
      const shown = await narration.textContent();
      if (shown === naming.text) break;
      await expect(later.first().locator('td')).toHaveText(Array(8).fill('·'));
      await page.keyboard.press('PageDown');
      await expect(narration).not.toHaveText(shown ?? '');
    }
    await expect(narration).toHaveText(naming.text);
    await expect(later.first().locator('td')).toHaveText(lanes.map((l) => String(l.word)));
    await expect(later.nth(1).locator('td')).toHaveText(lanes.map((l) => String(l.bank)));
    await expect(later.nth(1).locator('td.is-highlighted')).toHaveCount(8);
    expect(errors).toEqual([]);
  });

/**
 * Each line of the code panel's listing as a person sees it: how many rows it takes, whether every
 * piece of its text lies inside the panel, whether its continuations hang in from its first row, and
 * the marker a continuation shows; with the listing's type size.
 */
async function readListing(page: import('@playwright/test').Page) {
  return page.getByTestId('code').evaluate((pre) => {
    const box = pre.getBoundingClientRect();
    const lines = [...pre.querySelectorAll<HTMLElement>('.code-line')].map((line) => {
      // What shows: each run of characters other than spaces (a space left at a wrap shows nothing).
      const node = line.firstChild as Text;
      const rects = [...line.textContent!.matchAll(/\S+/g)].flatMap((run) => {
        const range = document.createRange();
        range.setStart(node, run.index);
        range.setEnd(node, run.index + run[0].length);
        return [...range.getClientRects()].filter((r) => r.width > 0);
      });
      const rows = [...new Set(rects.map((r) => Math.round(r.top)))];
      const firstLeft = Math.min(...rects.filter((r) => Math.round(r.top) === rows[0]).map((r) => r.left));
      const text = line.textContent!;
      return {
        text,
        rows: rows.length,
        inside: rects.every((r) => r.left >= box.left - 0.5 && r.right <= box.right + 0.5),
        hangs: rects.filter((r) => Math.round(r.top) !== rows[0]).every((r) => r.left > firstLeft + 8),
        marker: getComputedStyle(line, '::before').content,
      };
    });
    return { fontSize: parseFloat(getComputedStyle(pre).fontSize), scrolls: pre.scrollWidth > pre.clientWidth, lines };
  });
}

for (const [width, height] of [
  [1280, 720],
  [390, 844],
] as const)
  test.describe(`at ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    for (const [id, long] of [
      ['thread-block', 'out[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];'],
      ['ldmatrix', 'asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"'],
      ['cuda', null],
    ] as const)
      test(`${id}: its code listing reads whole, in 12 px type or more, a long line wrapped with a marked continuation`, async ({
        page,
      }) => {
        await openPlayer(page, `scene=${id}`);
        await expect(page.getByTestId('code')).toBeVisible();
        const listing = await readListing(page);
        expect(listing.fontSize).toBeGreaterThanOrEqual(12);
        expect(listing.scrolls).toBe(false);
        for (const line of listing.lines) {
          expect(line.inside, line.text).toBe(true);
          if (line.rows > 1) expect([line.hangs, line.marker], line.text).toEqual([true, expect.stringContaining('↪')]);
        }
        if (long) expect(listing.lines.find((l) => l.text.trim() === long)?.rows, long).toBeGreaterThan(1);
      });
  });
