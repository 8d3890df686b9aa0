import { expect, test, type Page } from '@playwright/test';
import { createSpecRequest, getSchedule, type Schedule } from '../../src/engine';
import { parsePlayerUrl } from '../../src/session/playerUrl';
import { unwrap } from '../unwrap';
import { hashStageBox, openPlayer, readCanvas, readStagePoints } from './player';
import { PALETTE, toCss } from '../../src/stage/palette';
import { WIDE } from '../../src/stage/stageGeometry';
import { HOST_ORIGIN } from '../support/testPorts.mjs';

/** The mirror's wider contract: the phase count, and each lane row's phase, words, address and race. */
async function wideMirrorOf(page: Page) {
  return page.evaluate(() => ({
    rounds: document.querySelector('[data-testid="round-count"]')!.textContent,
    phases: document.querySelector('[data-testid="phase-count"]')!.textContent,
    lanes: [...document.querySelectorAll<HTMLElement>('[data-testid="lane-row"]')].map((r) => [
      r.dataset.word,
      r.dataset.round,
      r.dataset.phase,
      r.dataset.words,
      r.dataset.address,
      r.dataset.race,
    ]),
  }));
}
const engineMirror = (s: Schedule) => ({
  rounds: String(s.rounds),
  phases: String(s.activePhases),
  lanes: s.lanes.map((l) => [
    l.word === null ? '' : String(l.word),
    l.round === null ? '' : String(l.round),
    l.phase === null ? '' : String(l.phase),
    l.words.join(','),
    l.address === null ? '' : String(l.address),
    String(l.race),
  ]),
});
/** The schedule the engine makes of a link's access, read by the link codec the page uses. */
const scheduleOf = (fields: Record<string, string>) =>
  getSchedule(unwrap(createSpecRequest(parsePlayerUrl(`?mode=explore&${new URLSearchParams(fields)}`, []).access)));

const CASES: [string, Record<string, string>][] = [
  ['a float4 column at a pitch of 9', { pattern: 'column', type: 'float4', pitch: '9' }],
  [
    'a 32×8 block transposing through tile[threadIdx.x][threadIdx.y], warp 5',
    { pattern: 'expr', expr: 'tile[threadIdx.x][threadIdx.y]', shared: 'float tile[32][32]', block: '32x8', warp: '5' },
  ],
  ['stores paired on a word', { pattern: 'expr', expr: 'lane / 2', op: 'store' }],
];
for (const [what, fields] of CASES) {
  test(`${what}: the mirror's phases, words, addresses and races agree with the engine`, async ({ page }) => {
    const { errors } = await openPlayer(page, `mode=explore&predict=off&${new URLSearchParams(fields)}`);
    await expect(page.getByTestId('alerts')).toBeEmpty();
    await expect.poll(() => wideMirrorOf(page)).toEqual(engineMirror(scheduleOf(fields)));
    expect(errors).toEqual([]);
  });
}

/** Where the stage writes "phase k of N": right of the round counter, under it. */
const PHASE_NOTE = { x: WIDE.phaseNote.x - 360, y: WIDE.phaseNote.y - 16, width: 360, height: 32 };

test('float4 on 8 lanes: one phase, as the mirror says, with the three empty phases drawn dashed', async ({ page }) => {
  const { errors } = await openPlayer(page, 'mode=explore&predict=off&pattern=row&type=float4&lanes=8&round=1');
  await expect(page.getByTestId('phase-count')).toHaveText('1');
  await expect(page.locator('[data-mirror="phases"]')).toBeHidden();
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', /.+/);
  const note = await hashStageBox(page, PHASE_NOTE);
  // The bracket under lanes 8–15, an empty phase: dashes, the ground showing between them.
  const { along } = WIDE.phaseGroups;
  const half = (WIDE.across(1) - WIDE.across(0)) / 2 - 4;
  const [from, to] = [WIDE.across(8) - half, WIDE.across(15) + half];
  const points = Array.from({ length: Math.floor(to - from) }, (_, i) => [from + i, along] as const);
  const colours = await readStagePoints(page, points);
  const ground = colours.filter((c) => c === toCss(PALETTE.ground)).length / colours.length;
  expect(ground, 'share of the bracket that is ground').toBeGreaterThan(0.25);
  expect(ground, 'share of the bracket that is drawn').toBeLessThan(0.75);
  // Where nothing is split into phases, nothing is written there; with two phases, "phase 1 of 2" is.
  await openPlayer(page, 'mode=explore&predict=off&pattern=row&round=1');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', /.+/);
  await expect.poll(() => hashStageBox(page, PHASE_NOTE)).toBe(note);
  await openPlayer(page, 'mode=explore&predict=off&pattern=row&type=float4&lanes=16&round=1');
  await expect(page.getByTestId('phase-count')).toHaveText('2');
  await expect.poll(() => hashStageBox(page, PHASE_NOTE)).not.toBe(note);
  expect(errors).toEqual([]);
});

