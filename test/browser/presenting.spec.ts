import { expect, test, type Download, type Page } from '@playwright/test';
import { CHAPTERS, SCENES, type PanelKind } from '../../scenes';
import { getSchedule, readWrittenSpec } from '../../src/engine';
import { createExploreEntry } from '../../src/program/createExploreEntry';
import { createProgram } from '../../src/program/createProgram';
import { preparePanel, type PanelRecords } from '../../src/panels/panelKinds';
import { getBankColour, PALETTE } from '../../src/stage/palette';
import {
  BARE_SCALE,
  COMPOSED_SCALE,
  COMPOSED_X,
  COMPOSED_Y,
  columnX,
  PANEL_X,
  STAGE_HEIGHT,
  STAGE_WIDTH,
} from '../../src/stage/stageGeometry';
import { getFrame } from '../../src/timeline/getFrame';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { unwrap } from '../unwrap';
import { compareWithPng, findAxeViolations, hashStageBox, openPlayer, readCanvas } from './player';
import { quizOf, tableOf } from '../panelContent';

const program = createProgram(SCENES);
const entry = (id: string) => program.find((p) => p.id === id)!;
const state = (page: Page) => page.locator('[data-player-state]');
const bytesOf = async (download: Download) =>
  new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray()));

// Every scene's walk by clicker alone runs in Node on the same session (test/unit/walkthrough.test.ts);
// here the page: each PageDown paints its beat's moment, and the frame changes with its caption.
test('broadcast: PageDown alone walks every beat in presentation mode, each painted frame its beat’s', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const scene = entry('broadcast');
  const plan = planTimeline(getSchedule(scene.access), scene.beats, READING_SPEEDS.normal);
  await openPlayer(page, `scene=${scene.id}&present&speed=2`);
  const stage = page.getByTestId('stage');
  let previous = '';
  for (const beat of plan.beats) {
    if (beat !== plan.beats[0]) await page.keyboard.press('PageDown');
    await expect(page.getByTestId('narration')).toHaveText(beat.text, { timeout: 20_000 });
    await expect(state(page)).toHaveAttribute('data-player-state', 'paused', { timeout: 20_000 });
    await expect(stage).toHaveAttribute('data-painted-time', String(beat.start));
    const { hash } = await readCanvas(page);
    expect(hash, beat.text).not.toBe(previous);
    previous = hash;
  }
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('scene-title')).toHaveText(program[program.indexOf(scene) + 1].title);
});

async function openExport(page: Page) {
  await page.locator('[data-control="export"]').click();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  return page.getByTestId('export-form');
}

test('presenting live, a PNG snapshot and an exported frame of the padding scene’s cost beat are the same picture, tile and all', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const padding = entry('padding');
  const plan = planTimeline(getSchedule(padding.access), padding.beats, READING_SPEEDS.normal);
  const cost = plan.beats.find((b) => b.text.startsWith('The cost'))!;
  await openPlayer(page, `scene=padding&present&t=${cost.start}`);
  await expect(page.getByTestId('narration')).toHaveText(cost.text);
  await page.keyboard.press('Escape');
  const form = await openExport(page);
  await form.getByLabel('1280×720').check();
  await expect(form.getByLabel('Burn captions into the frames')).toBeChecked();
  const snapshot = page.waitForEvent('download');
  await form.getByRole('button', { name: 'PNG snapshot' }).click();
  const png = await bytesOf(await snapshot);
  await form.getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('p');
  await expect(page.locator('.player')).toHaveClass(/is-presenting/);
  // Live presenting against the snapshot: the same frame, drawn the same way.
  const live = await compareWithPng(page, png);
  expect(live.mean).toBeLessThan(1);
  expect(live.far).toBeLessThan(0.001);
  // The picture holds the tile: the padding panel's right side is far from empty.
  const blank = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
    const copy = new OffscreenCanvas(canvas.width, canvas.height);
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(
      Math.round(canvas.width * 0.7),
      0,
      Math.round(canvas.width * 0.28),
      canvas.height,
    );
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7) colours.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return colours.size;
  });
  expect(blank).toBeGreaterThan(40);

  // An exported clip from that moment: its first decoded frame against the same snapshot.
  await page.keyboard.press('Escape');
  const again = await openExport(page);
  await again.getByRole('button', { name: 'Mark in here' }).click();
  await again.getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('.');
  await page.keyboard.press('.');
  await openExport(page);
  await again.getByRole('button', { name: 'Mark out here' }).click();
  await again.getByLabel('From the in mark to the out mark').check();
  await again.getByLabel('1280×720').check();
  await again.getByLabel('Also save them as WebVTT').uncheck();
  const clip = page.waitForEvent('download');
  await again.getByRole('button', { name: 'Export video' }).click();
  const video = await bytesOf(await clip);
  const frame = await compareWithPng(page, png, { video, at: 0.5 / 30 });
  // H.264 is lossy: the same tolerance as the export test's frame checks.
  expect(frame.mean).toBeLessThan(3);
  expect(frame.far).toBeLessThan(0.005);
});

