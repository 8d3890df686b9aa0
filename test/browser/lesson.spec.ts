import { expect, test, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { createSpec, createSpecAccess, getSchedule, type AccessSpec } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { unwrap } from '../unwrap';
import { openPlayer } from './player';
import { tableOf } from '../panelContent';

const program = createProgram(SCENES);
const entry = (id: string) => program.find((p) => p.id === id)!;
const scheduleOf = (parts: Partial<AccessSpec>) => getSchedule(unwrap(createSpecAccess(createSpec(parts))));

/** The worked example's cells as the learner sees them, row by row. */
const tableCells = (page: Page) =>
  page
    .getByTestId('example-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));

test('the padded preset: 32 useful columns, one hatched word a row, 4,224 bytes of which 128 padding, 1 round', async ({
  page,
}) => {
  await openPlayer(page, 'mode=explore');
  await page.getByLabel('Ask me to predict first').uncheck();
  await page.getByRole('button', { name: 'Padded column, pitch 33' }).click();
  await expect(page.getByLabel(/^Useful columns/)).toHaveValue('32');
  await expect(page.getByLabel(/^Row pitch/)).toHaveValue('33');
  await expect(page.getByTestId('round-count')).toHaveText('1');
  await expect(page.getByTestId('tile-cost')).toHaveText(
    '32 rows × 33 words × 4 bytes = 4,224 bytes, of which 128 are padding (1 word per row): the tile is 3.1% larger than its 4,096 useful bytes.',
  );
  // One hatched cell at the end of each of the 32 rows, and every requested word outlined.
  const tile = page.getByTestId('tile');
  await expect(tile.locator('rect[fill="url(#tile-padding)"]')).toHaveCount(32);
  await expect(tile.locator('rect.requested')).toHaveCount(32);
  expect(
    await tile.locator('rect[fill="url(#tile-padding)"]').evaluateAll((rects) => rects.map((r) => r.getAttribute('x'))),
  ).toEqual(Array.from({ length: 32 }, () => '320'));
  // The 1,024 useful words in their banks' colours: each colour's cells are the words of one bank
  // (word = row × 33 + column, bank = word mod 32), 32 of them in each of the 32 banks.
  const colours = await tile.locator('path').evaluateAll((paths) =>
    paths.map((p) => ({
      fill: p.getAttribute('fill'),
      cells: [...p.getAttribute('d')!.matchAll(/M(\d+) (\d+)/g)].map(([, x, y]) => [Number(y) / 10, Number(x) / 10]),
    })),
  );
  expect(new Set(colours.map((c) => c.fill)).size).toBe(32);
  const banks = colours.map(({ cells }) => new Set(cells.map(([row, column]) => (row * 33 + column) % 32)));
  expect(banks.map((bank) => bank.size)).toEqual(Array.from({ length: 32 }, () => 1));
  expect(new Set(banks.map((bank) => [...bank][0])).size).toBe(32);
  expect(colours.map((c) => c.cells.length)).toEqual(Array.from({ length: 32 }, () => 32));
});

test('the worked example: the pitch-32 rows fill in during the column read, the pitch-33 rows during padding', async ({
  page,
}) => {
  const column = tableOf(entry('column-read'))!;
  await openPlayer(page, 'scene=column-read');
  // Before any lane fires, nothing is known; the padded rows wait for the next scene.
  expect(await tableCells(page)).toEqual(Array.from({ length: 4 }, () => Array.from({ length: 8 }, () => '·')));
  await page.keyboard.press('End');
  expect(await tableCells(page)).toEqual([
    column.accesses[0].words,
    column.accesses[0].banks,
    Array.from({ length: 8 }, () => '·'),
    Array.from({ length: 8 }, () => '·'),
  ]);
  await openPlayer(page, 'scene=padding');
  await page.keyboard.press('End');
  const padding = tableOf(entry('padding'))!;
  const cells = await tableCells(page);
  expect(cells).toEqual([
    padding.accesses[0].words,
    padding.accesses[0].banks,
    padding.accesses[1].words,
    padding.accesses[1].banks,
  ]);
  // Read off the engine, these are the lesson's own four rows.
  const lanes = (pitch: number) => scheduleOf({ pattern: 'column', cols: 32, pitch }).lanes.slice(0, 8);
  expect(cells).toEqual([
    lanes(32).map((l) => String(l.word)),
    lanes(32).map((l) => String(l.bank)),
    lanes(33).map((l) => String(l.word)),
    lanes(33).map((l) => String(l.bank)),
  ]);
});

test('a table cell lights up while the narration names it', async ({ page }) => {
  const plan = planTimeline(
    getSchedule(entry('column-read').access),
    entry('column-read').beats,
    READING_SPEEDS.normal,
  );
  const flights = plan.beats.find((b) => b.cue === 'flights')!;
  await openPlayer(page, `scene=column-read&t=${flights.start}`);
  const lit = await page
    .getByTestId('example-table')
    .locator('td.is-highlighted')
    .evaluateAll((cells) => cells.map((c) => `${(c as HTMLElement).dataset.kind}${(c as HTMLElement).dataset.lane}`));
  expect(lit).toEqual(['word0', 'word1', 'word2']);
});

for (const [layout, query] of [
  ['plain', 'pattern=column&pitch=36'],
  ['padded', 'pattern=column&layout=padded'],
  ['XOR', 'pattern=column&pitch=32&layout=xor'],
] as const) {
  test(`the pitch sweep highlights the bar whose rounds the stage shows: ${layout}`, async ({ page }) => {
    await openPlayer(page, `mode=explore&${query}`);
    await page.getByLabel('Ask me to predict first').uncheck();
    const current = page.locator('.sweep-bar.is-current');
    await expect(current).toHaveCount(1);
    const rounds = (await page.getByTestId('round-count').textContent())!;
    await expect(current).toHaveAttribute('data-rounds', rounds);
    await expect(current).toHaveAttribute('data-pitch', (await page.getByLabel(/^Row pitch/).inputValue())!);
  });
}

test('the pitch sweep explains itself away for a word list, where pitch does not apply', async ({ page }) => {
  await openPlayer(page, 'mode=explore&words=0,1,2');
  await expect(page.getByTestId('pitch-sweep')).toContainText('applies to row and column reads');
  await expect(page.locator('.sweep-bar')).toHaveCount(0);
});

test('the pitch sweep marks a pitch the engine refuses as refused, with its reason, and does not load it', async ({
  page,
}) => {
  // ldmatrix rows start 16 bytes apart: halves at pitch 33 do not, at 40 they do.
  await openPlayer(page, 'mode=explore&predict=off&pattern=column&type=half&op=ldmatrix');
  const refused = page.locator('.sweep-bar[data-pitch="33"]');
  await expect(refused).toHaveAttribute('data-refused', 'true');
  await expect(refused).not.toHaveAttribute('data-rounds');
  await expect(refused).toHaveAccessibleName(
    /^Pitch 33, 1 word of padding: refused: lane 1's ldmatrix row starts at byte 66/,
  );
  // A person pressing it: the bar takes focus (it says why by its name) but loads nothing; a pitch
  // the engine accepts, pressed after it, loads.
  const link = page.url();
  await refused.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('alerts')).toBeEmpty();
  await expect(page.getByLabel(/^Row pitch/)).toHaveValue('32');
  expect(page.url()).toBe(link);
  const accepted = page.locator('.sweep-bar[data-pitch="40"]');
  await expect(accepted).toHaveAttribute('data-rounds', /^\d+$/);
  await accepted.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/^Row pitch/)).toHaveValue('40');
});

