// npm run bench:export — renders 10 s clips (30 fps) at 1280×720 and 1920×1080 with the player's
// exporter and prints export time ÷ clip duration, beside a baseline measured in the same run: an
// image sequence made the way image-sequence exporters work (seek, render, canvas.toDataURL per frame).
import { openPlayer } from './openPlayer.mjs';

const CLIP = 10;
const FPS = 30;

const SIZES = [
  [1280, 720],
  [1920, 1080],
];
for (const [width, height] of SIZES) {
  // The exporter, driven through its dialog: marks at 0 s and 10 s of the column read.
  const player = await openPlayer(`scene=column-read&t=${CLIP}`, { width: 1280, height: 720 });
  const { page } = player;
  const form = page.getByTestId('export-form');
  await page.locator('[data-control="export"]').click();
  await form.getByRole('button', { name: 'Mark out here' }).click();
  await form.getByRole('button', { name: 'Close' }).click();
  await page.keyboard.press('Home');
  await page.locator('[data-control="export"]').click();
  await form.getByRole('button', { name: 'Mark in here' }).click();
  await form.getByLabel('From the in mark to the out mark').check();
  await form.locator(`input[name="size"][value="${width}x${height}"]`).check();
  await form.locator('input[name="vtt"]').uncheck();
  const started = Date.now();
  await form.getByRole('button', { name: 'Export video' }).click();
  await page.waitForSelector('[data-testid="export-dialog"][data-export-state="done"]', { timeout: 300_000 });
  const exportSeconds = (Date.now() - started) / 1000;
  await player.close();

  // The baseline: the presented stage at the clip's size, stepped a frame at a time, saved as PNGs.
  const baseline = await openPlayer('scene=column-read&present', { width, height });
  const baselineSeconds = await baseline.page.evaluate(
    async ({ frames }) => {
      const canvas = document.querySelector('[data-testid="stage"] canvas');
      const key = (k) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      const started = performance.now();
      let bytes = 0;
      for (let i = 0; i < frames; i++) {
        key('.');
        key('.');
        bytes += canvas.toDataURL('image/png').length;
      }
      if (bytes === 0) throw new Error('no frames');
      return (performance.now() - started) / 1000;
    },
    { frames: CLIP * FPS },
  );
  await baseline.close();

  const ratio = exportSeconds / CLIP;
  const baselineRatio = baselineSeconds / CLIP;
  console.log(
    `${width}×${height} @${FPS}: exporter ${exportSeconds.toFixed(1)} s for a ${CLIP} s clip (ratio ${ratio.toFixed(2)}); ` +
      `PNG-sequence baseline ${baselineSeconds.toFixed(1)} s (ratio ${baselineRatio.toFixed(2)}); ` +
      `exporter is ${(baselineRatio / ratio).toFixed(1)}× faster`,
  );
}
console.log('targets: 720p30 ratio ≤ 0.5, 1080p30 ratio ≤ 1.0, each ≥ 3× faster than the baseline');
