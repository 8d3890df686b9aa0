// npm run render -- --scene <id> | --all --out <dir> [--size 1920x1080] [--fps 30] [--format mp4|webm]
//                   [--captions burn|vtt|none] [--voice <dir>] [--lesson <file>]
// Renders clips with the player's own exporter, in Debian's headless Chromium, and writes them to <dir>.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { zipSync } from 'fflate';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright';
import { preview } from 'vite';
import { chromiumArgs, chromiumPath, hasChromium } from './chromium.mjs';

const USAGE =
  'usage: npm run render -- (--scene <id> | --all) --out <dir> [--size 1280x720|1920x1080|3840x2160] [--fps 30|60] [--format mp4|webm] [--captions burn|vtt|none] [--voice <dir>] [--lesson <file>]';

function fail(message) {
  console.error(`render: ${message}\n${USAGE}`);
  process.exit(2);
}

function parseArgs(argv) {
  const options = {
    size: '1920x1080',
    fps: '30',
    format: 'mp4',
    captions: 'burn',
    scene: null,
    all: false,
    out: null,
    voice: null,
    lesson: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) fail(`${flag} needs a value`);
      return v;
    };
    if (flag === '--all') options.all = true;
    else if (flag === '--scene') options.scene = value();
    else if (flag === '--out') options.out = value();
    else if (flag === '--size') options.size = value();
    else if (flag === '--fps') options.fps = value();
    else if (flag === '--format') options.format = value();
    else if (flag === '--captions') options.captions = value();
    else if (flag === '--voice') options.voice = value();
    else if (flag === '--lesson') options.lesson = value();
    else fail(`unknown argument "${flag}"`);
  }
  if (options.all === (options.scene !== null)) fail('give exactly one of --scene <id> or --all');
  if (!options.out) fail('--out <dir> is required');
  if (!['1280x720', '1920x1080', '3840x2160'].includes(options.size))
    fail(`--size must be 1280x720, 1920x1080 or 3840x2160, not "${options.size}"`);
  if (!['30', '60'].includes(options.fps)) fail(`--fps must be 30 or 60, not "${options.fps}"`);
  if (!['mp4', 'webm'].includes(options.format)) fail(`--format must be mp4 or webm, not "${options.format}"`);
  if (!['burn', 'vtt', 'none'].includes(options.captions))
    fail(`--captions must be burn, vtt or none, not "${options.captions}"`);
  if (options.scene !== null && !/^[a-z0-9-]+$/.test(options.scene))
    fail(`--scene "${options.scene}" is not a scene id`);
  if (options.lesson !== null && !(existsSync(options.lesson) && statSync(options.lesson).isFile()))
    fail(`--lesson "${options.lesson}" is not a lesson file`);
  if (options.voice !== null && !(existsSync(options.voice) && statSync(options.voice).isDirectory()))
    fail(`--voice "${options.voice}" is not a folder of takes`);
  return options;
}

/**
 * Gives the page the folder's takes through its own voice-over import (which checks every name
 * against the lesson), packed as a voice track when the folder has the index a page export writes.
 */