test('a scene’s tile panel has its heading on the page, as in the frame', async ({ page }) => {
  await openPlayer(page, 'scene=padding');
  const panel = page.locator('[data-testid="scene-panel"] [data-testid="tile"]');
  await expect(panel.getByRole('heading', { name: 'The tile in memory' })).toBeVisible();
  await expect(panel.locator('svg')).toBeVisible();
});

test('a tile too wide to draw is said so in Explore, with its cost still there', async ({ page }) => {
  await openPlayer(page, 'mode=explore&predict=off&pattern=row&pitch=200');
  const tile = page.getByTestId('tile');
  await expect(tile).toContainText('A row of 200 words is too wide to draw here.');
  await expect(tile.locator('svg')).toHaveCount(0);
  await expect(page.getByTestId('tile-cost')).toContainText('200 words × 4 bytes');
});

test('a lane can be inspected in a walkthrough scene, from the lane table or the stage', async ({ page }) => {
  const schedule = getSchedule(entry('column-read').access);
  await openPlayer(page, 'scene=column-read');
  await page.locator('[data-testid="lane-row"][data-lane="3"]').click();
  const inspector = page.getByTestId('lane-inspector');
  await expect(inspector).toContainText('Lane L3');
  await expect(inspector).toContainText(`Word${schedule.lanes[3].word}`);
  await expect(inspector).toContainText(`BankB${schedule.lanes[3].bank}`);
  await expect(inspector).toContainText(`Round${schedule.lanes[3].round} of ${schedule.rounds}`);
  await expect(inspector).toContainText('Tile row3');
  await expect.poll(() => new URL(page.url()).searchParams.get('lane')).toBe('3');
  await page.reload();
  await expect(page.getByTestId('lane-inspector')).toContainText('Lane L3');
});