test('the kernel’s fields typed into Explore: each bad one named beside it, the last good access kept', async ({
  page,
}) => {
  await openPlayer(page, 'mode=explore&pattern=row');
  await page.getByLabel('Ask me to predict first').uncheck();
  await page.getByText('Beyond the lesson: element type').click();
  await page.getByLabel('Element type').selectOption('float4');
  await expect(page.getByTestId('round-count')).toHaveText('4');
  await expect(page.getByTestId('phase-count')).toHaveText('4');
  await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('float4');
  const good = await wideMirrorOf(page);
  const cases: [RegExp, string, string, string][] = [
    [/^Thread block/, 'block', '64x32', 'at most 1024 threads'],
    [/^Thread block/, 'block', '32x0', 'at least 1'],
    [/^Warp of the block/, 'warp', '1', 'no warp 1'],
    [/^Shared array/, 'shared', 'float tile[32', 'C array declaration'],
    [/^Swizzle/, 'swizzle', '10,10,12', 'below bit 31'],
  ];
  for (const [label, field, value, reason] of cases) {
    await page.getByLabel(label).fill(value);
    await expect(page.locator(`[data-error-for="${field}"]`)).toContainText(reason);
    await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    expect(await wideMirrorOf(page)).toEqual(good);
    await page.getByLabel(label).fill(field === 'block' ? '32' : field === 'warp' ? '0' : '');
    await expect(page.locator(`[data-error-for="${field}"]`)).toBeEmpty();
  }
  // ldmatrix needs 16-byte aligned rows: half elements one apart are not.
  await page.getByLabel('Pattern').selectOption('expr');
  await page.getByLabel(/^Index of each lane/).fill('lane * 12');
  await page.getByLabel('Element type').selectOption('half');
  await page.getByLabel('Operation').selectOption('ldmatrix');
  await expect(page.locator('[data-error-for="expr"]')).toContainText("lane 1's ldmatrix row starts at byte 24");
  await page.getByLabel(/^Index of each lane/).fill('lane * 8');
  await expect(page.locator('[data-error-for="expr"]')).toBeEmpty();
  await expect(page.getByTestId('phase-count')).toHaveText('4');
});

test('ldmatrix.x4 over half tile[8][64]: 32 rounds in four phases, 4 with Swizzle<3,3,3>; the stage redraws', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=explore&predict=off');
  await page.getByRole('button', { name: 'ldmatrix.x4 columns' }).click();
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await expect(page.getByTestId('phase-count')).toHaveText('4');
  await page.keyboard.press('End');
  const plain = await readCanvas(page);
  await page.getByRole('button', { name: 'ldmatrix.x4, Swizzle<3,3,3>' }).click();
  await expect(page.getByTestId('round-count')).toHaveText('4');
  await expect.poll(() => new URL(page.url()).searchParams.get('swizzle')).toBe('3,3,3');
  await page.keyboard.press('End');
  await expect.poll(async () => (await readCanvas(page)).hash).not.toBe(plain.hash);
  expect(errors).toEqual([]);
});

