import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { TALL, WIDE } from '../../src/stage/stageGeometry';
import { HOST_ORIGIN } from '../support/testPorts.mjs';

/** Opens the player with `query` and waits until it has booted; collects console errors. */
export async function openPlayer(page: Page, query = ''): Promise<{ errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/${query ? `?${query.replace(/^\?/, '')}` : ''}`);
  await expect(page.locator('[data-player-state]')).not.toHaveAttribute('data-player-state', 'booting');
  return { errors };
}

/**
 * Opens scene `id` presented with its question asked of the room, and reveals the answer with the
 * clicker: the scene asks no more, so a link to a later moment of it then goes there.
 */
export async function revealToRoom(page: Page, id: string): Promise<void> {
  await openPlayer(page, `scene=${id}&present`);
  await expect(page.locator('.player')).toHaveClass(/is-predicting/);
  await page.keyboard.press('PageDown');
  await expect(page.locator('.player')).not.toHaveClass(/is-predicting/);
}

/**
 * axe's serious and critical violations on the page, each as `rule (nodes): first target`. The
 * player has no frames, so axe runs in the page itself (its legacy mode) instead of gathering
 * frames' results in a blank page of its own, and reports node details only for violations:
 * measured, 2.9 s instead of 8.5 s for the same rules on the row read.
 */
export async function findAxeViolations(page: Page): Promise<string[]> {
  expect(page.frames(), 'axe in legacy mode would skip cross-origin frames').toHaveLength(1);
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`);
}

export interface CanvasPixels {
  width: number;
  height: number;
  hash: string;
  variance: number;
}

/** Reads the stage canvas back (it keeps its drawing buffer) and summarises its pixels. */
export async function readCanvas(page: Page): Promise<CanvasPixels> {
  return page.evaluate(async () => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
    const copy = new OffscreenCanvas(canvas.width, canvas.height);
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const digest = await crypto.subtle.digest('SHA-256', data);
    // The variance of every seventh pixel: a blank canvas has none, a drawn stage plenty, and a 3×
    // canvas at 1080p is 18 million pixels to walk in JavaScript otherwise.
    let sum = 0;
    let sumSq = 0;
    let n = 0;
    for (let i = 0; i < data.length; i += 28) {
      const v = (data[i] + data[i + 1] + data[i + 2]) / 3;
      sum += v;
      sumSq += v * v;
      n++;
    }
    return {
      width: canvas.width,
      height: canvas.height,
      hash: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''),
      variance: sumSq / n - (sum / n) ** 2,
    };
  });
}

/**
 * The colours found in a small box around a point of the 1920×1080 logical stage, as `#rrggbb`.
 * The box is mapped through the same fit-and-letterbox rule the stage uses.
 */
export async function probeStage(page: Page, x: number, y: number, radius = 4): Promise<string[]> {
  return page.evaluate(
    ({ x, y, radius }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
      const scale = Math.min(canvas.width / 1920, canvas.height / 1080);
      const px = Math.round((canvas.width - 1920 * scale) / 2 + x * scale);
      const py = Math.round((canvas.height - 1080 * scale) / 2 + y * scale);
      // Only the box is copied out of the canvas: a whole-canvas copy per probe was most of its cost.
      const side = radius * 2 + 1;
      const ctx = new OffscreenCanvas(side, side).getContext('2d')!;
      ctx.drawImage(canvas, px - radius, py - radius, side, side, 0, 0, side, side);
      const { data } = ctx.getImageData(0, 0, side, side);
      const colours = new Set<string>();
      for (let i = 0; i < data.length; i += 4) {
        colours.add(`#${[data[i], data[i + 1], data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`);
      }
      return [...colours];
    },
    { x, y, radius },
  );
}

