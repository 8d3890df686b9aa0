// The voice-over's helpers for browser tests: open the recorder, import takes, read downloads.
import { expect, type Download, type Page } from '@playwright/test';
import { encodeWav } from '../../src/voice/wav';
import { bursts, RATE } from '../support/microphone';

/** A download's bytes. */
export const bytesOf = async (download: Download) =>
  new Uint8Array(Buffer.concat(await (await download.createReadStream()).toArray()));

/** Opens the player on `query` with the voice-over recorder, waiting until it reads its takes. */
export async function openVoiceOver(page: Page, query: string) {
  await page.goto(`/?${query}&voice`);
  await expect(page.getByTestId('voice-over')).toBeVisible();
  await expect(page.getByTestId('voice-status')).not.toBeEmpty();
}

/** Imports a take of one `seconds`-long sound for each beat named (`banks-2`), as files dropped on the recorder. */
export async function importTakes(page: Page, beats: readonly string[], seconds: number): Promise<void> {
  const buffer = Buffer.from(encodeWav({ samples: bursts(1, seconds, 0.2), sampleRate: RATE }));
  await page
    .getByTestId('voice-over')
    .locator('input[type="file"]')
    .setInputFiles(beats.map((beat) => ({ name: `${beat}.wav`, mimeType: 'audio/wav', buffer })));
  const count = beats.length;
  await expect(page.getByTestId('voice-message')).toContainText(`Imported ${count} take${count === 1 ? '' : 's'}.`);
}

/** The start of every caption in a WebVTT file, in seconds. */
export const cueStarts = (vtt: string) =>
  [...vtt.matchAll(/^(\d\d):(\d\d):(\d\d)\.(\d\d\d) -->/gm)].map(
    ([, h, m, s, ms]) => +h * 3600 + +m * 60 + +s + +ms / 1000,
  );