test('stmatrix, chosen from the Operation menu: ldmatrix’s rows stored, the mirror as the engine says; rows at one address race', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=explore&predict=off');
  await page.getByLabel('Pattern').selectOption('expr');
  await page.getByLabel(/^Index of each lane/).fill('lane * 64');
  await page.getByText('Beyond the lesson: element type').click();
  await page.getByLabel('Operation').selectOption('stmatrix');
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await expect(page.getByTestId('phase-count')).toHaveText('4');
  await expect.poll(() => new URL(page.url()).searchParams.get('op')).toBe('stmatrix');
  const rows = { pattern: 'expr', expr: 'lane * 64', op: 'stmatrix' };
  await expect.poll(() => wideMirrorOf(page)).toEqual(engineMirror(scheduleOf(rows)));
  // Two matrices whose eight rows are stored at the same eight addresses: every lane races.
  await page.getByLabel(/^Matrices per/).selectOption('2');
  await page.getByLabel(/^Index of each lane/).fill('lane % 8 * 8');
  await expect(page.getByTestId('round-count')).toHaveText('2');
  const twice = { pattern: 'expr', expr: 'lane % 8 * 8', op: 'stmatrix', x: '2' };
  await expect.poll(() => wideMirrorOf(page)).toEqual(engineMirror(scheduleOf(twice)));
  expect((await wideMirrorOf(page)).lanes.filter((l) => l[5] === 'true')).toHaveLength(16);
  expect(errors).toEqual([]);
});

test('ldmatrix counts halves unless a type is chosen; another size is warned of; the type menu follows a declared array', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=explore&predict=off');
  await page.getByLabel('Pattern').selectOption('expr');
  const expression = page.getByLabel(/^Index of each lane/);
  await expression.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('(lane % 16) * 64 + (lane / 16) * 8');
  await page.getByText('Beyond the lesson: element type').click();
  const type = page.getByLabel('Element type');
  const warning = page.locator('[data-warning-for="type"]');
  await expect(type).toHaveValue('float');
  await page.getByLabel('Operation').selectOption('ldmatrix');
  await page.getByLabel(/^Swizzle/).click();
  await page.keyboard.type('3,3,3');
  // Halves, as a matrix holds them: the swizzled fragment load takes one round a matrix.
  await expect(type).toHaveValue('half');
  await expect(page.getByTestId('round-count')).toHaveText('4');
  await expect(warning).toBeHidden();
  await expect.poll(() => new URL(page.url()).searchParams.has('type')).toBe(false);
  // A float chosen counts 4-byte elements, as asked, and says why that is unusual beside the field.
  await type.selectOption('float');
  await expect(page.getByTestId('round-count')).toHaveText('8');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('ldmatrix moves 16-bit elements');
  await expect(warning).toContainText('each index counts 4 bytes');
  await expect(type).toHaveAttribute('aria-invalid', 'false');
  await expect.poll(() => new URL(page.url()).searchParams.get('type')).toBe('float');
  // A declared array sets the type: the menu shows it as soon as the declaration reads whole.
  await page.getByLabel(/^Shared array/).click();
  await page.keyboard.type('__shared__ half tile[16][64];');
  await expect(type).toHaveValue('half');
  await expect(warning).toBeHidden();
  await expect(page.getByTestId('round-count')).toHaveText('4');
  // A link that writes a type keeps it, and its warning shows as the form fills.
  await openPlayer(page, 'mode=explore&predict=off&pattern=expr&expr=lane*8&op=ldmatrix&type=float');
  await expect(page.getByLabel('Element type')).toHaveValue('float');
  await expect(page.locator('[data-warning-for="type"]')).toContainText('ldmatrix moves 16-bit elements');
  expect(errors).toEqual([]);
});

/** The key's second line on the stage, where the busiest bank's entry is: nothing else is drawn there. */
const LEGEND_LINE = { x: 0, y: WIDE.legend!.y + WIDE.legend!.lineHeight - 18, width: WIDE.width, height: 36 };