/** The rows of the panel column where the code's highlight bar (solid orange) is drawn. */
async function highlightRows(page: Page): Promise<number[]> {
  return page.evaluate((panelX) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
    const copy = new OffscreenCanvas(canvas.width, canvas.height);
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    // The bar's left edge sits just left of the panel column.
    const x = Math.round(((panelX - 6) / 1920) * canvas.width);
    const { data } = ctx.getImageData(x, 0, 1, canvas.height);
    const rows: number[] = [];
    for (let y = 0; y < canvas.height; y++) {
      const [r, g, b] = [data[y * 4], data[y * 4 + 1], data[y * 4 + 2]];
      if (Math.abs(r - 0xe6) < 30 && Math.abs(g - 0x9f) < 30 && b < 60) rows.push(y);
    }
    return rows;
  }, PANEL_X);
}

test('the CUDA scene’s highlighted line moves with its beats, in the presented frame', async ({ page }) => {
  const cuda = entry('cuda');
  const plan = planTimeline(getSchedule(cuda.access), cuda.beats, READING_SPEEDS.normal);
  const shared = plan.beats.find((b) => b.highlight?.code?.some((c) => c.includes('__shared__')))!;
  const barrier = plan.beats.find((b) => b.highlight?.code?.some((c) => c.includes('__syncthreads')))!;
  await openPlayer(page, `scene=cuda&present&t=${shared.start}`);
  const first = await highlightRows(page);
  expect(first.length).toBeGreaterThan(5);
  await openPlayer(page, `scene=cuda&present&t=${barrier.start}`);
  const second = await highlightRows(page);
  expect(second.length).toBeGreaterThan(5);
  // The barrier is five lines below the declaration in the kernel.
  expect(Math.min(...second)).toBeGreaterThan(Math.max(...first));
});

/**
 * Where each colour is in a PNG's panel column (from the code band's edge, 8 px left of the panels):
 * its pixels in each row and each column, and in each row of its busiest column.
 */
async function readPanelColours(page: Page, png: Uint8Array, colours: Record<string, number>) {
  return page.evaluate(
    async ({ png, colours, left }) => {
      const image = await createImageBitmap(
        new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }),
      );
      const ctx = new OffscreenCanvas(image.width, image.height).getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const x0 = Math.floor(left * image.width);
      const [width, height] = [image.width - x0, image.height];
      const { data } = ctx.getImageData(x0, 0, width, height);
      return Object.fromEntries(
        Object.entries(colours).map(([name, colour]) => {
          const [r, g, b] = [(colour >> 16) & 255, (colour >> 8) & 255, colour & 255];
          const hit = new Uint8Array(width * height);
          const rows = new Array<number>(height).fill(0);
          const columns = new Array<number>(width).fill(0);
          for (let i = 0; i < width * height; i++) {
            const d = Math.max(Math.abs(data[4 * i] - r), Math.abs(data[4 * i + 1] - g), Math.abs(data[4 * i + 2] - b));
            if (d > 3) continue;
            hit[i] = 1;
            rows[Math.floor(i / width)]++;
            columns[i % width]++;
          }
          const busiest = columns.indexOf(Math.max(...columns));
          const inBusiest = rows.map((_, y) => hit[y * width + busiest]);
          return [name, { rows, columns, inBusiest }];
        }),
      );
    },
    { png: Buffer.from(png).toString('base64'), colours, left: (PANEL_X - 12) / STAGE_WIDTH },
  );
}