test('every other word with the whole warp reaches its 2-round picture', async ({ page }) => {
  const full = entry('every-other-full');
  const schedule = getSchedule(full.access);
  expect(schedule.rounds).toBe(2);
  await openPlayer(page, 'scene=every-other-full');
  await page.getByLabel('Your prediction').fill('2');
  await page.getByRole('button', { name: 'Reveal' }).click();
  await expect(page.getByTestId('reveal-engine')).toHaveText('2');
  await page.getByRole('button', { name: 'Watch it' }).click();
  await page.keyboard.press('k');
  await page.keyboard.press('End');
  await expect(page.getByTestId('round-current')).toHaveText('2');
  const distinct = await page
    .getByTestId('bank-card')
    .evaluateAll((cards) => cards.map((c) => Number((c as HTMLElement).dataset.distinct)));
  expect(distinct).toEqual(Array.from({ length: 32 }, (_, bank) => (bank % 2 === 0 ? 2 : 0)));
});

test('each caption appears with the state it names: queued before round 1 in the banks scene', async ({ page }) => {
  const banks = entry('banks');
  const plan = planTimeline(getSchedule(banks.access), banks.beats, READING_SPEEDS.normal);
  const queued = plan.beats.find((b) => b.cue === 'queued')!;
  await openPlayer(page, `scene=banks&t=${queued.start + queued.hold - 0.05}`);
  await expect(page.getByTestId('narration')).toHaveText(queued.text);
  await expect(page.getByTestId('round-current')).toHaveText('0');
  const round = plan.beats.find((b) => b.cue === 'round-1')!;
  await openPlayer(page, `scene=banks&t=${round.start}`);
  await expect(page.getByTestId('narration')).toHaveText(round.text);
  await expect(page.getByTestId('round-current')).toHaveText('1');
});

test('at 1280×720 the header shows every scene’s title and its scene menu whole, and the transport stays on the first screen', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, `scene=${program[0].id}`);
  const menu = page.getByRole('combobox', { name: 'Scene' });
  for (const scene of program) {
    await menu.selectOption(scene.id);
    await expect(page.getByTestId('scene-title')).toHaveText(scene.title);
    const seen = await page.evaluate(() => {
      const title = document.querySelector<HTMLElement>('[data-testid="scene-title"]')!;
      const select = document.querySelector<HTMLSelectElement>('[data-control="scene"]')!;
      // Every piece of the title's text inside its own box (a box that clips would cut what is past it) and the page.
      const range = document.createRange();
      range.selectNodeContents(title);
      const box = title.getBoundingClientRect();
      const titleWhole = [...range.getClientRects()].every(
        (r) => r.left >= box.left - 0.5 && r.right <= Math.min(box.right, innerWidth) + 0.5,
      );
      // The chosen scene's name in the menu's font, beside the room the menu leaves it past its padding and arrow.
      const style = getComputedStyle(select);
      const probe = document.createElement('span');
      probe.style.font = style.font;
      // The shorthand leaves out the ligatures the page's fields turn off (contextual alternates).
      probe.style.fontVariantLigatures = style.fontVariantLigatures;
      probe.style.whiteSpace = 'pre';
      probe.textContent = select.selectedOptions[0].text;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
      const edge = select.getBoundingClientRect().right;
      const play = document.querySelector('[data-control="play"]')!.getBoundingClientRect();
      return { titleWhole, menuWhole: needed <= room && edge <= innerWidth, transport: play.bottom <= innerHeight };
    });
    expect(seen, scene.title).toEqual({ titleWhole: true, menuWhole: true, transport: true });
  }
  expect(errors).toEqual([]);
});
