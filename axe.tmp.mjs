import { chromium } from 'playwright';
import AxeBuilder from '@axe-core/playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [url, w, h, mobile] of [
  ['?scene=padding&voice', 390, 844, true],
  ['?embed&scene=column-read&round=4', 320, 180, false],
]) {
  const context = await browser.newContext({ viewport: { width: w, height: h }, hasTouch: mobile, isMobile: mobile });
  const page = await context.newPage();
  await page.goto('http://127.0.0.1:4317/' + url);
  await page.waitForSelector('[data-player-state]:not([data-player-state="booting"])');
  await page.waitForTimeout(800);
  const r = await new AxeBuilder({ page }).analyze();
  console.log(
    url,
    r.violations.map((v) => `${v.id} ${v.impact}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  );
  await context.close();
}
await browser.close();
