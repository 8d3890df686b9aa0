import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
});
const page = await context.newPage();
await page.goto(process.argv[2]);
await page.waitForSelector('[data-player-state]:not([data-player-state="booting"])');
await page.waitForTimeout(500);
console.log(
  await page.evaluate(
    () =>
      ['.topbar', '.stage-column', '.stage', '.beat-panel', '.dock', '.caption']
        .map((s) => {
          const r = document.querySelector(s).getBoundingClientRect();
          return s + ' ' + Math.round(r.y) + '+' + Math.round(r.height);
        })
        .join('\n') +
      '\nscrollY ' +
      scrollY,
  ),
);
await page.screenshot({ path: '/tmp/shots/q.png' });
await browser.close();
