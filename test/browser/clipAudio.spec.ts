import { expect, test, type Download, type Page } from '@playwright/test';
import { PAD_SECONDS } from '../../src/voice/findSpeech';
import { decodeAudio, ffprobe, findOnsets } from '../support/ffmpeg';
import { bytesOf, cueStarts, importTakes, openVoiceOver } from './voiceTakes';

/** Exports the marked range in `format` and hands back the clip's bytes and its WebVTT's cue starts. */
async function exportRange(page: Page, format: 'MP4 (H.264)' | 'WebM (VP9)', beforeExport = () => {}) {
  await page.locator('[data-control="export"]').click();
  const form = page.getByTestId('export-form');
  await form.getByLabel('From the in mark to the out mark').check();
  await form.getByLabel('1280×720').check();
  await form.getByLabel('Burn captions into the frames').uncheck();
  await form.getByLabel(format).check();
  const said = page.getByTestId('export-unavailable');
  await expect(said).toContainText('this range mixes in 2 takes');
  beforeExport();
  const downloads: Download[] = [];
  const listen = (d: Download) => downloads.push(d);
  page.on('download', listen);
  await form.getByRole('button', { name: 'Export video' }).click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toHaveAttribute('data-export-state', /^(done|failed)$/, { timeout: 30_000 });
  await expect(page.getByTestId('export-status')).toContainText('Saved ');
  await expect.poll(() => downloads.length).toBe(2);
  page.off('download', listen);
  const [video, vtt] = downloads;
  const result = {
    said: (await said.textContent())!,
    saved: (await page.getByTestId('export-status').textContent())!,
    bytes: await bytesOf(video),
    cues: cueStarts(new TextDecoder().decode(await bytesOf(vtt))),
  };
  await dialog.getByRole('button', { name: 'Close' }).click();
  return result;
}

/**
 * Each of the two takes is heard at its cue, as ffmpeg plays the file: its sound starts the take's
 * kept lead-in (PAD_SECONDS) after the cue, to within a few milliseconds. MP3 comes out of LAME
 * 23 ms late unless the file trims that delay.
 */
function expectInTime(bytes: Uint8Array, format: 'mp4' | 'webm', cues: readonly number[]) {
  const onsets = findOnsets(decodeAudio(bytes, format));
  expect(onsets, `${format}: cues at ${cues.join(', ')} s`).toHaveLength(2);
  for (const [beat, onset] of onsets.entries())
    expect(
      Math.abs(onset - (cues[beat] + PAD_SECONDS)),
      `${format}, take ${beat + 1}: heard at ${onset} s, cue at ${cues[beat]} s`,
    ).toBeLessThanOrEqual(0.004);
}

test('an MP4 clip carries the voice as AAC or MP3, which lecture-room software plays, in time with its cues; WebM as Opus', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await openVoiceOver(page, 'scene=row-read');
  await importTakes(page, ['row-read-1', 'row-read-2'], 0.6);
  // The range: from the first beat to the third's cue, so both takes are in it, the second mid-clip.
  await page.locator('[data-control="export"]').click();
  await page.getByTestId('export-form').getByRole('button', { name: 'Mark in here' }).click();
  await page.getByTestId('export-form').getByRole('button', { name: 'Close' }).click();
  for (const beat of [2, 3]) {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('voice-where')).toContainText(`beat ${beat} of`);
  }
  await page.locator('[data-control="export"]').click();
  await page.getByTestId('export-form').getByRole('button', { name: 'Mark out here' }).click();
  await page.getByTestId('export-form').getByRole('button', { name: 'Close' }).click();

  // LAME loads with the export that needs it: not with the page, nor with the dialog.
  const lame: string[] = [];
  page.on('request', (r) => void (/mp3-encoder/.test(r.url()) && lame.push(r.url())));
  const mp4 = await exportRange(page, 'MP4 (H.264)', () => expect(lame).toEqual([]));
  const [video, audio] = ['video', 'audio'].map((type) =>
    ffprobe(mp4.bytes, 'mp4').find((s) => s.codec_type === type)!,
  );
  expect(video.codec_name).toBe('h264');
  // Debian's Chromium encodes no AAC: MP3 then, through LAME. The dialog said which, before and after.
  expect(audio.codec_name).toMatch(/^(aac|mp3)$/);
  const name = audio.codec_name.toUpperCase();
  expect(mp4.said).toContain(`The voice track goes in as ${name}`);
  expect(mp4.saved).toContain(`with 2 takes of voice in ${name}`);
  expect(lame).toHaveLength(name === 'MP3' ? 1 : 0);
  // The sound lasts as the picture does, to the end of its last MP3 frame (1,152 samples, 24 ms).
  expect(audio.duration - video.duration).toBeGreaterThanOrEqual(-1e-3);
  expect(audio.duration - video.duration).toBeLessThanOrEqual(1152 / 48_000);
  expectInTime(mp4.bytes, 'mp4', mp4.cues);

  const webm = await exportRange(page, 'WebM (VP9)');
  const streams = ffprobe(webm.bytes, 'webm');
  expect(streams.map((s) => s.codec_name).sort()).toEqual(['opus', 'vp9']);
  expect(webm.said).toContain('The voice track goes in as Opus');
  expect(webm.saved).toContain('with 2 takes of voice in Opus');
  expectInTime(webm.bytes, 'webm', webm.cues);
});
