import { expect, test, type Download, type Page } from '@playwright/test';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import {
  BARE_SCALE,
  COMPOSED_SCALE,
  COMPOSED_X,
  COMPOSED_Y,
  columnX,
  PANEL_X,
  STAGE_HEIGHT,
} from '../../src/stage/stageGeometry';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { compareWithPng, findAxeViolations, hashStageBox, openPlayer, readCanvas } from './player';

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

for (const [kind, query] of [
  ['table', 'scene=column-read&t=20'],
  ['tile', 'scene=padding&t=40'],
  ['code', 'scene=cuda&t=10'],
  ['quiz', 'scene=try-it&t=5'],
  ['references and notes', 'scene=limits&t=5'],
  ['question', 'scene=every-other&t=5'],
  ['Explore’s tile', 'mode=explore&predict=off&pattern=column&pitch=34'],
] as const) {
  test(`the ${kind} panel is drawn in an exported frame`, async ({ page }) => {
    await openPlayer(page, query);
    const skip = page.getByRole('button', { name: 'Skip' });
    if (await skip.count()) await skip.click();
    const form = await openExport(page);
    await form.getByLabel('1280×720').check();
    const download = page.waitForEvent('download');
    await form.getByRole('button', { name: 'PNG snapshot' }).click();
    const png = await bytesOf(await download);
    const colours = await page.evaluate(async (png) => {
      const image = await createImageBitmap(
        new Blob([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], { type: 'image/png' }),
      );
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      // The panel column: the right 30% of the frame.
      const { data } = ctx.getImageData(Math.round(image.width * 0.7), 0, Math.round(image.width * 0.3), image.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] > 300) ink++;
      return ink / (data.length / 4);
    }, Buffer.from(png).toString('base64'));
    // Text or cells cover a good part of the column (a bare stage leaves it all ground).
    expect(colours).toBeGreaterThan(0.01);
  });
}

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
