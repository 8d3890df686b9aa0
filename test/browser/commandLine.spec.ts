import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_FORMATS, BufferSource, Input } from 'mediabunny';
import { encodeWav } from '../../src/voice/wav';
import { bursts, RATE } from '../support/microphone';
import { CHAPTERS } from '../../scenes';
import { compareClipFrames, expectFrameGrid, probeVideo } from './player';

// `npm run render`, the command line that renders clips in a browser of its own. These are the
// suite's longest tests, in a file that sorts early so they start first and finish with the rest.

test('the render command refuses a bad argument, a scene or a chapter that does not exist', async () => {
  // Each refusal starts a command; one opens the render page, to read a lesson file's scenes.
  // 12–13 s beside the other tests on two cores, up to 30 s with a core kept busy: 3× and 2× headroom.
  test.setTimeout(90_000);
  const out = mkdtempSync(join(tmpdir(), 'render-'));
  /** What the command says on stderr, and its exit status, when it stops. */
  const refusal = (args: string[]) => {
    try {
      execFileSync('node', ['scripts/render.mjs', ...args], { stdio: 'pipe' });
    } catch (error) {
      const { stderr, status } = error as { stderr: Buffer; status: number };
      return { lines: String(stderr).trim().split('\n'), status };
    }
    throw new Error(`render ${args.join(' ')} did not stop`);
  };
  // Every problem, each on its line: what is missing first, then each argument in the order given.
  const bad = refusal(['--size', '9x9', '--scene', 'banks', '--fps', '24']);
  expect(bad.status).toBe(2);
  expect(bad.lines.filter((l) => l.startsWith('render: '))).toEqual([
    'render: --out <dir> is required',
    'render: --size must be 1280x720, 1920x1080 or 3840x2160, not "9x9"',
    'render: --fps must be 30 or 60, not "24"',
    'render: stopped; no clip was written.',
  ]);
  // A scene that does not exist stops the render, saying so, rather than rendering another.
  const nope = refusal(['--scene', 'nope', '--out', out]);
  expect(nope.status).toBe(2);
  expect(nope.lines[0]).toMatch(/^render: --scene "nope": there is no such scene; scenes are banks, row-read/);
  expect(nope.lines.join('\n')).not.toContain('default');
  const noChapter = refusal(['--chapter', 'nope', '--out', out]);
  expect(noChapter.status).toBe(2);
  expect(noChapter.lines[0]).toBe(
    `render: --chapter "nope": there is no such chapter; chapters are ${CHAPTERS.map((c) => c.id).join(', ')}. Nothing was rendered.`,
  );
  // A lesson file's scenes are known once the page has read it: the page refuses, in the same words.
  const inFile = refusal(['--lesson', writeLesson(SHORT), '--scene', 'nope', '--out', out]);
  expect(inFile.status).toBe(2);
  expect(inFile.lines[0]).toBe(
    'render: --scene "nope": there is no such scene; scenes are one-round. Nothing was rendered.',
  );
  const both = refusal(['--chapter', 'lesson', '--scene', 'banks', '--out', out]);
  expect(both.lines[0]).toBe('render: give exactly one of --scene <id>, --chapter <id> or --all');
  // The usage line follows wrong arguments only: not a scene a lesson lacks, nor a lesson's own mistakes.
  expect(bad.lines.some((l) => l.startsWith('usage: npm run render'))).toBe(true);
  expect(both.lines.some((l) => l.startsWith('usage: npm run render'))).toBe(true);
  expect(inFile.lines.some((l) => l.startsWith('usage:'))).toBe(false);
  const typo = refusal(['--lesson', writeLesson(SHORT.replace('beats:', 'beets:')), '--all', '--out', out]);
  expect(typo.status).toBe(2);
  expect(typo.lines.join('\n')).toContain('beets: is not a key this format has; did you mean beats?');
  expect(typo.lines.some((l) => l.startsWith('usage:'))).toBe(false);
  expect(readdirSync(out)).toEqual([]);
});

/** A lesson of one short scene (one round of a conflict-free read, 6.2 s): the render tests' clip. */
const SHORT = `title: Short
scenes:
  - id: one-round
    title: One round
    access: { pattern: expr, expr: "lane" }
    beats:
      - { cue: start, text: "Every lane reads its own bank." }
      - { cue: end, text: "{rounds} round." }
`;

/** Writes `text` as a lesson file in a folder of its own and gives its path. */
function writeLesson(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lesson-')), 'lesson.yaml');
  writeFileSync(file, text);
  return file;
}