/** The colour (`#rrggbb`) of the pixel under each point of the 1920×1080 logical stage, mapped as {@link probeStage} maps its box. */
export async function readStagePoints(page: Page, points: readonly (readonly [number, number])[]): Promise<string[]> {
  return page.evaluate((points) => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
    const ctx = new OffscreenCanvas(canvas.width, canvas.height).getContext('2d')!;
    ctx.drawImage(canvas, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    const scale = Math.min(canvas.width / 1920, canvas.height / 1080);
    return points.map(([x, y]) => {
      const px = Math.round((canvas.width - 1920 * scale) / 2 + x * scale);
      const py = Math.round((canvas.height - 1080 * scale) / 2 + y * scale);
      const i = (py * canvas.width + px) * 4;
      return `#${[data[i], data[i + 1], data[i + 2]].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    });
  }, points);
}

/**
 * A page on the test host's origin, which has no Content-Security-Policy, in the same browser:
 * test tools that load code at run time (mediabunny from a blob, to decode a clip) run there,
 * since the player's own policy rightly refuses them.
 */
export async function openToolPage(page: Page): Promise<Page> {
  const tool = await page.context().newPage();
  await tool.goto(`${HOST_ORIGIN}/index.html`);
  return tool;
}

/**
 * A clip's video track as read back by mediabunny: codec, size, duration, and its frames: how many
 * were encoded, and each one's start and type, in order.
 */
export async function probeVideo(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const packets = [];
  for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet);
  return {
    codec: track.codec,
    width: track.displayWidth,
    height: track.displayHeight,
    duration: await track.computeDuration(),
    frames: packets.length,
    starts: packets.map((p) => p.timestamp),
    types: packets.map((p) => p.type),
  };
}

/**
 * Holds that a clip is `ticks` frames long at 30 fps, as a player showing it at 30 fps sees it:
 * its duration is ticks/30 (to WebM's millisecond), and every frame it encodes starts on the 1/30 s
 * grid, in order, from 0, its last a tick long. A picture that holds still is one frame that lasts
 * as long as it holds (see exportClip), so a clip encodes fewer frames than it shows.
 */
export function expectFrameGrid(info: { duration: number; starts: readonly number[] }, ticks: number): void {
  expect(Math.abs(info.duration - ticks / 30)).toBeLessThan(1e-3);
  const at = info.starts.map((t) => t * 30);
  expect(
    at.filter((t) => Math.abs(t - Math.round(t)) > 0.03),
    'frames off the 1/30 s grid',
  ).toEqual([]);
  const ticksAt = at.map(Math.round);
  expect(ticksAt[0]).toBe(0);
  expect(
    ticksAt.filter((t, i) => i > 0 && t <= ticksAt[i - 1]),
    'frames out of order',
  ).toEqual([]);
  expect(ticksAt.at(-1)).toBe(ticks - 1);
}

/**
 * Compares a PNG with what a page shows: the stage canvas, or with `clip` the frame shown at `at`
 * seconds of a clip (decoded with WebCodecs, in a tool page). Both are drawn at the PNG's size, and
 * the result is the mean difference in levels and the share of pixels more than 48 off. Bytes go
 * into a page as base64 text: Playwright checks an array argument element by element, and a clip's
 * megabytes as an array of numbers cost seconds of the test worker's CPU.
 */
export async function compareWithPng(page: Page, png: Uint8Array, clip?: { video: Uint8Array; at: number }) {
  const mediabunny = clip && readFileSync('node_modules/mediabunny/dist/bundles/mediabunny.min.mjs', 'utf8');
  const where = clip ? await openToolPage(page) : page;
  return where.evaluate(
    async ({ png, video, at, mediabunny }) => {
      const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes(png)], { type: 'image/png' }));
      let shown: CanvasImageSource = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
      if (video !== undefined) {
        const m = await import(URL.createObjectURL(new Blob([mediabunny!], { type: 'text/javascript' })));
        const input = new m.Input({ source: new m.BufferSource(bytes(video)), formats: m.ALL_FORMATS });
        shown = (await new m.CanvasSink(await input.getPrimaryVideoTrack()).getCanvas(at)).canvas;
      }
      const pixels = (source: CanvasImageSource) => {
        const canvas = new OffscreenCanvas(image.width, image.height);
        const ctx = canvas.getContext('2d')!;
        ctx.drawImage(source, 0, 0, image.width, image.height);
        return ctx.getImageData(0, 0, image.width, image.height).data;
      };
      const a = pixels(shown);
      const b = pixels(image);
      let sum = 0;
      let far = 0;
      for (let i = 0; i < a.length; i += 4) {
        const d = (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2])) / 3;
        sum += d;
        if (d > 48) far++;
      }
      return { mean: sum / (a.length / 4), far: far / (a.length / 4) };
    },
    {
      png: Buffer.from(png).toString('base64'),
      video: clip && Buffer.from(clip.video).toString('base64'),
      at: clip?.at ?? 0,
      mediabunny,
    },
  );
}

/**
 * Decodes two clips at the same moments (WebCodecs, in a tool page) and compares each pair of
 * frames: the mean difference in levels and the share of pixels more than 48 off, as
 * {@link compareWithPng} measures them.
 */
export async function compareClipFrames(page: Page, a: Uint8Array, b: Uint8Array, times: readonly number[]) {
  const mediabunny = readFileSync('node_modules/mediabunny/dist/bundles/mediabunny.min.mjs', 'utf8');
  const tool = await openToolPage(page);
  return tool.evaluate(
    async ({ clips, times, mediabunny }) => {
      const m = await import(URL.createObjectURL(new Blob([mediabunny], { type: 'text/javascript' })));
      const sinks = await Promise.all(
        clips.map(async (base64) => {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          const input = new m.Input({ source: new m.BufferSource(bytes), formats: m.ALL_FORMATS });
          return new m.CanvasSink(await input.getPrimaryVideoTrack());
        }),
      );
      const pixels = async (sink: { getCanvas(t: number): Promise<{ canvas: HTMLCanvasElement }> }, at: number) => {
        const { canvas } = await sink.getCanvas(at);
        return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      };
      const results = [];
      for (const at of times) {
        const [x, y] = [await pixels(sinks[0], at), await pixels(sinks[1], at)];
        let sum = 0;
        let far = 0;
        for (let i = 0; i < x.length; i += 4) {
          const d = (Math.abs(x[i] - y[i]) + Math.abs(x[i + 1] - y[i + 1]) + Math.abs(x[i + 2] - y[i + 2])) / 3;
          sum += d;
          if (d > 48) far++;
        }
        results.push({ at, mean: sum / (x.length / 4), far: far / (x.length / 4) });
      }
      return results;
    },
    { clips: [Buffer.from(a).toString('base64'), Buffer.from(b).toString('base64')], times, mediabunny },
  );
}

/** Where a point of the stage's logical frame is on screen, through its fit-and-letterbox rule. */
export async function getStagePoint(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await page.locator('[data-testid="stage"] canvas').boundingBox())!;
  const tall = box.height > box.width;
  const [width, height] = tall ? [TALL.width, TALL.height] : [WIDE.width, WIDE.height];
  const scale = Math.min(box.width / width, box.height / height);
  return {
    x: box.x + (box.width - width * scale) / 2 + x * scale,
    y: box.y + (box.height - height * scale) / 2 + y * scale,
  };
}

/** A hash of the pixels of a box of the stage's logical frame (wide unless `layout` says), as drawn. */
export async function hashStageBox(
  page: Page,
  box: { x: number; y: number; width: number; height: number },
  layout: { width: number; height: number } = WIDE,
): Promise<string> {
  return page.evaluate(
    async ({ box, frame }) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="stage"] canvas')!;
      const scale = Math.min(canvas.width / frame.width, canvas.height / frame.height);
      const left = (canvas.width - frame.width * scale) / 2;
      const top = (canvas.height - frame.height * scale) / 2;
      const [x, y] = [Math.round(left + box.x * scale), Math.round(top + box.y * scale)];
      const width = Math.max(1, Math.round(box.width * scale));
      const height = Math.max(1, Math.round(box.height * scale));
      const ctx = new OffscreenCanvas(width, height).getContext('2d')!;
      ctx.drawImage(canvas, x, y, width, height, 0, 0, width, height);
      const { data } = ctx.getImageData(0, 0, width, height);
      const digest = await crypto.subtle.digest('SHA-256', data);
      return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
    },
    { box, frame: { width: layout.width, height: layout.height } },
  );
}