/**
 * How many separate stretches of a profile hold at least `least` pixels (a gap of `gap` or fewer
 * joins two), counting only stretches at least `length` long.
 */
function countRuns(profile: readonly number[], least = 1, gap = 0, length = 1): number {
  let runs = 0;
  let [start, since] = [-1, Infinity];
  const end = (at: number) => {
    if (start >= 0 && at - start >= length) runs++;
  };
  profile.forEach((n, i) => {
    if (n >= least) {
      if (since > gap) {
        end(i - since);
        start = i;
      }
      since = 0;
    } else since++;
  });
  end(profile.length - since);
  return runs;
}

/** The first beat's start at which a scene's panel of `kind` records `has`: the moment to export. */
function findMoment<K extends PanelKind>(id: string, kind: K, has: (record: PanelRecords[K]) => boolean) {
  const scene = entry(id);
  const plan = planTimeline(getSchedule(scene.access), scene.beats, READING_SPEEDS.normal);
  const record = (t: number) =>
    preparePanel(kind, scene, plan.schedule)!({ frame: getFrame(plan, t), plan, predicted: false, answer: null });
  const beat = plan.beats.find((b) => has(record(b.start)))!;
  return { t: beat.start, record: record(beat.start) };
}

/** Exports the frame on screen as a 1920×1080 PNG, through the export dialog. */
async function exportFrame(page: Page, query: string): Promise<Uint8Array> {
  await openPlayer(page, query);
  const skip = page.getByRole('button', { name: 'Skip' });
  if (await skip.count()) await skip.click();
  const form = await openExport(page);
  await form.getByLabel('1920×1080').check();
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'PNG snapshot' }).click();
  return bytesOf(await download);
}

/** The last index at which a profile holds anything. */
const lastOf = (profile: readonly number[]) => profile.length - 1 - [...profile].reverse().findIndex((n) => n > 0);

const groupsOf = (lines: readonly number[]) => lines.filter((line, i) => i === 0 || line !== lines[i - 1] + 1).length;

// Each panel's own content, read back from an exported frame by the colours it is drawn in, and
// counted against the panel's record at that moment (the page's panel draws the same record).
test('the table panel is drawn in an exported frame: its lit cells where the record lights them', async ({ page }) => {
  const { t, record } = findMoment('column-read', 'table', (r) => r.rows.some((row) => row.cells.some((c) => c.lit)));
  const lit = record.rows.flatMap((row, r) => row.cells.filter((c) => c.lit).map((c) => ({ r, lane: c.lane })));
  const { serving } = await readPanelColours(page, await exportFrame(page, `scene=column-read&t=${t}`), {
    serving: PALETTE.serving,
  });
  // Each lit cell is boxed in orange: as many columns and rows of boxes as the record lights.
  expect(countRuns(serving.columns)).toBe(new Set(lit.map((c) => c.lane)).size);
  expect(countRuns(serving.rows)).toBe(new Set(lit.map((c) => c.r)).size);
});

test('the table’s note is drawn in an exported frame under its rows, as the page shows it under the table', async ({
  page,
}) => {
  const { rule, muted } = await readPanelColours(page, await exportFrame(page, 'scene=column-read&t=5'), {
    rule: PALETTE.rule,
    muted: PALETTE.textMuted,
  });
  // The table's rules are its longest rows of the rule's colour; the note is muted text under the
  // last, beside the stage (the caption's band is under it).
  const rules = rule.rows.map((n) => (n > 300 ? n : 0));
  expect(countRuns(rules)).toBe(tableOf(entry('column-read'))!.accesses.length * 2);
  const below = muted.rows.slice(lastOf(rules) + 1, Math.floor(COMPOSED_Y + STAGE_HEIGHT * COMPOSED_SCALE));
  expect(countRuns(below, 1, 2), 'lines of the note').toBeGreaterThanOrEqual(1);
});

