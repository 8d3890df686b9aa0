// npm run bench:playback — in headless Chromium with software WebGL: what a first visit loads and how
// soon it paints, then frame pacing, app JS per frame and seek latency at 1280×720 and 1920×1080, on
// the column read's rounds (the busiest stretch: 32 flights into one bank) and its opening (a
// reading hold, like most of the lesson), with Chromium's own GPU compositing and with the CPU
// compositing the tests use; beside each, a blank WebGL canvas of the same size as the floor.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath, SOFTWARE_COMPOSITING } from '../scripts/chromium.mjs';
import { openPlayer, percentile } from './openPlayer.mjs';

const ms = (v) => `${v.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Records, before the page runs, when the stage first says a moment is painted. */
const watchFirstPaint = () => {
  new MutationObserver((_, observer) => {
    const stage = document.querySelector('[data-testid="stage"]');
    if (stage?.dataset.paintedTime === undefined) return;
    window.__firstPaint = performance.now();
    observer.disconnect();
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-painted-time'] });
};

/**
 * Five fresh loads of the player (over `network` when given): the time to each one's first painted
 * frame, and what the first of them loaded before it (scripts, style sheets and fonts).
 */
async function timeFirstPaints(network) {
  const times = [];
  let files = [];
  for (let i = 0; i < 5; i++) {
    const { page, close } = await openPlayer('', { width: 1280, height: 720 }, [], {
      initScript: watchFirstPaint,
      network,
    });
    await page.waitForFunction(() => window.__firstPaint !== undefined, null, { timeout: 60_000 });
    times.push(await page.evaluate(() => window.__firstPaint));
    if (i === 0) {
      const painted = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.startTime < window.__firstPaint)
          .map((e) => new URL(e.name).pathname),
      );
      files = [...new Set(painted)].filter((path) => /\.(js|css|woff2?)$/.test(path));
    }
    await close();
  }
  const median = `median ${ms(percentile(times, 50))} (of 5 loads: ${times.map((t) => t.toFixed(0)).join(', ')} ms)`;
  return { median, files };
}

/** Every script, style sheet and font a visitor loads to see the first frame, gzipped, and the time to it. */
async function measureFirstLoad() {
  const { median, files } = await timeFirstPaints();
  const sized = files.map((path) => ({ path, gzip: gzipSync(readFileSync(`dist${path}`), { level: 9 }).length }));
  const scripts = sized.filter((f) => f.path.endsWith('.js'));
  const total = (list) => list.reduce((sum, f) => sum + f.gzip, 0);
  console.log(
    `first load: ${kb(total(scripts))} of scripts gzip (${scripts.length} files), ` +
      `${kb(total(sized))} with styles and fonts; first painted frame ${median}`,
  );
  for (const f of sized.sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.path}`);
  // Served from this machine, a load costs no network: the same first frame over a slow connection
  // (a 150 ms round trip and 1.6 Mbit/s, Chromium's "Fast 3G"), where bytes and the order of requests count.
  const slow = await timeFirstPaints({ latency: 150, download: 1.6e6 / 8 });
  console.log(`first painted frame over a 150 ms, 1.6 Mbit/s connection: ${slow.median}`);
}

/** What a paused page costs while it shows a still frame: animation frames it asks for, and main-thread time. */
async function measureIdle() {
  const countFrames = () => {
    window.__frames = 0;
    const request = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => (window.__frames++, request(callback));
  };
  const { page, close } = await openPlayer('scene=column-read', { width: 1280, height: 720 }, [], {
    initScript: countFrames,
  });
  await page.waitForSelector('[data-painted-time]');
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const busy = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const [frames, before] = [await page.evaluate(() => window.__frames), await busy()];
  await page.waitForTimeout(3000);
  const [framesAfter, after] = [await page.evaluate(() => window.__frames), await busy()];
  console.log(
    `paused, a still frame: ${framesAfter - frames} animation frames asked for in 3 s, main thread busy ` +
      `${ms((after - before) * 1000)} (${(((after - before) / 3) * 100).toFixed(1)} % of a core)`,
  );
  await close();
}

/**
 * Switching scenes with the number keys, at 1280×720: from the key to the end of the next frame
 * shown, for each scene's first visit (its panels made for the first time) and a return to it.
 */
