// npm run bench:export — renders 10 s clips (30 fps) at 1280×720 and 1920×1080 with the player's
// clip renderer and prints its time ÷ clip duration, beside a baseline measured in the same run: an
// image sequence made the way image-sequence exporters work (seek, render, canvas.toDataURL per frame).
// Two windows of the lesson: the busiest 10 s (the most frames that differ from the one before) and
// the opening of the column read, a reading hold like most of the lesson. Then the whole walkthrough
// through the render command (two workers, 1280×720, captions burned), beside the busiest 10 s at
// 1280×720, each quiet and with one core kept busy by another process.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { openPlayer } from './openPlayer.mjs';

const CLIP = 10;
const FPS = 30;
/** The length of each take in the voiced windows, in seconds. */
const VOICED = 2;

const SIZES = [
  [1280, 720],
  [1920, 1080],
];

const windows = JSON.parse(
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      './test/support/rawImports.mjs',
      'bench/findClipWindows.ts',
      String(CLIP),
      String(FPS),
      String(VOICED),
    ],
    {
      encoding: 'utf8',
    },
  ),
);

/** A mono 16-bit WAV of a tone, for a voice take of `seconds`. */
function toneWav(seconds, rate = 48_000) {
  const count = Math.round(seconds * rate);
  const bytes = Buffer.alloc(44 + count * 2);
  bytes.write('RIFF', 0);
  bytes.writeUInt32LE(36 + count * 2, 4);
  bytes.write('WAVEfmt ', 8);
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36);
  bytes.writeUInt32LE(count * 2, 40);
  for (let i = 0; i < count; i++)
    bytes.writeInt16LE(Math.round(12000 * Math.sin((2 * Math.PI * 220 * i) / rate)), 44 + i * 2);
  return bytes;
}

/**
 * Times the clip renderer (renderClip, which the export dialog and the render command both use) on
 * the render page, over the 10 s of `stretch`: with `voice`, every beat of the scene has a take of
 * VOICED seconds, and the window is the same stretch of the scene they re-time. The time is the
 * renderer's own, measured in the page: planning, mixing the voice, drawing, encoding, muxing.
 */