test('a tile too wide to draw is described in an exported frame, not drawn, as on the page', async ({ page }) => {
  const scene = unwrap(createExploreEntry(unwrap(readWrittenSpec({ pattern: 'row', pitch: 200 }))));
  const plan = planTimeline(getSchedule(scene.access), scene.beats, READING_SPEEDS.normal);
  const record = preparePanel('tile', scene, plan.schedule)!({
    frame: getFrame(plan, 0),
    plan,
    predicted: false,
    answer: null,
  });
  expect(record.tooWide).not.toBeNull();
  const banks = [...new Set(record.cells.filter((b) => b !== null))];
  const found = await readPanelColours(
    page,
    await exportFrame(page, 'mode=explore&predict=off&pattern=row&pitch=200'),
    Object.fromEntries(banks.map((b) => [b, getBankColour(b, record.banks)])),
  );
  const drawn = banks.filter((b) => found[b].rows.reduce((sum, n) => sum + n, 0) > 0);
  expect(drawn, 'banks with a cell of their colour').toEqual([]);
});

for (const [name, id, query] of [
  ['tile', 'padding', 'scene=padding&t=40'],
  ['Explore’s tile', null, 'mode=explore&predict=off&pattern=column&pitch=34'],
] as const) {
  test(`the ${name} panel is drawn in an exported frame: every bank’s colour, as the record colours its cells`, async ({
    page,
  }) => {
    const scene = id
      ? entry(id)
      : unwrap(createExploreEntry(unwrap(readWrittenSpec({ pattern: 'column', pitch: 34 }))));
    const plan = planTimeline(getSchedule(scene.access), scene.beats, READING_SPEEDS.normal);
    const record = preparePanel('tile', scene, plan.schedule)!({
      frame: getFrame(plan, 0),
      plan,
      predicted: false,
      answer: null,
    });
    const banks = [...new Set(record.cells.filter((b) => b !== null))];
    const found = await readPanelColours(
      page,
      await exportFrame(page, query),
      Object.fromEntries(banks.map((b) => [b, getBankColour(b, record.banks)])),
    );
    const missing = banks.filter((b) => found[b].rows.reduce((sum, n) => sum + n, 0) < 20);
    expect(missing, 'banks with no cell of their colour').toEqual([]);
  });
}

test('the code panel is drawn in an exported frame: keywords coloured, a band on each stretch of lit lines', async ({
  page,
}) => {
  const { t, record } = findMoment('cuda', 'code', (r) => r.lit.length > 0);
  const { request, serving } = await readPanelColours(page, await exportFrame(page, `scene=cuda&t=${t}`), {
    request: PALETTE.request,
    serving: PALETTE.serving,
  });
  expect(countRuns(request.rows), 'lines with a keyword').toBeGreaterThan(3);
  // The band's edge is the busiest orange column, solid down each stretch of lit lines (a line is
  // over 30 px tall at 1080p); numbers in the code are orange too, in strokes a few pixels long.
  expect(countRuns(serving.inBusiest, 1, 0, 30)).toBe(groupsOf(record.lit));
});

test('the quiz panel is drawn in an exported frame: an answer line under each of its questions', async ({ page }) => {
  const scene = entry('try-it');
  const { served } = await readPanelColours(page, await exportFrame(page, 'scene=try-it&t=5'), {
    served: PALETTE.served,
  });
  expect(countRuns(served.rows, 1, 2)).toBe(quizOf(scene).length);
});

test('the references and notes panel is drawn in an exported frame: each reference’s reason, then the notes', async ({
  page,
}) => {
  const scene = entry('limits');
  const { muted, text } = await readPanelColours(page, await exportFrame(page, 'scene=limits&t=5'), {
    muted: PALETTE.textMuted,
    text: PALETTE.text,
  });
  // A reference is its title, then why it is there in muted text; the notes follow, in body text.
  expect(countRuns(muted.rows, 1, 2)).toBeGreaterThanOrEqual(scene.scene!.references!.length);
  const lastReason = lastOf(muted.rows);
  const linesAfter = countRuns(text.rows.slice(lastReason + 1), 1, 2);
  expect(linesAfter).toBeGreaterThanOrEqual(scene.scene!.notes!.reduce((n, notes) => n + 1 + notes.items.length, 0));
});