async function measureSceneSwitches() {
  const { page, close } = await openPlayer('scene=banks', { width: 1280, height: 720 });
  await page.waitForSelector('[data-painted-time]');
  await page.waitForTimeout(1000);
  const times = await page.evaluate(async () => {
    const keys = ['2', '3', '4', '5', '6', '7', '8', '9'];
    const out = [];
    for (const key of [...keys, ...keys]) {
      const start = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      out.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { first: out.slice(0, keys.length), again: out.slice(keys.length) };
  });
  const line = (values) => `median ${ms(percentile(values, 50))}, slowest ${ms(Math.max(...values))}`;
  console.log(
    `switching scenes (keys 2–9), key to the next frame shown: first visits ${line(times.first)}; ` +
      `returns ${line(times.again)}`,
  );
  await close();
}

/** The interval between frames of a blank WebGL canvas cleared every frame: the most a page can show. */
async function measureFloor(args, width, height) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args });
  const page = await browser.newPage({ viewport: { width, height } });
  await page.setContent(`<canvas width=${width} height=${height} style="display:block"></canvas>`);
  const stamps = await page.evaluate(async () => {
    const gl = document.querySelector('canvas').getContext('webgl2', { antialias: false, preserveDrawingBuffer: true });
    const out = [];
    await new Promise((resolve) => {
      const tick = (t) => {
        out.push(t);
        gl.clearColor((out.length % 10) / 10, 0.2, 0.3, 1);
        gl.clear(gl.COLOR_BUFFER_BIT);
        if (t - out[0] < 3000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    return out;
  });
  await browser.close();
  return percentile(
    stamps.slice(1).map((t, i) => t - stamps[i]),
    50,
  );
}

/**
 * Wraps requestAnimationFrame before the page loads, so the time spent in each frame's callbacks
 * (gsap's tick, sampling the frame, Pixi's draw calls) is measured from outside the product.
 */
const instrument = () => {
  const perFrame = new Map();
  window.__frameJs = perFrame;
  // The frames in which the stage drew anything: it renders only when its picture changes.
  const drew = new Set();
  window.__framesDrawn = drew;
  let current = null;
  for (const proto of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
    for (const name of ['drawElements', 'drawArrays', 'clear']) {
      const draw = proto[name];
      proto[name] = function (...args) {
        if (current !== null) drew.add(current);
        return draw.apply(this, args);
      };
    }
  }
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((time) => {
      const start = performance.now();
      current = time;
      callback(time);
      current = null;
      // Callbacks of one frame share its timestamp: sum them into that frame's JS time.
      perFrame.set(time, (perFrame.get(time) ?? 0) + performance.now() - start);
    });
};

/**
 * Plays 3 s from where the link opens; returns frame intervals, JS per frame, and how long the
 * press of Play itself held the page (the first press in a fresh page, as a visitor's is).
 */
const play = (page) =>
  page.evaluate(async () => {
    const stamps = [];
    const pressed = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    const press = performance.now() - pressed;
    const skip = window.__frameJs.size;
    window.__framesDrawn.clear();
    await new Promise((resolve) => {
      const tick = (t) => {
        stamps.push(t);
        if (t - stamps[0] < 3000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    return {
      press,
      intervals: stamps.slice(1).map((t, i) => t - stamps[i]),
      js: [...window.__frameJs.values()].slice(skip),
      drawn: window.__framesDrawn.size,
    };
  });

/**
 * Steps a round back and forth 40 times (Shift+→, Shift+←). `drawn`: from the key to the frame finished in the canvas
 * (a one-pixel read waits for the GPU); `shown`: to the end of the next display frame, which adds
 * the wait for the display's refresh.
 */
const seek = (page) =>
  page.evaluate(async () => {
    const canvas = document.querySelector('[data-testid="stage"] canvas');
    const gl = canvas.getContext('webgl2') ?? canvas.getContext('webgl');
    const pixel = new Uint8Array(4);
    const drawn = [];
    const shown = [];
    for (let i = 0; i < 40; i++) {
      const key = i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft';
      const start = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: true, bubbles: true }));
      gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
      drawn.push(performance.now() - start);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      shown.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 30));
    }
    return { drawn, shown };
  });

await measureFirstLoad();
await measureIdle();
await measureSceneSwitches();
const gpuCompositing = chromiumArgs.filter((a) => a !== SOFTWARE_COMPOSITING);
for (const [mode, args] of [
  ["Chromium's GPU compositing (its default)", gpuCompositing],
  ['CPU compositing (the tests and the render command)', chromiumArgs],
]) {
  console.log(`\n${mode}:`);
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ]) {
    console.log(
      `  ${width}×${height}: a blank WebGL canvas shows a frame every ${ms(await measureFloor(args, width, height))}`,
    );
    for (const [stretch, query] of [
      // From round 3 a round is served every 0.6 s (rounds 1 and 2 each hold for a caption first).
      ["column read's rounds", 'scene=column-read&round=3'],
      ["column read's opening", 'scene=column-read'],
    ]) {
      const { page, close, errors } = await openPlayer(query, { width, height }, [], { args, initScript: instrument });
      const { press, intervals, js, drawn: framesDrawn } = await play(page);
      const { drawn, shown } = await seek(page);
      const vsync = 1000 / 60;
      const dropped = intervals.reduce((n, d) => n + Math.max(0, Math.round(d / vsync) - 1), 0);
      const expected = intervals.reduce((n, d) => n + Math.max(1, Math.round(d / vsync)), 0);
      console.log(
        `    ${stretch}: Play pressed in ${ms(press)}; frame interval median ${ms(percentile(intervals, 50))}, p95 ${ms(percentile(intervals, 95))}; ` +
          `dropped ${((dropped / expected) * 100).toFixed(1)}% of ${expected}; stage drawn in ${framesDrawn} of them; ` +
          `app JS per frame median ${ms(percentile(js, 50))}, p95 ${ms(percentile(js, 95))}; ` +
          `seek to drawn median ${ms(percentile(drawn, 50))}, p95 ${ms(percentile(drawn, 95))}, ` +
          `to shown median ${ms(percentile(shown, 50))}` +
          (errors.length ? `; console errors: ${errors.length}` : ''),
      );
      await close();
    }
  }
}
console.log(
  '\ntargets: median interval ≤ 16.7 ms and ≤ 5% dropped at both sizes; seek to drawn ≤ 8 ms at 720p, ≤ 16 ms at 1080p',
);
