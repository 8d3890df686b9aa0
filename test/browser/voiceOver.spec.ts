import { expect, test, type Download, type Page } from '@playwright/test';
import { expectFrameGrid, findAxeViolations, openToolPage, probeVideo } from './player';
import { readFileSync } from 'node:fs';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { createProgram } from '../../src/program/createProgram';
import { planTimeline, READING_SPEEDS } from '../../src/timeline/planTimeline';
import { unpackVoiceTrack } from '../../src/voice/voiceArchive';
import { encodeWav } from '../../src/voice/wav';
import { bursts, RATE } from '../support/microphone';
import { bytesOf, cueStarts, importTakes, openVoiceOver } from './voiceTakes';

/** Records one take of the beat on screen: from a quiet moment, through one whole burst, to silence. */
async function recordTake(page: Page): Promise<void> {
  const panel = page.getByTestId('voice-over');
  await panel.getByRole('button', { name: /^(Record|Retake)$/ }).click();
  const meter = panel.getByRole('meter', { name: 'Microphone level' });
  const level = async () => Number(await meter.getAttribute('value'));
  // Polled often: the default intervals grow to a second, the microphone's own period, and could miss
  // the silence burst after burst. A busy machine may take seconds to start recording.
  await expect.poll(level, { timeout: 15_000, intervals: [50] }).toBeGreaterThan(0.3);
  await expect.poll(level, { timeout: 15_000, intervals: [50] }).toBeLessThan(0.05);
  await panel.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
}

/** Reads a clip back: its bytes, video duration, audio codec and duration, and the audio itself. */
async function readClip(page: Page, bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const video = (await input.getPrimaryVideoTrack())!;
  const audio = (await input.getPrimaryAudioTrack())!;
  const info = {
    bytes,
    videoDuration: await video.computeDuration(),
    audioCodec: audio?.codec ?? null,
    audioDuration: audio ? await audio.computeDuration() : 0,
  };
  // Decoding needs WebCodecs: find, in the page, where each stretch of sound begins.
  const mediabunny = readFileSync('node_modules/mediabunny/dist/bundles/mediabunny.min.mjs', 'utf8');
  const onsets = await (
    await openToolPage(page)
  ).evaluate(
    async ({ bytes, mediabunny }) => {
      const m = await import(URL.createObjectURL(new Blob([mediabunny], { type: 'text/javascript' })));
      const input = new m.Input({
        source: new m.BufferSource(Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))),
        formats: m.ALL_FORMATS,
      });
      const sink = new m.AudioBufferSink(await input.getPrimaryAudioTrack());
      const found: number[] = [];
      let quietSince = -1;
      let loud = false;
      for await (const { buffer, timestamp } of sink.buffers()) {
        const data = buffer.getChannelData(0);
        for (let i = 0; i < data.length; i += 48) {
          let peak = 0;
          for (let j = i; j < Math.min(data.length, i + 48); j++) peak = Math.max(peak, Math.abs(data[j]));
          const t = timestamp + i / buffer.sampleRate;
          if (peak > 0.1 && !loud && t - quietSince > 0.2) found.push(t);
          if (peak > 0.1) loud = true;
          else if (loud) {
            loud = false;
            quietSince = t;
          }
        }
      }
      return found;
    },
    { bytes: Buffer.from(bytes).toString('base64'), mediabunny },
  );
  return { ...info, onsets };
}

