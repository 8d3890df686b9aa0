// npm run bench:playback — frame pacing, app JS per frame and seek-to-paint latency in headless
// Chromium with software WebGL, at 1280×720 and 1920×1080, playing the column read.
import { openPlayer, percentile } from './openPlayer.mjs';

/**
 * Wraps requestAnimationFrame before the page loads, so the time spent in each frame's callbacks
 * (gsap's tick, sampling the frame, Pixi's draw calls) is measured from outside the product.
 */
const instrument = () => {
  const w = window;
  const perFrame = new Map();
  w.__frameJs = perFrame;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) =>
    raf((time) => {
      const start = performance.now();
      callback(time);
      // Callbacks of one frame share its timestamp: sum them into that frame's JS time.
      perFrame.set(time, (perFrame.get(time) ?? 0) + performance.now() - start);
    });
};

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
]) {
  const { page, close, errors } = await openPlayer('scene=column-read', { width, height });
  await page.addInitScript(instrument);
  await page.reload();
  await page.waitForSelector('[data-player-state="paused"]');

  const playback = await page.evaluate(async () => {
    const w = window;
    const stamps = [];
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    const skip = w.__frameJs.size;
    await new Promise((resolve) => {
      const start = performance.now();
      const tick = (t) => {
        stamps.push(t);
        if (t - start < 3000) requestAnimationFrame(tick);
        else resolve();
      };
      requestAnimationFrame(tick);
    });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', bubbles: true }));
    return { stamps, js: [...w.__frameJs.values()].slice(skip) };
  });

  const latencies = await page.evaluate(async () => {
    const out = [];
    for (let i = 0; i < 40; i++) {
      const key = i % 2 === 0 ? 'ArrowRight' : 'ArrowLeft';
      const start = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
      // The frame is drawn synchronously; it is on screen once the next frame has been produced.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      out.push(performance.now() - start);
      await new Promise((r) => setTimeout(r, 30));
    }
    return out;
  });

  const intervals = playback.stamps.slice(1).map((t, i) => t - playback.stamps[i]);
  const vsync = 1000 / 60;
  const dropped = intervals.reduce((n, d) => n + Math.max(0, Math.round(d / vsync) - 1), 0);
  const expected = intervals.reduce((n, d) => n + Math.max(1, Math.round(d / vsync)), 0);
  const ms = (v) => `${v.toFixed(1)} ms`;
  console.log(
    `${width}×${height}: frame interval median ${ms(percentile(intervals, 50))}, p95 ${ms(percentile(intervals, 95))}; ` +
      `dropped ${((dropped / expected) * 100).toFixed(1)}% of ${expected} frames; ` +
      `app JS per frame median ${ms(percentile(playback.js, 50))}, p95 ${ms(percentile(playback.js, 95))}; ` +
      `seek-to-paint median ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}` +
      (errors.length ? `; console errors: ${errors.length}` : ''),
  );
  await close();
}
console.log('targets at 1280×720: median interval ≤ 17 ms, app JS p95 ≤ 2 ms, seek-to-paint ≤ 16 ms');