test('the question panel is drawn in an exported frame: its box, its prompt and what the room is asked to do', async ({
  page,
}) => {
  const { serving, text, muted } = await readPanelColours(page, await exportFrame(page, 'scene=every-other&t=5'), {
    serving: PALETTE.serving,
    text: PALETTE.text,
    muted: PALETTE.textMuted,
  });
  // The box: its top and bottom edges are the only long orange rows.
  const wide = serving.rows.map((n) => (n > 200 ? n : 0));
  expect(countRuns(wide)).toBe(2);
  const [top, bottom] = [wide.findIndex((n) => n > 0), lastOf(wide)];
  expect(countRuns(text.rows.slice(top, bottom), 1, 2), 'heading and prompt lines').toBeGreaterThanOrEqual(2);
  expect(countRuns(muted.rows.slice(top, bottom), 1, 2), '“Predict, then watch the rounds.”').toBeGreaterThanOrEqual(1);
});

test('presentation mode passes axe with a question asked of the room', async ({ page }) => {
  await openPlayer(page, 'scene=every-other&present');
  expect(await findAxeViolations(page)).toEqual([]);
});

test('outside presentation mode, PageDown and Esc reach the player from a prediction field', async ({ page }) => {
  await openPlayer(page, 'scene=every-other');
  await expect(page.getByLabel('Your prediction')).toBeFocused();
  await page.keyboard.press('PageDown');
  // The clicker reveals the answer to the room, as when presenting: no one's answer is judged.
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await expect(page.getByTestId('prediction-slot')).toBeEmpty();
  await openPlayer(page, 'scene=every-other-full');
  await page.getByLabel('Your prediction').fill('7');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('scene-title')).toHaveText(entry('every-other').title);
});

test('P right after a scene that asks is chosen from the menu presents it, and types nothing into the field', async ({
  page,
}) => {
  await openPlayer(page, 'scene=banks');
  const menu = page.getByRole('combobox', { name: 'Scene' });
  await menu.focus();
  await menu.selectOption('every-other');
  await expect(page.getByLabel('Your prediction')).toBeVisible();
  await page.getByLabel('Your prediction').focus();
  await page.keyboard.press('p');
  await expect(page.locator('.player')).toHaveClass(/is-presenting/);
  // Presenting asks the room: the field is gone, and nothing was typed into it on the way.
  await expect(page.getByLabel('Your prediction')).toHaveCount(0);
  await page.keyboard.press('p');
  await expect(page.locator('.player')).not.toHaveClass(/is-presenting/);
  await expect(page.getByLabel('Your prediction')).toHaveValue('');
});

test('presenting says where the lecture is: the chapter, and the scene’s place in it', async ({ page }) => {
  const further = SCENES.findIndex((s) => s.id === CHAPTERS[1].start);
  const place = SCENES.findIndex((s) => s.id === 'swizzle') - further + 1;
  await openPlayer(page, 'scene=swizzle&present');
  const marker = page.getByTestId('presenting-marker');
  await expect(marker).toHaveText(`${CHAPTERS[1].title} · scene ${place} of ${SCENES.length - further}`);
  await expect(marker).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(marker).toBeHidden();
});

test('at the lesson chapter’s last beat the clicker goes on into the next chapter, offered in the presented picture', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const last = entry('limits');
  const first = entry(CHAPTERS[1].start);
  await openPlayer(page, `scene=${last.id}&present&speed=2`);
  const next = page.locator('[data-control="next-scene"]');
  for (const beat of last.beats.slice(1)) {
    await expect(next).toBeHidden();
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('narration')).toHaveText(beat.text, { timeout: 20_000 });
    await expect(state(page)).toHaveAttribute('data-player-state', 'paused', { timeout: 20_000 });
  }
  // Where the next step goes, in the projected picture: the next chapter, by name.
  await expect(next).toBeVisible();
  await expect(next).toHaveText(`Next chapter: ${CHAPTERS[1].title} ▶`);
  await expect(next).toHaveAttribute('title', /PageDown/);
  const box = (await next.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(720);
  expect(box.x).toBeGreaterThanOrEqual(0);
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('scene-title')).toHaveText(first.title);
  await expect(state(page)).toHaveAttribute('data-player-state', 'awaitingPrediction');
  await expect(next).toBeHidden();
  // And back across the chapter's start, to its last beat.
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('scene-title')).toHaveText(last.title);
  await expect(page.getByTestId('narration')).toHaveText(last.beats.at(-1)!.text);
});