test('takes recorded beat by beat survive a reload, hold the animation, and export in time with their cues', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await openVoiceOver(page, 'scene=row-read');
  const beats = 3;
  for (let beat = 0; beat < beats; beat++) {
    await recordTake(page);
    if (beat < beats - 1) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('voice-where')).toContainText(`beat ${beat + 2} of`);
    }
  }
  // Nothing is lost: a reload brings every take back, and with them the scene's voiced length.
  const length = (await page.getByTestId('position').textContent())!.split('/').at(-1)!.trim();
  await page.reload();
  await expect(page.getByTestId('voice-over')).toBeVisible();
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
  await expect(page.getByTestId('position')).toHaveText(new RegExp(`/ ${length.replace('.', '\\.')}$`));

  await page.locator('[data-control="export"]').click();
  const form = page.getByTestId('export-form');
  await form.getByLabel('1280×720').check();
  await form.getByLabel('Burn captions into the frames').uncheck();
  await expect(page.getByTestId('export-unavailable')).toContainText('voice track goes in as');
  await expect(page.getByTestId('export-unavailable')).toContainText('this range mixes in 3 takes');
  const downloads: Download[] = [];
  page.on('download', (d) => downloads.push(d));
  await form.getByRole('button', { name: 'Export video' }).click();
  await expect(page.getByTestId('export-dialog')).toHaveAttribute('data-export-state', 'done', { timeout: 90_000 });
  await expect.poll(() => downloads.length).toBe(2);
  const [video, captions] = downloads;
  const clip = await readClip(page, await bytesOf(video));
  // AAC where the browser encodes it, else MP3 (Debian's Chromium): what lecture-room software plays.
  expect(clip.audioCodec).toMatch(/^(aac|mp3)$/);
  expectFrameGrid(await probeVideo(clip.bytes), Math.round(clip.videoDuration * 30));
  expect(Math.abs(clip.audioDuration - clip.videoDuration)).toBeLessThanOrEqual(1 / 30);
  // Each take's sound begins at its beat's cue, within a frame; the WebVTT cues moved with the voice.
  const starts = cueStarts(new TextDecoder().decode(await bytesOf(captions)));
  for (let beat = 0; beat < beats; beat++) {
    const onset = clip.onsets.find((t) => t >= starts[beat] - 0.1);
    expect(onset, `beat ${beat + 1} at ${starts[beat]} s; sounds at ${clip.onsets.join(', ')}`).toBeDefined();
    expect(
      Math.abs(onset! - starts[beat]),
      `beat ${beat + 1} at ${starts[beat]} s; sounds at ${clip.onsets.join(', ')}`,
    ).toBeLessThanOrEqual(1 / 30);
  }
  // Beats without a take keep their reading hold: no sound starts after the last recorded one.
  expect(clip.onsets.filter((t) => t > starts[beats - 1] + 1.2)).toEqual([]);
});

test('a take cut short by a reload comes back as what was captured until then', async ({ page }) => {
  await openVoiceOver(page, 'scene=row-read');
  const panel = page.getByTestId('voice-over');
  await panel.getByRole('button', { name: 'Record' }).click();
  const meter = panel.getByRole('meter', { name: 'Microphone level' });
  await expect
    .poll(async () => Number(await meter.getAttribute('value')), { timeout: 15_000, intervals: [50] })
    .toBeGreaterThan(0.3);
  // Wait until pieces of the running take are in the browser's storage, then leave mid-take.
  const pieces = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('bank-conflict-player-voice');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const count = open.result.transaction('chunks').objectStore('chunks').count();
            count.onsuccess = () => (resolve(count.result), open.result.close());
          };
        }),
    );
  await expect.poll(pieces, { timeout: 5000 }).toBeGreaterThan(1);
  await page.reload();
  await expect(page.getByTestId('voice-status')).toContainText('recovered after an interruption');
  expect(await pieces()).toBe(0);
});

test('takes import from files named by scene and beat, and a bad name is named in the message', async ({ page }) => {
  await openVoiceOver(page, 'scene=banks');
  const wav = Buffer.from(encodeWav({ samples: bursts(1, 0.8, 0.2), sampleRate: RATE }));
  await page
    .getByTestId('voice-over')
    .locator('input[type="file"]')
    .setInputFiles([
      { name: 'banks-1.wav', mimeType: 'audio/wav', buffer: wav },
      { name: 'banks-99.wav', mimeType: 'audio/wav', buffer: wav },
      { name: 'nope-1.wav', mimeType: 'audio/wav', buffer: wav },
    ]);
  const message = page.getByTestId('voice-message');
  await expect(message).toContainText('Imported 1 take.');
  await expect(message).toContainText('banks-99.wav: scene banks has beats 1 to 7, so there is no beat 99');
  await expect(message).toContainText('nope-1.wav: there is no scene "nope"');
  await expect(page.getByTestId('voice-status')).toContainText(/Take: 0\.8\d s/);
});

