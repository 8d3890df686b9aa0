// npm run bench:export — renders 10 s clips (30 fps) at 1280×720 and 1920×1080 with the player's
// exporter and prints export time ÷ clip duration, beside a baseline measured in the same run: an
// image sequence made the way image-sequence exporters work (seek, render, canvas.toDataURL per frame).
// Two windows of the lesson: the busiest 10 s (the most frames that differ from the one before) and
// the opening of the column read, a reading hold like most of the lesson.
import { execFileSync } from 'node:child_process';
import { openPlayer } from './openPlayer.mjs';

const CLIP = 10;
const FPS = 30;

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
    ],
    {
      encoding: 'utf8',
    },
  ),
);

/** Presses a key `times` times on the page (a frame step is 1/60 s). */
const press = (page, key, times) =>
  page.evaluate(
    ({ key, times }) => {
      for (let i = 0; i < times; i++) document.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    },
    { key, times },
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

/** Gives every beat of the scene a two-second take, through the voice-over import. */
async function addVoice(page, scene) {
  const beats = await page.evaluate(() => document.querySelectorAll('.scrubber-ticks .beat').length);
  const files = Array.from({ length: beats }, (_, i) => ({
    name: `${scene}-${i + 1}.wav`,
    mimeType: 'audio/wav',
    buffer: toneWav(2),
  }));
  // The recorder's panel is made when it first opens, as an instructor opens it.
  await page.locator('[data-control="voice-over"]').click();
  await page.waitForSelector('[data-testid="voice-over"] input[type="file"]', { state: 'attached' });
  await page.locator('[data-testid="voice-over"] input[type="file"]').setInputFiles(files);
  await page.waitForFunction(
    (n) => document.querySelector('[data-testid="voice-message"]')?.textContent?.startsWith(`Imported ${n}`),
    beats,
  );
}

async function timeExporter(window, width, height, voice = false) {
  const player = await openPlayer(`scene=${window.scene}&t=${window.from}`, { width: 1280, height: 720 });
  const { page } = player;
  let from = window.from;
  if (voice) {
    // Takes re-time the scene (2 s takes are shorter than most reading holds), so the window is
    // opened afresh once they are kept, moved back where the voiced scene ends before it does.
    await addVoice(page, window.scene);
    const origin = new URL(page.url()).origin;
    await page.goto(`${origin}/?scene=${window.scene}`);
    await page.waitForSelector('[data-player-state="paused"]');
    const position = await page.getByTestId('position').textContent();
    const duration = Number(position.match(/\/ ([\d.]+) s$/)[1]);
    from = Math.max(0, Math.min(from, Math.floor(duration - CLIP)));
    await page.goto(`${origin}/?scene=${window.scene}&t=${from}`);
    await page.waitForSelector('[data-player-state="paused"]');
  }
  const form = page.getByTestId('export-form');
  await page.locator('[data-control="export"]').click();
  await form.getByRole('button', { name: 'Mark in here' }).click();
  await form.getByRole('button', { name: 'Close' }).click();
  await press(page, '.', CLIP * 60);
  await page.locator('[data-control="export"]').click();
  await form.getByRole('button', { name: 'Mark out here' }).click();
  const marks = await page.getByTestId('export-marks').textContent();
  if (!marks.includes(`in ${from.toFixed(2)} s · out ${(from + CLIP).toFixed(2)} s`))
    throw new Error(`unexpected marks: ${marks}`);
  await form.getByLabel('From the in mark to the out mark').check();
  await form.locator(`input[name="size"][value="${width}x${height}"]`).check();
  await form.locator('input[name="vtt"]').uncheck();
  // Timed in the page, from the press of Export to the saved file, so the harness's polling is not counted.
  await page.evaluate(() => {
    const dialog = document.querySelector('[data-testid="export-dialog"]');
    const button = [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Export video');
    button.addEventListener('click', () => (window.exportTimes = { start: performance.now() }), { capture: true });
    new MutationObserver(() => {
      if (dialog.dataset.exportState === 'done') window.exportTimes.end = performance.now();
    }).observe(dialog, { attributes: true, attributeFilter: ['data-export-state'] });
  });
  if (voice) {
    await page.waitForSelector('[data-testid="export-unavailable"][data-voice="true"]');
    const note = await page.getByTestId('export-unavailable').textContent();
    if (!note.includes('voice track goes in')) throw new Error(`the clip will carry no voice: ${note}`);
  }
  await form.getByRole('button', { name: 'Export video' }).click();
  await page.waitForSelector('[data-testid="export-dialog"][data-export-state="done"]', { timeout: 300_000 });
  const { start, end } = await page.evaluate(() => window.exportTimes);
  await player.close();
  return { seconds: (end - start) / 1000, from };
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
    const { seconds: exportSeconds } = await timeExporter(window, width, height);
    const baseline = await timeBaseline(window, width, height);
    const ratio = exportSeconds / CLIP;
    console.log(
      `${width}×${height} @${FPS}, ${name} 10 s (${window.scene} from ${window.from} s, ${window.changed} of ${CLIP * FPS} frames change): ` +
        `exporter ${exportSeconds.toFixed(1)} s (ratio ${ratio.toFixed(2)}); ` +
        `PNG-sequence baseline ${baseline.sequence.toFixed(1)} s (ratio ${(baseline.sequence / CLIP).toFixed(2)}), ` +
        `${baseline.oneDraw.toFixed(1)} s drawing once per frame; ` +
        `exporter is ${(baseline.sequence / exportSeconds).toFixed(1)}× faster ` +
        `(${(baseline.oneDraw / exportSeconds).toFixed(1)}× than the one-draw estimate)`,
    );
  }
}
// The same windows with a voice take on every beat: the voice is mixed offline and encoded too.
for (const [width, height] of SIZES) {
  for (const [name, window] of Object.entries(windows)) {
    const { seconds, from } = await timeExporter(window, width, height, true);
    console.log(
      `${width}×${height} @${FPS}, ${name} 10 s with a voice track (${window.scene} from ${from} s of the voiced scene): ` +
        `exporter ${seconds.toFixed(1)} s (ratio ${(seconds / CLIP).toFixed(2)})`,
    );
  }
}
console.log('targets: 720p30 ratio ≤ 0.2, 1080p30 ratio ≤ 0.3, each ≥ 3× faster than the baseline');
