// npm run bench:soak — 500 scene switches and 2,000 random seeks in headless Chromium; prints the JS
// heap before and after (each after a forced garbage collection) and the console errors seen.
import { openPlayer } from './openPlayer.mjs';

const { page, close, errors } = await openPlayer('scene=banks', { width: 1280, height: 720 });
const cdp = await page.context().newCDPSession(page);
const heap = async () => {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  return (await cdp.send('Runtime.getHeapUsage')).usedSize;
};

// Warm up once so lazily created caches (fonts, shaders, text textures) count as the baseline.
const drive = (switches, seeks) =>
  page.evaluate(
    async ({ switches, seeks }) => {
      const key = (k) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      const scrubber = document.querySelector('[data-control="scrubber"]');
      const box = scrubber.getBoundingClientRect();
      let seed = 12345;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      for (let i = 0; i < switches; i++) {
        key(String(1 + Math.floor(random() * 6)));
        if (i % 25 === 0) await new Promise((r) => requestAnimationFrame(r));
      }
      for (let i = 0; i < seeks; i++) {
        const x = box.left + random() * box.width;
        const y = box.top + box.height / 2;
        scrubber.dispatchEvent(
          new PointerEvent('pointerdown', { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true }),
        );
        scrubber.dispatchEvent(
          new PointerEvent('pointerup', { clientX: x, clientY: y, button: 0, pointerId: 1, bubbles: true }),
        );
        if (i % 50 === 0) await new Promise((r) => requestAnimationFrame(r));
      }
    },
    { switches, seeks },
  );

await drive(30, 100);
const before = await heap();
const started = Date.now();
await drive(500, 2000);
const after = await heap();
const mb = (b) => `${(b / 1048576).toFixed(2)} MB`;
console.log(
  `soak: 500 scene switches + 2,000 seeks in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `JS heap ${mb(before)} → ${mb(after)} (growth ${mb(after - before)}); console errors: ${errors.length}`,
);
if (errors.length) console.log(errors.slice(0, 5).join('\n'));
console.log('target: growth ≤ 2 MB, no errors');
await close();
