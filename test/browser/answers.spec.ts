import { expect, test, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { createColumnAccess, getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { describeLane } from '../../src/program/describeLane';
import { placeCallouts } from '../../src/stage/placeCallouts';
import { COMPOSED_SCALE, COMPOSED_X, COMPOSED_Y, WIDE } from '../../src/stage/stageGeometry';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { unwrap } from '../unwrap';
import { getStagePoint, hashStageBox, openPlayer, probeStage } from './player';
import { quizOf } from '../panelContent';

const program = createProgram(SCENES);
const entry = (id: string) => program.find((p) => p.id === id)!;
const planOf = (id: string) => planTimeline(getSchedule(entry(id).access), entry(id).beats, READING_SPEEDS.normal);

/** Clicks lane `lane` where the stage draws it. */
async function clickLane(page: Page, lane: number): Promise<void> {
  const at = await getStagePoint(page, WIDE.across(lane), WIDE.laneAlong);
  await page.mouse.click(at.x, at.y);
}

test('selecting lanes 0 and 1 shows both their words, banks and rounds beside them on the stage, and in the presented frame', async ({
  page,
}) => {
  await openPlayer(page, 'scene=column-read&round=2');
  const schedule = getSchedule(unwrap(createColumnAccess({ col: 0, pitch: 32 })));
  const callouts = [describeLane(schedule, 0, true), describeLane(schedule, 1, true)];
  const boxes = placeCallouts(WIDE, callouts);
  const before = await Promise.all(boxes.map((box) => hashStageBox(page, box)));
  await clickLane(page, 0);
  await clickLane(page, 1);
  // Both boxes are drawn (they changed), side by side, under the lane row and clear of each other.
  const after = await Promise.all(boxes.map((box) => hashStageBox(page, box)));
  expect(after[0]).not.toBe(before[0]);
  expect(after[1]).not.toBe(before[1]);
  expect(boxes[0].x + boxes[0].width).toBeLessThanOrEqual(boxes[1].x);
  expect(callouts.map((c) => c.lines.join(' '))).toEqual([
    'L0 · word 0 · bank 0 round 1 of 32',
    'L1 · word 32 · bank 0 round 2 of 32',
  ]);
  // The link keeps them, and the page's inspector lists the same two lanes.
  await expect.poll(() => new URL(page.url()).searchParams.get('lane')).toBe('0,1');
  await expect(page.locator('[data-testid="lane-inspector"] h3')).toHaveText(['Lane L0', 'Lane L1']);
  // Presenting, the composed frame draws them too, at the stage's place in it.
  await page.keyboard.press('p');
  const composed = (box: (typeof boxes)[number]) => ({
    x: COMPOSED_X + box.x * COMPOSED_SCALE,
    y: COMPOSED_Y + box.y * COMPOSED_SCALE,
    width: box.width * COMPOSED_SCALE,
    height: box.height * COMPOSED_SCALE,
  });
  const drawn = await hashStageBox(page, composed(boxes[1]));
  // Lane 1 picked again, in the presented frame, puts its callout away there.
  const lane = await getStagePoint(
    page,
    COMPOSED_X + WIDE.across(1) * COMPOSED_SCALE,
    COMPOSED_Y + WIDE.laneAlong * COMPOSED_SCALE,
  );
  await page.mouse.click(lane.x, lane.y);
  await expect.poll(() => new URL(page.url()).searchParams.get('lane')).toBe('0');
  expect(await hashStageBox(page, composed(boxes[1]))).not.toBe(drawn);
});

test('an Enter that commits an Explore field does not answer the question it opens, and the field keeps focus', async ({
  page,
}) => {
  await openPlayer(page, 'mode=explore');
  await page.getByRole('button', { name: 'Skip' }).click();
  const pitch = page.locator('#explore-pitch');
  await pitch.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('34');
  await page.keyboard.press('Enter');
  await expect(page.locator('.player')).toHaveClass(/is-predicting/);
  await expect(page.getByTestId('prediction-slot').locator('.field-error')).toHaveText('');
  await expect(pitch).toBeFocused();
  await expect(pitch).toHaveValue('34');
});

test('at a scene’s end, “Next” sits beside the caption, off the stage', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  await page.keyboard.press('End');
  const next = page.locator('[data-control="next-scene"]');
  await expect(next).toBeVisible();
  const button = (await next.boundingBox())!;
  const stage = (await page.getByTestId('stage').boundingBox())!;
  expect(button.y).toBeGreaterThanOrEqual(stage.y + stage.height);
});

test('an alert about a bad link goes once the learner moves on', async ({ page }) => {
  await openPlayer(page, 'mode=explore&pitch=abc');
  await expect(page.getByTestId('alerts')).toContainText('pitch');
  await page.locator('[data-control="mode-lesson"]').click();
  await expect(page.getByTestId('alerts-box')).toBeHidden();
});

test('at 1280×720 the page has nothing below it to scroll to', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(720);
});