async function timeRenderer(stretch, width, height, voice = false) {
  const server = await preview({ preview: { host: '127.0.0.1', port: 4179, strictPort: false }, logLevel: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const page = await browser.newPage();
  await page.goto(`${server.resolvedUrls.local[0]}render.html`);
  await page.waitForFunction(() => typeof window.renderClip === 'function');
  const from = voice ? stretch.voicedFrom : stretch.from;
  const takes = Array.from({ length: voice ? stretch.beats : 0 }, (_, i) => ({
    name: `${stretch.scene}-${i + 1}.wav`,
    base64: toneWav(VOICED).toString('base64'),
  }));
  const result = await page.evaluate((job) => window.renderClip(job), {
    lesson: null,
    scene: stretch.scene,
    chapter: null,
    marks: { in: from, out: from + CLIP },
    width,
    height,
    fps: FPS,
    format: 'mp4',
    captions: 'burn',
    voice: takes,
    part: null,
  });
  if (voice && result.takes === 0) throw new Error('the clip carries no voice');
  await browser.close();
  await new Promise((resolve) => server.httpServer.close(resolve));
  return { seconds: result.seconds, from };
}

/**
 * The baseline, in the presented player at the clip's size: two 1/60 s frame steps (the player's
 * `.` key) then `canvas.toDataURL` per saved frame. Stepping draws the stage twice per saved frame,
 * so the same page then times the steps alone, and one draw's share is taken off for the estimate
 * of an image-sequence exporter that draws once per frame.
 */
async function timeBaseline(window, width, height) {
  const baseline = await openPlayer(`scene=${window.scene}&t=${window.from}&present`, { width, height });
  const seconds = await baseline.page.evaluate(
    async ({ frames }) => {
      const canvas = document.querySelector('[data-testid="stage"] canvas');
      const key = (k) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      let started = performance.now();
      let bytes = 0;
      for (let i = 0; i < frames; i++) {
        key('.');
        key('.');
        bytes += canvas.toDataURL('image/png').length;
      }
      if (bytes === 0) throw new Error('no frames');
      const sequence = (performance.now() - started) / 1000;
      for (let i = 0; i < 2 * frames; i++) key(',');
      started = performance.now();
      for (let i = 0; i < frames; i++) {
        key('.');
        key('.');
      }
      const steps = (performance.now() - started) / 1000;
      return { sequence, oneDraw: sequence - steps / 2 };
    },
    { frames: CLIP * FPS },
  );
  await baseline.close();
  return seconds;
}

for (const [width, height] of SIZES) {
  for (const [name, window] of Object.entries(windows)) {
    const { seconds: renderSeconds } = await timeRenderer(window, width, height);
    const baseline = await timeBaseline(window, width, height);
    const ratio = renderSeconds / CLIP;
    console.log(
      `${width}×${height} @${FPS}, ${name} 10 s (${window.scene} from ${window.from} s, ${window.changed} of ${CLIP * FPS} frames change): ` +
        `renderer ${renderSeconds.toFixed(1)} s (ratio ${ratio.toFixed(2)}); ` +
        `PNG-sequence baseline ${baseline.sequence.toFixed(1)} s (ratio ${(baseline.sequence / CLIP).toFixed(2)}), ` +
        `${baseline.oneDraw.toFixed(1)} s drawing once per frame; ` +
        `renderer is ${(baseline.sequence / renderSeconds).toFixed(1)}× faster ` +
        `(${(baseline.oneDraw / renderSeconds).toFixed(1)}× than the one-draw estimate)`,
    );
  }
}
// The same windows with a voice take on every beat: the voice is mixed offline and encoded too.
for (const [width, height] of SIZES) {
  for (const [name, window] of Object.entries(windows)) {
    const { seconds, from } = await timeRenderer(window, width, height, true);
    console.log(
      `${width}×${height} @${FPS}, ${name} 10 s with a voice track (${window.scene} from ${from} s of the voiced scene): ` +
        `renderer ${seconds.toFixed(1)} s (ratio ${(seconds / CLIP).toFixed(2)})`,
    );
  }
}

/** The render command on the whole walkthrough at 1280×720: its time ÷ the clip's length, as it prints it. */
function timeWalkthrough() {
  const out = mkdtempSync(join(tmpdir(), 'bench-walkthrough-'));
  try {
    const printed = execFileSync(
      process.execPath,
      ['scripts/render.mjs', '--all', '--out', out, '--size', '1280x720', '--captions', 'burn'],
      { encoding: 'utf8' },
    );
    const lines = printed.split('\n');
    const line = lines.find((l) => /^render: \d+ frames/.test(l));
    if (!line) throw new Error(`the render command printed no time:\n${printed}`);
    // The pictures drawn and frames encoded: what the time is made of, whatever the machine's load.
    const counts = lines.find((l) => /^render: \d+ pictures drawn/.test(l)) ?? '';
    return [line, counts].map((l) => l.replace(/^render: /, '')).join('; ');
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Runs `measure` with one core kept busy by another process (a loop that never ends, stopped after). */
async function withOneCoreBusy(measure) {
  const busy = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  try {
    return await measure();
  } finally {
    busy.kill();
  }
}

const busiest = windows.busiest;
for (const [load, run] of [
  ['quiet', (measure) => measure()],
  ['one core busy', withOneCoreBusy],
]) {
  const { seconds } = await run(() => timeRenderer(busiest, 1280, 720));
  const whole = await run(async () => timeWalkthrough());
  console.log(
    `${load}: the whole walkthrough ${whole}; the busiest 10 s at 1280×720 @${FPS}: ratio ${(seconds / CLIP).toFixed(2)}`,
  );
}
console.log(
  'targets: 720p30 ratio ≤ 0.2, 1080p30 ratio ≤ 0.3, each ≥ 3× faster than the baseline; the whole walkthrough ≤ 0.05× its length',
);