test('the stage’s key says what the busiest bank decides by the rule the count follows: the count, a phase’s rounds, a matrix’s', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=explore&predict=off&pattern=row');
  const legendOf = () => hashStageBox(page, LEGEND_LINE);
  const key = page.getByTestId('stage-legend');
  await expect(key).toContainText('busiest bank: sets the count');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', /\d/);
  const oneBank = await legendOf();
  await page.getByRole('button', { name: 'float4 along a row' }).click();
  await expect(page.getByTestId('phase-count')).toHaveText('4');
  await expect(key).toContainText('busiest bank of this phase: sets the phase’s rounds');
  await expect.poll(legendOf).not.toBe(oneBank);
  const phase = await legendOf();
  await page.getByRole('button', { name: 'ldmatrix.x4 columns' }).click();
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await expect(key).toContainText('busiest bank of this matrix: sets the matrix’s rounds');
  await expect.poll(legendOf).not.toBe(phase);
  expect(await legendOf()).not.toBe(oneBank);
  // Back to a one-phase access, the key reads as it did.
  await page.getByRole('button', { name: 'Row read' }).click();
  await expect(key).toContainText('busiest bank: sets the count');
  await expect.poll(legendOf).toBe(oneBank);
  expect(errors).toEqual([]);
});

test.describe('on an upright phone, the key under the stage', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('says per phase for a wide load and per matrix for ldmatrix, per bank for the lesson’s reads', async ({
    page,
  }) => {
    const key = page.getByTestId('stage-legend');
    await openPlayer(page, 'scene=column-read');
    await expect(key).toBeVisible();
    await expect(key.getByText('busiest bank: sets the count')).toBeVisible();
    await openPlayer(page, 'scene=wide-phases');
    await expect(key.getByText('busiest bank of this phase: sets the phase’s rounds')).toBeVisible();
    await expect(key).not.toContainText('sets the count');
    await openPlayer(page, 'scene=ldmatrix');
    await expect(key.getByText('busiest bank of this matrix: sets the matrix’s rounds')).toBeVisible();
  });
});

test('the embed element takes the kernel’s fields as attributes, as a link does', async ({ page }) => {
  await page.goto(`${HOST_ORIGIN}/component.html`);
  const player = page.locator('bank-conflict-player');
  await player.evaluate((el) => {
    for (const [name, value] of Object.entries({
      mode: 'explore',
      predict: 'off',
      pattern: 'expr',
      expr: 'tile[lane % 8][lane / 8 * 8]',
      shared: 'half tile[8][64]',
      op: 'ldmatrix',
      x: '2',
      swizzle: '3,3,3',
    }))
      el.setAttribute(name, value);
  });
  const frame = page.frameLocator('bank-conflict-player iframe');
  await expect(frame.getByTestId('round-count')).toHaveText('2');
  await expect(frame.getByTestId('phase-count')).toHaveText('2');
  await expect(frame.locator('[data-testid="lane-row"][data-active="true"]')).toHaveCount(16);
});

test('a float4 load each pair of lanes shares: the pairs served as one, stapled on the stage and said in the mirror; stored, neither', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=explore&predict=off&pattern=expr&expr=lane&round=1');
  const expression = page.getByLabel(/^Index of each lane/);
  await expression.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('lane / 2');
  await page.getByText('Beyond the lesson: element type').click();
  await page.getByLabel('Element type').selectOption('float4');
  const pairs = page.locator('[data-mirror="pairs"]');
  await expect(page.getByTestId('round-count')).toHaveText('2');
  await expect(page.getByTestId('phase-count')).toHaveText('2');
  await expect(pairs).toBeVisible();
  await expect(pairs).toHaveText(', each pair of lanes n and n^1 served as one');
  // The staple over lanes 0 and 1, 7 px above their boxes: lit with phase 1, the phase on stage.
  const along = WIDE.laneAlong - WIDE.laneSize / 2 - 7;
  const staple = Array.from({ length: 20 }, (_, i) => [WIDE.across(0) + 18 + i, along] as const);
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('round-current')).toHaveText('1');
  await expect(page.getByTestId('stage')).toHaveAttribute('data-painted-time', /.+/);
  await expect
    .poll(async () => (await readStagePoints(page, staple)).filter((c) => c === toCss(PALETTE.pointer)).length)
    .toBeGreaterThan(15);
  await page.getByLabel('Operation').selectOption('store');
  await expect(page.getByTestId('round-count')).toHaveText('4');
  await expect(pairs).toBeHidden();
  // The stores' race marks sit beside the lanes there; no staple is lit.
  await expect
    .poll(async () => (await readStagePoints(page, staple)).filter((c) => c === toCss(PALETTE.pointer)).length)
    .toBe(0);
  expect(errors).toEqual([]);
});