test('the side panel starts each scene at its top, and brings into view the panel the caption names', async ({
  page,
}) => {
  await openPlayer(page, 'scene=try-it');
  const aside = page.locator('.mirror');
  await aside.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.keyboard.press(']');
  await expect(page.getByTestId('scene-title')).toHaveText(entry('limits').title);
  expect(await aside.evaluate((el) => el.scrollTop)).toBe(0);
  // The padding scene's cost beat names the tile, which is scrolled into the side panel's view.
  const cost = planOf('padding').beats.find((b) => b.panel === 'tile' && b.cue === 'end')!;
  await openPlayer(page, `scene=padding&t=${cost.start}`);
  const tile = page.locator('[data-testid="scene-panel"] [data-testid="tile"]');
  await expect(tile).toHaveClass(/is-pointed/);
  await expect(tile).toBeInViewport();
});

test('each caption’s picture shows what it names: the row read’s tile, the broadcast beside the column read, a broadcast at the end', async ({
  page,
}) => {
  await openPlayer(page, 'scene=row-read');
  await expect(page.locator('[data-testid="scene-panel"] [data-testid="tile"]')).toBeVisible();
  const broadcast = planOf('broadcast').beats.find((b) => b.panel === 'table')!;
  await openPlayer(page, `scene=broadcast&t=${broadcast.start}`);
  const table = page.getByTestId('example-table');
  await expect(table).toContainText('broadcast');
  await expect(table).toContainText('column read');
  await expect(table.locator('tr[data-reveal="shown"][data-kind="word"] td')).toHaveText(
    ['0', '32', '64', '96', '128', '160', '192', '224'].map(String),
  );
  await openPlayer(page, 'scene=limits');
  const words = await page
    .getByTestId('lane-row')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.word));
  expect(new Set(words)).toEqual(new Set(['0']));
});

test('the column read’s “lanes fire” beat holds on every lane’s request, and the table cells it names filled', async ({
  page,
}) => {
  const fire = planOf('column-read').beats.find((b) => b.cue === 'flights')!;
  await openPlayer(page, `scene=column-read&t=${fire.start}`);
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(fire.start));
  await expect(page.getByTestId('narration')).toHaveText(fire.text);
  const live = page.locator('[data-testid="example-table"] tr[data-reveal="live"][data-kind="word"] td');
  await expect(live).toHaveText(['0', '32', '64', '96', '128', '160', '192', '224']);
});

test('the pitch sweep’s labels never run into each other', async ({ page }) => {
  await openPlayer(page, 'mode=explore&predict=off&pattern=column&pitch=33');
  // Explore's panel loads on first use: read the labels once the sweep of this access stands.
  await expect(page.locator('.sweep-bar[aria-current="true"]')).toHaveAttribute('data-pitch', '33');
  const labels = await page.locator('.sweep-ticks span').evaluateAll((spans) =>
    spans
      .filter((s) => s.textContent !== '')
      .map((s) => {
        const range = document.createRange();
        range.selectNodeContents(s);
        const r = range.getBoundingClientRect();
        return { text: s.textContent, left: r.left, right: r.right };
      }),
  );
  expect(labels.map((l) => l.text)).toContain('33');
  for (let i = 1; i < labels.length; i++) expect(labels[i].left, labels[i].text!).toBeGreaterThan(labels[i - 1].right);
});

test('the lane table is one tab stop: arrows move between its rows, Enter inspects', async ({ page }) => {
  await openPlayer(page, 'scene=column-read');
  expect(await page.locator('[data-testid="lane-row"][tabindex="0"]').count()).toBe(1);
  await page.locator('[data-testid="lane-row"][data-lane="0"]').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('[data-testid="lane-row"][data-lane="2"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-testid="lane-row"][data-lane="2"]')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="lane-row"]:focus')).toHaveCount(0);
});

test('“Try it yourself” asks in words too: an explanation is written, kept, then set beside the lesson’s', async ({
  page,
}) => {
  await openPlayer(page, 'scene=try-it');
  const first = quizOf(entry('try-it'))[0];
  const form = page.locator(`[data-testid="question"][data-question="${first.id}"]`);
  await form.getByRole('textbox').fill(first.answer);
  await form.getByRole('button', { name: 'Reveal' }).click();
  const explain = page.locator(`[data-testid="explain"][data-question="${first.id}"]`);
  await expect(explain).toContainText('which banks receive them');
  // The lesson's own explanation waits until the learner's is written.
  await expect(page.locator(`[data-testid="reveal"][data-question="${first.id}"]`)).not.toContainText(
    first.explanation,
  );
  await explain.getByRole('button', { name: 'Compare with the lesson' }).click();
  await expect(explain.getByRole('alert')).toContainText('write a sentence');
  await explain.getByRole('textbox').fill('Both words are multiples of 32, so both land in bank 0.');
  await explain.getByRole('button', { name: 'Compare with the lesson' }).click();
  const compared = page.locator(`[data-testid="explained"][data-question="${first.id}"]`);
  await expect(compared.getByTestId('explained-yours')).toHaveText(
    'Both words are multiples of 32, so both land in bank 0.',
  );
  await expect(compared.getByTestId('explained-lesson')).toHaveText(first.explanation);
  await page.reload();
  await expect(page.locator(`[data-testid="explained"][data-question="${first.id}"]`)).toContainText('multiples of 32');
});