test('a voice track exports to one file and imports again into a fresh browser', async ({ page, browser }) => {
  await openVoiceOver(page, 'scene=banks');
  await importTakes(page, ['banks-1', 'banks-2'], 0.6);
  const status = await page.getByTestId('voice-status').textContent();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export voice track' }).click();
  const zip = await bytesOf(await download);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await openVoiceOver(other, 'scene=banks');
  await expect(other.getByTestId('voice-status')).toContainText('No take');
  await other
    .getByTestId('voice-over')
    .locator('input[type="file"]')
    .setInputFiles({
      name: 'voice.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from(zip),
    });
  await expect(other.getByTestId('voice-message')).toContainText('Imported 2 takes.');
  await expect(other.getByTestId('voice-status')).toHaveText(status!);
  await fresh.close();
});

test('a take goes to the beat the recorder shows, at every moment of a beat change, and a retake keeps the take it replaced', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const padding = createProgram(SCENES).find((p) => p.id === 'padding')!;
  const plan = planTimeline(getSchedule(padding.access), padding.beats, READING_SPEEDS.normal);
  const [, second, third] = plan.beats;
  // From the second beat's end of reading to the third beat's cue the stage moves (requests land).
  const from = second.start + second.hold;
  const moments = [from, from + (third.start - from) / 3, from + (2 * (third.start - from)) / 3, third.start];
  const panel = page.getByTestId('voice-over');
  const painted = async () => Number(await page.getByTestId('stage').getAttribute('data-painted-time'));
  // At half speed the stage takes 2.3 s to move, so each moment is really on the way when Record is
  // pressed; the stage plays all of them, so slower would only cost the test more frames.
  await openVoiceOver(page, `scene=padding&t=${second.start}&speed=0.5`);
  for (const [i, moment] of moments.entries()) {
    // Each time from the second beat, as an instructor going back for a retake is.
    await expect(page.getByTestId('voice-where')).toContainText('beat 2 of 6');
    await panel.getByRole('button', { name: 'Next beat ▶' }).click();
    await expect(page.getByTestId('voice-where')).toContainText('beat 3 of 6');
    await page.waitForFunction(
      (t) => Number(document.querySelector<HTMLElement>('[data-testid="stage"]')!.dataset.paintedTime) >= t,
      moment,
    );
    const at = await painted();
    if (i < moments.length - 1) expect(at, 'Record is pressed while the stage still moves').toBeLessThan(third.start);
    await recordTake(page);
    await expect(page.getByTestId('voice-where')).toContainText('beat 3 of 6');
    // The beat the stage was leaving keeps no take; the one shown has it, and a retake kept the last.
    await expect(panel.getByRole('button', { name: 'Bring back the earlier take' })).toBeVisible({ visible: i > 0 });
    await panel.getByRole('button', { name: '◀ Previous beat' }).click();
    await expect(page.getByTestId('voice-where')).toContainText('beat 2 of 6');
    await expect(page.getByTestId('voice-status')).toContainText('No take for this beat yet');
  }
  // The earlier take comes back, and the retake is kept aside in its place.
  await openVoiceOver(page, `scene=padding&t=${third.start}`);
  const before = await page.getByTestId('voice-status').textContent();
  await panel.getByRole('button', { name: 'Bring back the earlier take' }).click();
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
  await expect(panel.getByRole('button', { name: 'Bring back the earlier take' })).toBeVisible();
  expect(before).toContain('Take:');
});