async function importVoice(page, dir) {
  const names = readdirSync(dir).filter((n) => statSync(join(dir, n)).isFile());
  if (names.length === 0) fail(`--voice "${dir}" holds no takes`);
  await page.waitForFunction(() => document.querySelector('[data-testid="voice-over"] input[type="file"]'));
  const input = page.locator('[data-testid="voice-over"] input[type="file"]');
  if (names.includes('index.json')) {
    const zip = zipSync(Object.fromEntries(names.map((n) => [n, new Uint8Array(readFileSync(join(dir, n)))])), {
      level: 0,
    });
    await input.setInputFiles({ name: 'voice.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
  } else await input.setInputFiles(names.map((n) => join(dir, n)));
  const message = page.getByTestId('voice-message');
  await page.waitForFunction(() =>
    /Imported/.test(document.querySelector('[data-testid="voice-message"]')?.textContent ?? ''),
  );
  const report = (await message.textContent()).trim();
  if (!/^Imported \d+ takes?\.$/.test(report)) fail(`--voice: ${report}`);
  console.log(report);
}

const options = parseArgs(process.argv.slice(2));
if (!hasChromium()) fail(`no Chromium at ${chromiumPath()}: install Debian's chromium package or set CHROMIUM_PATH`);
if (!existsSync('dist/index.html')) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
const out = resolve(options.out);
mkdirSync(out, { recursive: true });

const server = await preview({ preview: { host: '127.0.0.1', port: 4181, strictPort: false }, logLevel: 'warn' });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 }, acceptDownloads: true });
  const query = new URLSearchParams(options.scene ? { scene: options.scene } : {});
  if (options.lesson) {
    // The lesson reaches the page as any linked lesson does, from an address the page fetches.
    const text = readFileSync(options.lesson, 'utf8');
    await page.route('**/render-lesson.yaml', (route) => route.fulfill({ body: text, contentType: 'text/yaml' }));
    query.set('lesson', 'render-lesson.yaml');
  }
  await page.goto(`${server.resolvedUrls.local[0]}?${query}`);
  await page.waitForSelector('[data-player-state]:not([data-player-state="booting"])');
  // Read at once: a locator would wait for a heading that a clean lesson never shows.
  const heading = await page.evaluate(
    () => document.querySelector('[data-testid="lesson-heading"]')?.textContent ?? '',
  );
  const alert = (await page.getByTestId('alerts').innerText()).trim();
  if (heading.includes('worth a second look')) console.warn(alert.replace('render-lesson.yaml', options.lesson));
  else if (alert) fail(alert.replace('render-lesson.yaml', options.lesson));
  if (options.voice) await importVoice(page, resolve(options.voice));
  await page.locator('[data-control="export"]').click();
  const form = page.getByTestId('export-form');
  await form.locator(`input[name="range"][value="${options.all ? 'walkthrough' : 'scene'}"]`).check();
  await form.locator(`input[name="size"][value="${options.size}"]`).check();
  await form.locator(`input[name="fps"][value="${options.fps}"]`).check();
  const format = form.locator(`input[name="format"][value="${options.format}"]`);
  await page.waitForFunction(() => document.querySelector('[data-testid="export-unavailable"]') !== null);
  if (await format.isDisabled()) fail((await page.getByTestId('export-unavailable').textContent()).trim());
  await format.check();
  await form.locator('input[name="burn"]').setChecked(options.captions === 'burn');
  await form.locator('input[name="vtt"]').setChecked(options.captions === 'vtt');
  const saved = [];
  page.on('download', async (download) => {
    const path = join(out, download.suggestedFilename());
    saved.push(download.saveAs(path).then(() => path));
  });
  await form.getByRole('button', { name: 'Export video' }).click();
  let last = '';
  let lastLogged = 0;
  for (;;) {
    const state = await page.getByTestId('export-dialog').getAttribute('data-export-state');
    const status = (await page.getByTestId('export-status').textContent()).trim();
    if (status !== last && status) {
      // A terminal gets one updating line; a log gets a line now and then.
      if (process.stdout.isTTY) process.stdout.write(`\r${status.padEnd(60)}`);
      else if (Date.now() - lastLogged > 5000) {
        console.log(status);
        lastLogged = Date.now();
      }
      last = status;
    }
    if (state === 'done') break;
    if (state === 'failed' || state === 'cancelled') fail(status);
    await page.waitForTimeout(250);
  }
  const expected = options.captions === 'vtt' ? 2 : 1;
  while (saved.length < expected) await page.waitForTimeout(100);
  const paths = await Promise.all(saved);
  if (process.stdout.isTTY) process.stdout.write('\n');
  for (const path of paths) console.log(`wrote ${path}`);
  if (readdirSync(out).length === 0) fail('no file was written');
} finally {
  await browser.close();
  await new Promise((r) => server.httpServer.close(r));
}