test('the caption points with open corners, which no state’s solid outline looks like', async ({ page }) => {
  // The every-other scene's queued beat points at banks.
  const pointed = planOf('every-other').beats.find((b) => (b.highlight?.banks ?? []).length > 0)!;
  await openPlayer(page, `scene=every-other&t=${pointed.start}&predict=off`);
  if (await page.getByRole('button', { name: 'Skip' }).count())
    await page.getByRole('button', { name: 'Skip' }).click();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(pointed.start));
  const bank = pointed.highlight!.banks![0];
  const left = WIDE.across(bank) - (WIDE.queueWidth + 12) / 2;
  const top = WIDE.queueStart - 6;
  const yellow = (colours: string[]) =>
    colours.some((c) => Math.abs(parseInt(c.slice(1, 3), 16) - 0xf0) < 40 && parseInt(c.slice(5, 7), 16) < 120);
  expect(yellow(await probeStage(page, left + 2, top + 2, 3))).toBe(true);
  expect(yellow(await probeStage(page, WIDE.across(bank), top, 2))).toBe(false);
});

test('nothing beside an open question answers it: the swizzle’s rounds and its takeaways wait for the answer, and a link into the answer asks first', async ({
  page,
}) => {
  const state = page.locator('[data-player-state]');
  await openPlayer(page, 'scene=swizzle');
  await expect(state).toHaveAttribute('data-player-state', 'awaitingPrediction');
  // The tile says what the swizzle does, not what the read takes; the takeaways are not there yet.
  const note = page.getByTestId('tile-note');
  await expect(note).toContainText('Swizzle<5,0,5>', { useInnerText: true });
  await expect(note).not.toContainText('round', { useInnerText: true });
  const notes = page.locator('[data-panel="notes"]');
  await expect(notes).toBeHidden();
  await page.getByLabel('Your prediction').focus();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(state).toHaveAttribute('data-player-state', 'paused');
  await expect(note).toContainText('This read takes 1 round.', { useInnerText: true });
  await expect(notes).toBeVisible();
  await expect(notes).toContainText('Takeaways');

  // A link to the caption that says the answer, in a visit that never answered: the question first.
  const plan = planOf('swizzle');
  const says = plan.beats.find((b) => b.cue === 'round-1')!;
  await page.evaluate(() => localStorage.clear());
  await openPlayer(page, `scene=swizzle&t=${says.start}`);
  await expect(state).toHaveAttribute('data-player-state', 'awaitingPrediction');
  await expect(page.getByTestId('narration')).toHaveText(plan.beats[0].text);
  await expect(page.getByTestId('round-current')).toHaveText('0');
  await page.getByRole('button', { name: 'Skip' }).click();
  // Passed over, the link's moment comes: its caption, its round.
  await expect(page.getByTestId('narration')).toHaveText(says.text);
  await expect(page.getByTestId('round-current')).toHaveText('1');
  await expect(notes).toBeVisible();
});

test('after Skip the stage’s round counter gives the total: the question is no longer open', async ({ page }) => {
  await openPlayer(page, 'scene=swizzle');
  const state = page.locator('[data-player-state]');
  await expect(state).toHaveAttribute('data-player-state', 'awaitingPrediction');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', '0');
  // The right end of the header's "Round 0 / ?": the total, or the question mark in its place.
  const { x, y, size } = WIDE.counter;
  const total = { x: x - 1.5 * size, y: y - size / 2, width: 1.5 * size, height: size };
  const asking = await hashStageBox(page, total);
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(state).toHaveAttribute('data-player-state', 'paused');
  await expect.poll(() => hashStageBox(page, total)).not.toBe(asking);
  // What it shows is the total an answer shows.
  const skipped = await hashStageBox(page, total);
  await page.evaluate(() => localStorage.clear());
  await openPlayer(page, 'scene=swizzle');
  await page.getByLabel('Your prediction').focus();
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');
  await expect(state).toHaveAttribute('data-player-state', 'paused');
  await expect.poll(() => hashStageBox(page, total)).toBe(skipped);
});