test('across a question never answered, the recorder and the stage move together, and each take lands on its beat', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const program = createProgram(SCENES);
  const asks = program.find((p) => p.id === 'every-other')!;
  const before = program[program.indexOf(asks) - 1];
  const panel = page.getByTestId('voice-over');
  const state = page.locator('[data-player-state]');
  await page.goto(`/?scene=${asks.id}`);
  await expect(state).toHaveAttribute('data-player-state', 'awaitingPrediction');
  // The recorder opened over the open question: a recording reads every caption, whatever the room predicts.
  if (!(await page.locator('[data-control="voice-over"]').isVisible()))
    await page.locator('[data-control="tools-menu"]').click();
  await page.locator('[data-control="voice-over"]').click();
  await expect(panel).toBeVisible();
  /** The recorder shows the beat the stage shows, standing still there. */
  const together = async (scene: typeof asks, beat: number) => {
    await expect(page.getByTestId('voice-where')).toContainText(
      `${scene.title} · beat ${beat + 1} of ${scene.beats.length}`,
    );
    await expect(page.getByTestId('voice-caption')).toHaveText(scene.beats[beat].text);
    await expect(page.getByTestId('narration')).toHaveText(scene.beats[beat].text);
    await expect(state).toHaveAttribute('data-player-state', 'paused');
  };
  const next = () => panel.getByRole('button', { name: 'Next beat ▶' }).click();
  const previous = () => panel.getByRole('button', { name: '◀ Previous beat' }).click();
  await together(asks, 0);
  await recordTake(page);
  await next();
  await together(asks, 1);
  await recordTake(page);
  await previous();
  await together(asks, 0);
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
  // Back out of the scene that asks, into the last beat of the one before, and in again.
  await previous();
  await together(before, before.beats.length - 1);
  await recordTake(page);
  await next();
  await together(asks, 0);
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
  await next();
  await together(asks, 1);
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
  // The track holds each take under the beat it was recorded at, as the render command reads it.
  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export voice track' }).click();
  const { files } = unpackVoiceTrack(await bytesOf(await download));
  expect([...files.keys()].map((name) => name.replace(/\.\w+$/, '')).sort()).toEqual(
    [`${before.id}-${before.beats.length}`, `${asks.id}-1`, `${asks.id}-2`].sort(),
  );
});

/** Keeps, in the page, what it asks of Web Audio, seen from outside the player: the contexts it makes and the takes it starts. */
async function listenToAudio(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const heard = { contexts: 0, starts: [] as { when: number; at: number; into: number }[] };
    (window as unknown as { heard: typeof heard }).heard = heard;
    const Native = window.AudioContext;
    window.AudioContext = class extends Native {
      constructor(options?: AudioContextOptions) {
        super(options);
        heard.contexts++;
        (window as unknown as { context: AudioContext }).context = this;
      }
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (when = 0, offset = 0, duration?: number) {
      heard.starts.push({ when, at: when - this.context.currentTime, into: offset });
      return duration === undefined ? start.call(this, when, offset) : start.call(this, when, offset, duration);
    };
  });
}

/** The state of the last audio context the page made, or `none`. */
const getAudioState = (page: Page) =>
  page.evaluate(() => (window as unknown as { context?: AudioContext }).context?.state ?? 'none');

test('playing the lesson starts each take ahead at its beat; a lesson with no take opens no sound device, and a pause lets it rest', async ({
  page,
}) => {
  await listenToAudio(page);
  const heard = () =>
    page.evaluate(
      () =>
        (window as unknown as { heard: { contexts: number; starts: { when: number; at: number; into: number }[] } })
          .heard,
    );
  const state = page.locator('[data-player-state]');
  const painted = async () => Number(await page.getByTestId('stage').getAttribute('data-painted-time'));
  /** Plays until the stage has moved, then pauses. */
  const playAWhile = async () => {
    const from = await painted();
    await page.keyboard.press('Space');
    await expect(state).toHaveAttribute('data-player-state', 'playing');
    await expect.poll(painted).toBeGreaterThan(from);
    await page.keyboard.press('Space');
    await expect(state).toHaveAttribute('data-player-state', 'paused');
  };
  // A student's lesson, with no take: no audio at all.
  await page.goto('/?scene=row-read');
  await expect(state).toHaveAttribute('data-player-state', 'paused');
  await playAWhile();
  expect(await heard()).toEqual({ contexts: 0, starts: [] });

  await openVoiceOver(page, 'scene=banks');
  await importTakes(page, ['banks-2', 'banks-3'], 0.8);
  await page.goto('/?scene=banks');
  await expect(state).toHaveAttribute('data-player-state', 'paused');
  // Next beat plays the stage to that beat and holds: each arrival is a beat's start.
  const beatStarts: number[] = [];
  while (beatStarts.length < 2) {
    const from = await painted();
    await page.keyboard.press('PageDown');
    await expect.poll(painted).toBeGreaterThan(from);
    await expect(state).toHaveAttribute('data-player-state', 'paused');
    beatStarts.push(await painted());
  }
  await page.goto(`/?scene=banks&t=${beatStarts[0]}`);
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(beatStarts[0]));
  await playAWhile();
  const { contexts, starts } = await heard();
  expect(contexts).toBe(1);
  // Played from the second beat's start: its take at once, from its beginning; the third's take when
  // the third beat begins. (Later starts, if any, are the takes put back in step with the clock.)
  const [second, third] = starts;
  expect(second.into).toBeCloseTo(0, 3);
  // At once: the audio clock moves in steps of a few milliseconds, even while the takes are placed.
  expect(Math.abs(second.at)).toBeLessThan(0.1);
  expect(third.into).toBe(0);
  expect(third.when - second.when).toBeCloseTo(beatStarts[1] - beatStarts[0], 3);
  // Paused, the audio clock stops, and the sound device with it.
  const contextState = () => getAudioState(page);
  await expect.poll(contextState).toBe('suspended');
  // In a lesson with takes, Play in a scene without one starts the clock all the same: browsers start
  // sound only from a press, and the next scene's voice must be heard without one.
  await page.goto('/?scene=row-read');
  await expect(state).toHaveAttribute('data-player-state', 'paused');
  await page.keyboard.press('Space');
  await expect(state).toHaveAttribute('data-player-state', 'playing');
  await expect.poll(contextState).toBe('running');
  await page.keyboard.press('Space');
  await expect.poll(contextState).toBe('suspended');
});