test('PageUp into a scene whose question was never answered asks it over the scene’s start, and the next PageUp goes on back', async ({
  page,
}) => {
  const asks = entry('wide-phases');
  await openPlayer(page, 'scene=vector-padding&present');
  await page.keyboard.press('PageDown');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('scene-title')).toHaveText(asks.title);
  await expect(state(page)).toHaveAttribute('data-player-state', 'awaitingPrediction');
  // Its first caption and no round served: nothing of the answer is drawn under the question.
  await expect(page.getByTestId('narration')).toHaveText(asks.beats[0].text);
  await expect(page.getByTestId('round-current')).toHaveText('0');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', '0');
  // Never stuck at the question: on back, across the chapter's start.
  await page.keyboard.press('PageUp');
  await expect(page.getByTestId('scene-title')).toHaveText(entry('limits').title);
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('scene-title')).toHaveText(asks.title);
  await expect(state(page)).toHaveAttribute('data-player-state', 'awaitingPrediction');
  await page.keyboard.press('PageDown');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('narration')).toHaveText(asks.beats[1].text);
});

test('Esc out of presentation shows the hidden pointer at once, without a move of the mouse', async ({ page }) => {
  await openPlayer(page, 'scene=banks');
  await page.mouse.move(400, 300);
  await page.keyboard.press('p');
  const player = page.locator('.player');
  await expect(player).toHaveClass(/is-presenting/);
  const cursor = () => page.evaluate(() => getComputedStyle(document.elementFromPoint(400, 300)!).cursor);
  await expect.poll(cursor, { timeout: 5000 }).toBe('none');
  await page.keyboard.press('Escape');
  await expect(player).not.toHaveClass(/is-presenting/);
  expect(await cursor()).not.toBe('none');
  await expect(player).not.toHaveClass(/pointer-idle/);
});

/**
 * The lowest row of the presented frame's panel column with anything drawn on it (a pixel away
 * from the ground's colour), in the frame's 1080 rows.
 */
async function findPanelsBottom(page: Page): Promise<number> {
  return page.evaluate(
    ({ left, ground }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
      const ctx = new OffscreenCanvas(canvas.width, canvas.height).getContext('2d')!;
      ctx.drawImage(canvas, 0, 0);
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      const scale = Math.min(canvas.width / 1920, canvas.height / 1080);
      const x0 = Math.round((canvas.width - 1920 * scale) / 2 + left * scale);
      const [r, g, b] = [(ground >> 16) & 255, (ground >> 8) & 255, ground & 255];
      for (let y = canvas.height - 1; y >= 0; y--)
        for (let x = x0; x < canvas.width; x++) {
          const i = (y * canvas.width + x) * 4;
          if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 60) return y / scale;
        }
      return 0;
    },
    { left: PANEL_X, ground: PALETTE.ground },
  );
}

test('presented, a scene’s takeaways wait in the frame until its question is revealed to the room', async ({
  page,
}) => {
  // The wider loads’ takeaways say “conflict-free means 4 rounds”: its question asks for the rounds.
  await openPlayer(page, 'scene=wide-phases&present');
  await expect(state(page)).toHaveAttribute('data-player-state', 'awaitingPrediction');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', '0');
  const asking = await findPanelsBottom(page);
  await page.keyboard.press('PageDown');
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
  // The notes are the column's last panel: revealed, it reaches well below where it ended.
  await expect.poll(() => findPanelsBottom(page)).toBeGreaterThan(asking + 100);
});

/** Machado, Oliveira and Fernandes (2009): full-severity deuteranopia and protanopia. */
const DEFICIENCIES = {
  deuteranopia: [0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.01182, 0.04294, 0.968881],
  protanopia: [0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998],
};

