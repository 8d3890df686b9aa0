// Takes a screenshot of the running player: node scripts/screenshot.mjs <url> <out.png> [width] [height]
import { chromium } from 'playwright';
import { chromiumPath, chromiumArgs } from './chromium.mjs';

const [url, out, width = '1280', height = '720'] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()));
page.on('pageerror', (e) => console.error('pageerror:', e.message));
await page.goto(url);
await page.waitForSelector('[data-player-state]:not([data-player-state="booting"])');
await page.screenshot({ path: out });
await browser.close();