test("deleting the lesson's last take while it plays lets the sound device rest, and the lesson plays on", async ({
  page,
}) => {
  await listenToAudio(page);
  await openVoiceOver(page, 'scene=banks');
  // Long enough to be still playing when Delete is pressed, however busy the machine.
  await importTakes(page, ['banks-1'], 20);
  const state = page.locator('[data-player-state]');
  await page.keyboard.press('Space');
  await expect(state).toHaveAttribute('data-player-state', 'playing');
  await expect.poll(() => getAudioState(page)).toBe('running');
  await page.getByTestId('voice-over').getByRole('button', { name: 'Delete take' }).click();
  await expect.poll(() => getAudioState(page)).toBe('suspended');
  await expect(state).toHaveAttribute('data-player-state', 'playing');
});

test('Play take says it is playing, and stops', async ({ page }) => {
  await openVoiceOver(page, 'scene=banks');
  // A take of 20 s, so that it is still playing when Stop is pressed, however busy the machine.
  await importTakes(page, ['banks-1'], 20);
  const panel = page.getByTestId('voice-over');
  await expect(page.getByTestId('voice-status')).toContainText(/Take: 20\.\d+ s/);
  await panel.getByRole('button', { name: 'Play take' }).click();
  await expect(page.getByTestId('voice-status')).toContainText('Playing the take');
  await expect(panel.getByRole('button', { name: 'Stop playing' })).toHaveAttribute('aria-pressed', 'true');
  await panel.getByRole('button', { name: 'Stop playing' }).click();
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
});

test('with takes, a link opens at its moment of the voiced scene, and a reload returns to the same frame', async ({
  page,
}) => {
  await openVoiceOver(page, 'scene=padding');
  // Long takes for the second and third beats: the voiced plan differs from the reading one there.
  await importTakes(page, ['padding-2', 'padding-3'], 6);
  const scrubber = page.locator('[data-control="scrubber"]');
  const third = page.locator('.scrubber-ticks span.beat').nth(2);
  await expect(third).toBeAttached();
  // Four seconds into the voiced third beat: past where it would end without its take.
  const link = async (t: number) => {
    await page.goto(`/?scene=padding&t=${t}`);
    await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
    await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(t));
    return Number(await scrubber.getAttribute('aria-valuenow'));
  };
  for (const beat of [2, 3]) {
    await page.keyboard.press('PageDown');
    await expect(page.getByTestId('voice-where')).toContainText(`beat ${beat} of 6`);
    await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  }
  const start = Number(await page.getByTestId('stage').getAttribute('data-painted-time'));
  expect(await link(start + 4)).toBeCloseTo(start + 4, 2);
  await expect(page.getByTestId('narration')).toHaveText(
    createProgram(SCENES).find((p) => p.id === 'padding')!.beats[2].text,
  );
  await page.reload();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', String(start + 4));
  expect(await page.getByTestId('alerts-box').isHidden()).toBe(true);
});

test('on a phone, the voice-over panel with a take passes axe', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openVoiceOver(page, 'scene=padding');
  await importTakes(page, ['padding-1'], 0.6);
  await expect(page.getByTestId('voice-status')).toContainText('Take:');
  expect(await findAxeViolations(page)).toEqual([]);
});