for (const [name, matrix] of Object.entries(DEFICIENCIES)) {
  test(`with ${name} simulated, every state the legend names stays distinguishable on the stage`, async ({ page }) => {
    // Round 5 of the column read: lanes that have their word, one receiving, others waiting; bank 0
    // serving its fifth word over a queue of waiting ones, and marked busiest; bank 1 plain.
    await openPlayer(page, 'scene=column-read&round=5&present');
    const crops = await page.evaluate(
      ({ matrix, k, left, top, columns }) => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
        const copy = new OffscreenCanvas(canvas.width, canvas.height);
        const ctx = copy.getContext('2d')!;
        ctx.drawImage(canvas, 0, 0);
        const scale = canvas.width / 1920;
        // The stage sits scaled at the top left of the composed frame (the table is beside it).
        const at = (x: number, y: number) => [Math.round((left + x * k) * scale), Math.round((top + y * k) * scale)];
        const crop = (x: number, y: number, half: number) => {
          const [cx, cy] = at(x, y);
          const r = Math.max(2, Math.round(half * k * scale));
          const { data } = ctx.getImageData(cx - r, cy - r, 2 * r, 2 * r);
          // What the deficient eye sees, reduced to lightness: no hue is left to tell states apart,
          // so they must differ in shape, outline or fill.
          const out: number[] = [];
          for (let i = 0; i < data.length; i += 4) {
            const [R, G, B] = [data[i], data[i + 1], data[i + 2]];
            const r = matrix[0] * R + matrix[1] * G + matrix[2] * B;
            const g = matrix[3] * R + matrix[4] * G + matrix[5] * B;
            const b = matrix[6] * R + matrix[7] * G + matrix[8] * B;
            out.push(0.2126 * r + 0.7152 * g + 0.0722 * b);
          }
          return out;
        };
        const column = (i: number) => columns[i];
        return {
          served: crop(column(0), 150, 26),
          receiving: crop(column(4), 150, 26),
          waiting: crop(column(10), 150, 26),
          busiest: crop(column(0), 990, 26),
          plain: crop(column(1), 990, 26),
          servingToken: crop(column(0), 960 - 6 - 17, 17),
          queuedToken: crop(column(0), 700, 10),
        };
      },
      {
        matrix,
        k: COMPOSED_SCALE,
        left: COMPOSED_X,
        top: COMPOSED_Y,
        columns: Array.from({ length: 32 }, (_, i) => columnX(i)),
      },
    );
    const distance = (a: number[], b: number[]) => {
      const n = Math.min(a.length, b.length);
      let sum = 0;
      for (let i = 0; i < n; i++) sum += Math.abs(a[i] - b[i]);
      return sum / n;
    };
    const pairs: [keyof typeof crops, keyof typeof crops][] = [
      ['served', 'receiving'],
      ['served', 'waiting'],
      ['receiving', 'waiting'],
      ['busiest', 'plain'],
      ['servingToken', 'queuedToken'],
    ];
    // Measured: 38 (the served and the waiting token) to 92 (the busiest bank's nameplate).
    for (const [a, b] of pairs) expect(distance(crops[a], crops[b]), `${a} against ${b}`).toBeGreaterThan(20);
  });
}

for (const [name, scale, query] of [
  ['beside the padding scene’s panels', COMPOSED_SCALE, 'scene=padding'],
  [
    'in a lesson file’s scene without panels',
    BARE_SCALE,
    'lesson=assets/lessons/transpose.yaml&scene=swizzled-by-hand',
  ],
] as const) {
  test(`presented ${name}, the caption is drawn in its band below the picture, never over a lane, flight or bank`, async ({
    page,
  }) => {
    await openPlayer(page, `${query}&present`);
    await page.keyboard.press('Shift+ArrowRight');
    await expect(page.getByTestId('round-current')).toHaveText('1');
    await expect(page.getByTestId('narration')).not.toBeEmpty();
    // The stage's picture, down to its bank numbers and key; the band is what is left below it.
    const bottom = Math.ceil(COMPOSED_Y + STAGE_HEIGHT * scale);
    const picture = { x: 0, y: 0, width: 1920, height: bottom };
    const band = { x: 0, y: bottom, width: 1920, height: STAGE_HEIGHT - bottom };
    const [withPicture, withBand] = [await hashStageBox(page, picture), await hashStageBox(page, band)];
    await page.keyboard.press('c');
    await expect(page.locator('.player')).toHaveClass(/captions-off/);
    expect(await hashStageBox(page, band), 'the caption is in the band').not.toBe(withBand);
    expect(await hashStageBox(page, picture), 'and nowhere else').toBe(withPicture);
  });
}