test('a WebM render split over two workers joins into the frames of a render on one', async ({ page }) => {
  // 19–21 s beside the other tests on two cores, up to 33 s with a core kept busy: 4× and 2× headroom.
  test.setTimeout(90_000);
  const lesson = writeLesson(SHORT);
  const render = (workers: string) => {
    const out = mkdtempSync(join(tmpdir(), 'render-split-'));
    const args = ['--lesson', lesson, '--scene', 'one-round', '--out', out, '--size', '1280x720', '--captions', 'none'];
    execFileSync('node', ['scripts/render.mjs', ...args, '--format', 'webm', '--workers', workers], { stdio: 'pipe' });
    // One clip, named after the lesson and the scene: the parts were joined and are gone.
    expect(readdirSync(out)).toEqual(['short-one-round-1280x720-30fps.webm']);
    return new Uint8Array(readFileSync(join(out, 'short-one-round-1280x720-30fps.webm')));
  };
  const split = render('2');
  const info = await probeVideo(split);
  expect(info).toMatchObject({ codec: 'vp9', width: 1280, height: 720 });
  const frames = Math.round(info.duration * 30);
  // Joined without a gap or an overlap: every frame on the 1/30 s grid, each part's last a tick
  // long, and the second part's first a key frame at the cut.
  expectFrameGrid(info, frames);
  // A picture that holds still is encoded once, however long it holds.
  expect(info.frames).toBeLessThan(frames);
  const cut = Math.round(frames / 2) / 30;
  const second = info.starts.findIndex((t) => Math.round(t * 30) === Math.round(frames / 2));
  expect(info.types[second]).toBe('key');
  expect(Math.round(info.starts[second - 1] * 30)).toBe(Math.round(frames / 2) - 1);

  const whole = render('1');
  expectFrameGrid(await probeVideo(whole), frames);
  // The same frames at the start, either side of the cut and at the end: only the encoder's loss
  // tells them apart (a key frame at the cut against the whole render's chain of predicted frames).
  const compared = await compareClipFrames(page, split, whole, [0, cut - 1 / 30, cut, cut + 1 / 30, (frames - 1) / 30]);
  for (const { at, mean, far } of compared) {
    expect(mean, `mean difference at ${at.toFixed(3)} s`).toBeLessThan(4);
    expect(far, `pixels far off at ${at.toFixed(3)} s`).toBeLessThan(0.001);
  }
});

test('the render command renders a lesson file with a folder of takes in the clip, and refuses a take for no beat', async () => {
  test.setTimeout(60_000);
  const lesson = writeLesson(SHORT);
  const takes = mkdtempSync(join(tmpdir(), 'takes-'));
  mkdirSync(takes, { recursive: true });
  const wav = encodeWav({ samples: bursts(1, 0.7, 0.3), sampleRate: RATE });
  writeFileSync(join(takes, 'one-round-1.wav'), wav);
  writeFileSync(join(takes, 'one-round-2.wav'), wav);
  const out = mkdtempSync(join(tmpdir(), 'render-voice-'));
  const said = execFileSync(
    'node',
    [
      'scripts/render.mjs',
      '--lesson',
      lesson,
      '--scene',
      'one-round',
      '--voice',
      takes,
      '--out',
      out,
      '--size',
      '1280x720',
    ],
    { encoding: 'utf8', env: { ...process.env, CI: '1' } },
  );
  // A lesson written only as a file renders as the built-in one does, named after its title.
  const file = readdirSync(out).find((f) => f.endsWith('.mp4'))!;
  expect(file).toBe('short-one-round-1280x720-30fps-captioned.mp4');
  const input = new Input({
    source: new BufferSource(new Uint8Array(readFileSync(join(out, file)))),
    formats: ALL_FORMATS,
  });
  const audio = (await input.getPrimaryAudioTrack())!;
  const video = (await input.getPrimaryVideoTrack())!;
  expect(video.codec).toBe('avc');
  const read = await probeVideo(new Uint8Array(readFileSync(join(out, file))));
  expectFrameGrid(read, Math.round(read.duration * 30));
  // AAC where this Chromium encodes it, else MP3 (Debian's builds have no AAC encoder), as the command says.
  expect(['aac', 'mp3']).toContain(audio.codec);
  expect(said).toContain(`render: mixed in 2 takes, as ${audio.codec!.toUpperCase()} audio`);
  expect(Math.abs((await audio.computeDuration()) - (await video.computeDuration()))).toBeLessThanOrEqual(1 / 30);

  writeFileSync(join(takes, 'one-round-9.wav'), wav);
  writeFileSync(join(takes, 'nope-1.wav'), wav);
  let failure = '';
  try {
    execFileSync(
      'node',
      ['scripts/render.mjs', '--lesson', lesson, '--scene', 'one-round', '--voice', takes, '--out', out],
      {
        stdio: 'pipe',
      },
    );
  } catch (error) {
    failure = String((error as { stderr: Buffer }).stderr);
    expect((error as { status: number }).status).toBe(2);
  }
  // Each take for no beat named, on a line of its own.
  const lines = failure.split('\n');
  expect(lines.some((l) => l.startsWith('render: nope-1.wav: there is no scene "nope"'))).toBe(true);
  expect(lines).toContain('render: one-round-9.wav: scene one-round has beats 1 to 2, so there is no beat 9');
});
