// usage: node shoot.mjs name url width height [touch] [actions-js]
import { chromium } from 'playwright';
const [, , name, url, w, h, touch, script] = process.argv;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
const context = await browser.newContext({
  viewport: { width: +w, height: +h },
  hasTouch: touch === 'touch',
  isMobile: touch === 'touch',
  deviceScaleFactor: 1,
});
const page = await context.newPage();
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(url);
await page.waitForSelector('[data-player-state]:not([data-player-state="booting"])');
await page.waitForTimeout(500);
if (script) {
  const f = new Function('page', `return (async () => { ${script} })()`);
  await f(page);
  await page.waitForTimeout(400);
}
await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: process.env.FULL === '1' });
console.log(await page.evaluate(() => ({ scrollH: document.documentElement.scrollHeight, innerH: innerHeight })));
await browser.close();
