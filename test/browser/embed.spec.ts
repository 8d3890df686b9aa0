import { expect, test, type Frame, type Page } from '@playwright/test';
import fc from 'fast-check';
import { SCENES } from '../../scenes';
import { ACCESS_FIELD_KEYS, createSpecRequest, getSchedule } from '../../src/engine';
import { MODES } from '../../src/player/modes';
import { createProgram } from '../../src/program/createProgram';
import { parsePlayerUrl } from '../../src/session/playerUrl';
import { unwrap } from '../unwrap';
import { findAxeViolations, openPlayer } from './player';
import { HOST_ORIGIN, PLAYER_ORIGIN, THIRD_ORIGIN } from '../support/testPorts.mjs';

const PLAYER = PLAYER_ORIGIN;
const HOST = HOST_ORIGIN;
const THIRD = THIRD_ORIGIN;

type Heard = { event: string; [key: string]: unknown };

/** What the host page has heard from the player so far (raw messages, or the component's DOM events). */
const heard = (page: Page, from: 'heard' | 'componentHeard' = 'heard') =>
  page.evaluate((from) => (window as unknown as Record<string, Heard[]>)[from], from);

/** Waits until the host has heard an event matching `match`, and returns it. */
async function hear(page: Page, match: Partial<Heard>, from: 'heard' | 'componentHeard' = 'heard'): Promise<Heard> {
  let found: Heard | undefined;
  await expect
    .poll(async () => {
      found = (await heard(page, from)).find((m) => Object.entries(match).every(([k, v]) => m[k] === v));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

const playerFrame = (page: Page): Frame => page.frames().find((f) => f.url().startsWith(PLAYER))!;

/** Posts commands to the player from the host page, as its parent. */
const command = (page: Page, ...messages: unknown[]) =>
  page.evaluate((messages) => {
    const frame = document.querySelector('iframe#player') as HTMLIFrameElement;
    for (const message of messages) frame.contentWindow!.postMessage(message, '*');
  }, messages);

const api = (rest: object) => ({ api: 'bank-conflict-player', v: 1, ...rest });

test('the web component: two lines on a course page make a player that takes every command and reports every event', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(`${HOST}/component.html`);
  const ready = await hear(page, { event: 'ready' }, 'componentHeard');
  expect(ready.scene).toBe('column-read');
  const frame = playerFrame(page);
  expect(new URL(frame.url()).searchParams.get('origin')).toBe(HOST);
  const mirror = (testid: string) => frame.locator(`[data-testid="${testid}"]`);
  const player = page.locator('bank-conflict-player');
  const call = (method: string, ...args: unknown[]) =>
    player.evaluate(
      (el, [method, args]) =>
        (el as unknown as Record<string, (...a: unknown[]) => void>)[method as string](...(args as unknown[])),
      [method, args] as const,
    );

  await call('seek', { round: 3 });
  await hear(page, { event: 'round', round: 3, rounds: 32 }, 'componentHeard');
  await expect(mirror('round-current')).toHaveText('3');

  await call('seek', 12.5);
  await expect
    .poll(async () => Number(await frame.locator('[data-control="scrubber"]').getAttribute('aria-valuenow')))
    .toBe(12.5);
  const beat = await hear(page, { event: 'beat' }, 'componentHeard');
  expect(typeof beat.text).toBe('string');

  await call('setSpeed', 2);
  await hear(page, { event: 'state', speed: 2 }, 'componentHeard');
  await expect(frame.locator('[data-control="speed"]')).toHaveValue('2');

  await call('setCaptions', false);
  await hear(page, { event: 'state', captions: false }, 'componentHeard');
  await expect(frame.locator('.player')).toHaveClass(/captions-off/);

  await call('play');
  await hear(page, { event: 'state', state: 'playing', playing: true }, 'componentHeard');
  await call('pause');
  await hear(page, { event: 'state', state: 'paused', playing: false }, 'componentHeard');

  // A scene played to its end (not stepped past) says so.
  const duration = (await hear(page, { event: 'scene', scene: 'column-read' }, 'componentHeard')).duration as number;
  await call('seek', Math.max(0, duration - 0.3));
  await call('play');
  await hear(page, { event: 'ended', scene: 'column-read', stepped: false, last: false }, 'componentHeard');

  // An attribute the API can change in place moves the player without reloading it.
  await player.evaluate((el) => el.setAttribute('scene', 'padding'));
  await hear(page, { event: 'scene', scene: 'padding' }, 'componentHeard');
  expect((await heard(page, 'componentHeard')).filter((m) => m.event === 'ready')).toHaveLength(1);

  // A question: the learner's answer reaches the page, with whether the model agrees.
  await call('goto', 'every-other');
  await hear(page, { event: 'scene', scene: 'every-other' }, 'componentHeard');
  // Every try reaches the page: a wrong first guess (which earns a hint), then the answer that stands.
  const answer = createProgram(SCENES).find((e) => e.id === 'every-other')!.question!.answer;
  const wrong = String(Number(answer) + 1);
  await frame.locator('.prediction-slot input').fill(wrong);
  await frame.locator('.prediction-slot input').press('Enter');
  await hear(page, { event: 'prediction', answer: wrong, right: false, attempt: 1, final: false }, 'componentHeard');
  await frame.locator('.prediction-slot input').fill(answer);
  await frame.locator('.prediction-slot input').press('Enter');
  await hear(
    page,
    { event: 'prediction', scene: 'every-other', answer, right: true, attempt: 2, hinted: true, final: true },
    'componentHeard',
  );
  // A small box has no room beside the stage: the verdict stands where the question was.
  await expect(mirror('verdict-slot')).toBeVisible();

  // The DOM events carry the very messages the frame posted.
  const raw = await heard(page);
  expect(new Set(raw.map((m) => m.origin))).toEqual(new Set([PLAYER]));
  const withoutOrigin = raw.map((m) => Object.fromEntries(Object.entries(m).filter(([key]) => key !== 'origin')));
  expect(await heard(page, 'componentHeard')).toEqual(withoutOrigin);
  expect(errors).toEqual([]);
});

test('the web component takes every field of an access as an attribute of the same name, from the engine’s kinds', async ({
  page,
}) => {
  await page.goto(`${HOST}/component.html`);
  await hear(page, { event: 'ready' }, 'componentHeard');
  const observed = await page.evaluate(
    () =>
      (customElements.get('bank-conflict-player') as unknown as { observedAttributes: string[] }).observedAttributes,
  );
  expect(observed).toEqual(expect.arrayContaining([...ACCESS_FIELD_KEYS, 'pattern']));
  // A kind's field, a shared field and the kernel's, as an author writes them on the element.
  const attributes = {
    mode: 'explore',
    predict: 'off',
    pattern: 'column',
    cols: '16',
    pitch: '24',
    x: '2',
    type: 'half',
  };
  await page
    .locator('bank-conflict-player')
    .evaluate((el, attributes) => Object.entries(attributes).forEach(([k, v]) => el.setAttribute(k, v)), attributes);
  const params = () => Object.fromEntries(new URL(playerFrame(page)?.url() ?? 'about:blank').searchParams);
  await expect.poll(params).toMatchObject(attributes);
  const { access } = parsePlayerUrl(`?${new URLSearchParams(attributes)}`, []);
  const rounds = getSchedule(unwrap(createSpecRequest(access))).rounds;
  await expect(playerFrame(page).locator('[data-testid="round-count"]')).toHaveText(String(rounds));
  await expect(playerFrame(page).locator('[data-testid="scene-title"]')).toContainText('pitch 24, 16 columns');
});

test('the web component takes each mode’s own link parameters as attributes, from the mode table', async ({ page }) => {
  await page.goto(`${HOST}/component.html`);
  await hear(page, { event: 'ready' }, 'componentHeard');
  const observed = await page.evaluate(
    () =>
      (customElements.get('bank-conflict-player') as unknown as { observedAttributes: string[] }).observedAttributes,
  );
  expect(observed).toEqual(expect.arrayContaining(MODES.flatMap((m) => m.link)));
  const attributes = { mode: 'puzzles', puzzle: 'pad-column', answer: 'row * 33 + col' };
  await page
    .locator('bank-conflict-player')
    .evaluate((el, attributes) => Object.entries(attributes).forEach(([k, v]) => el.setAttribute(k, v)), attributes);
  const frame = () => playerFrame(page);
  // The shared answer is in the puzzle's editor, checked: padding the column passes.
  await expect(frame().getByTestId('puzzle-answer')).toHaveValue('row * 33 + col');
  await expect(frame().getByTestId('puzzle-verdict')).toHaveAttribute('data-passed', 'true');
});

test('a bare frame: its parent drives it; a stranger’s frame beside it and 500 malformed messages change nothing', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto(`${HOST}/frame.html?embed&scene=column-read`);
  await hear(page, { event: 'ready' });
  const frame = playerFrame(page);
  const root = frame.locator('.player');

  // A stranger (a third origin, framed beside the player) sends good commands: they are ignored.
  const stranger = page.frames().find((f) => f.url().startsWith(THIRD))!;
  await stranger.evaluate(() => {
    const player = parent.frames[0];
    for (const message of [{ command: 'seek', round: 5 }, { command: 'play' }, { command: 'goto', scene: 'padding' }])
      player.postMessage({ api: 'bank-conflict-player', v: 1, ...message }, '*');
  });
  await expect(root).toHaveAttribute('data-ignored-messages', '3');
  await expect(frame.locator('[data-testid="round-current"]')).toHaveText('0');
  await expect(root).toHaveAttribute('data-player-state', 'paused');

  // The parent's malformed messages: each ignored and counted, none thrown.
  const seed = Number(process.env.TEST_SEED);
  const near = fc.oneof(
    fc.record({ api: fc.string(), v: fc.constant(1), command: fc.constant('play') }),
    fc.record({
      api: fc.constant('bank-conflict-player'),
      v: fc.integer().filter((v) => v !== 1),
      command: fc.constant('play'),
    }),
    fc
      .record({
        command: fc.string().filter((c) => !['play', 'pause', 'seek', 'goto', 'setSpeed', 'setCaptions'].includes(c)),
      })
      .map(api),
    fc
      .record({ command: fc.constant('seek'), time: fc.oneof(fc.string(), fc.constant(-1), fc.constant(null)) })
      .map(api),
    fc.record({ command: fc.constant('seek'), round: fc.double({ min: 0.1, max: 31.9, noInteger: true }) }).map(api),
    fc.record({ command: fc.constant('goto'), scene: fc.oneof(fc.integer(), fc.constant(''), fc.object()) }).map(api),
    fc.record({ command: fc.constant('setSpeed'), speed: fc.oneof(fc.string(), fc.boolean()) }).map(api),
    fc.record({ command: fc.constant('setCaptions'), captions: fc.oneof(fc.string(), fc.integer()) }).map(api),
    fc.record({ command: fc.constant('pause'), extra: fc.anything() }).map(api),
  );
  const junk = fc.oneof(
    near,
    fc.string(),
    fc.integer(),
    fc.constant(null),
    fc.array(fc.anything(), { maxLength: 5 }),
    fc.object(),
  );
  const messages = fc.sample(junk, { numRuns: 500, seed });
  await command(page, ...messages);
  await expect(root).toHaveAttribute('data-ignored-messages', String(3 + 500));
  const tagged = messages.filter((m) => (m as { api?: unknown } | null)?.api === 'bank-conflict-player').length;
  await expect.poll(async () => (await heard(page)).filter((m) => m.event === 'error').length).toBe(tagged);
  await expect(frame.locator('[data-testid="round-current"]')).toHaveText('0');

  // And it still works.
  await command(page, api({ command: 'seek', round: 3 }));
  await hear(page, { event: 'round', round: 3 });
  await expect(frame.locator('[data-testid="round-current"]')).toHaveText('3');
});

test('a link that names who may embed it shows nothing to any other page', async ({ page }) => {
  await page.goto(`${THIRD}/frame.html?embed&origin=${encodeURIComponent(HOST)}`);
  const frame = page.frameLocator('iframe#player');
  await expect(frame.locator('.framing-refusal')).toContainText(`may only be embedded by ${HOST}`);
  await expect(frame.locator('canvas')).toHaveCount(0);
});

test('predict=off shows an Explore access embedded without first asking for a prediction', async ({ page }) => {
  await openPlayer(page, 'embed&mode=explore&pattern=column&pitch=32&predict=off');
  await expect(page.locator('.player')).not.toHaveClass(/is-predicting/);
  await expect(page.locator('[data-testid="prediction-slot"]')).toBeEmpty();
  await expect(page.locator('[data-testid="round-count"]')).toHaveText('32');
});

test('a lesson file plays embedded; full screen and the details panel are one key or click away', async ({ page }) => {
  const { errors } = await openPlayer(page, 'embed&lesson=assets/lessons/transpose.yaml');
  await expect(page.locator('[data-control="scene"] option')).not.toHaveCount(0);
  await expect(page.getByTestId('alerts-box')).toBeHidden();
  await page.locator('[data-control="fullscreen"]').click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className ?? null)).toContain('player');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();
  // Tabbing into the details panel shows it over the player, and leaving it hides it again.
  const mirror = page.locator('.mirror');
  await mirror.focus();
  await expect(mirror).toBeInViewport({ ratio: 0.9 });
  await page.locator('[data-control="play"]').focus();
  expect((await mirror.boundingBox())!.width).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

for (const [width, height] of [
  [320, 180],
  [640, 360],
  [1280, 720],
  [1920, 1080],
]) {
  test(`the embed fits ${width}×${height} with no scroll bars, nothing cut off, and axe clean`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const { errors } = await openPlayer(page, 'embed&scene=column-read&round=4');
    const overflow = await page.evaluate(() => {
      const doc = document.scrollingElement!;
      return { x: doc.scrollWidth - innerWidth, y: doc.scrollHeight - innerHeight };
    });
    expect(overflow).toEqual({ x: 0, y: 0 });
    // Every control, the stage and the caption lie wholly inside the box.
    const outside = await page.evaluate(() => {
      const shown = [
        ...document.querySelectorAll<HTMLElement>(
          '.stage canvas, .caption, .transport button, .transport select, [role="slider"]',
        ),
      ].filter((el) => el.offsetParent !== null && getComputedStyle(el).visibility !== 'hidden');
      return shown
        .map((el) => ({ el: el.dataset.control ?? el.className ?? el.tagName, r: el.getBoundingClientRect() }))
        .filter(
          ({ r }) =>
            r.width === 0 || r.left < 0 || r.top < 0 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5,
        )
        .map(({ el }) => el);
    });
    expect(outside).toEqual([]);
    for (const control of ['play', 'scrubber', 'scene', 'fullscreen'])
      await expect(page.locator(`[data-control="${control}"]`)).toBeVisible();
    await expect(page.locator('.topbar')).toBeHidden();
    // The scene's title is still the page's heading, for screen readers.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/column read/i);
    // The details panel is not shown, but a screen reader still reads it.
    await expect(page.getByRole('grid', { name: /each lane/ })).toHaveCount(1);
    await expect(page.locator('[data-testid="round-current"]')).toHaveText('4');
    expect(await findAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('the page runs no inline script, and its policy allows no eval', async ({ page }) => {
  const { errors } = await openPlayer(page, 'scene=banks');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  const directives = policy!.split(';').map((d) => d.trim());
  // WebAssembly may compile (LAME, the MP3 encoder clips load), JavaScript may not be evaluated.
  expect(directives).toContain("script-src 'self' 'wasm-unsafe-eval'");
  expect(policy).not.toContain("'unsafe-eval'");
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
  expect(errors.filter((e) => !e.includes('Content Security Policy'))).toEqual([]);
  expect(errors).toHaveLength(1);
});

test('embedded at 640×360, the verdict stands where the question was, and folds away once the animation runs', async ({
  page,
}) => {
  await page.goto(`${HOST}/frame.html?embed&scene=every-other`);
  await hear(page, { event: 'ready' });
  const frame = playerFrame(page);
  const canvas = frame.locator('[data-testid="stage"] canvas');
  const before = (await canvas.boundingBox())!;
  const answer = createProgram(SCENES).find((e) => e.id === 'every-other')!.question!.answer;
  await frame.locator('.prediction-slot input').fill(answer);
  await frame.locator('.prediction-slot input').press('Enter');
  const verdict = frame.getByTestId('verdict-slot');
  await expect(verdict.getByTestId('reveal-engine')).toHaveText(answer);
  await verdict.getByRole('button', { name: 'Watch it' }).click();
  await hear(page, { event: 'state', state: 'playing' });
  await expect(verdict).toBeHidden();
  await expect(frame.getByTestId('verdict')).toBeHidden();
  // The stage keeps the size it had: nothing took its room.
  expect(await canvas.boundingBox()).toEqual(before);
});
