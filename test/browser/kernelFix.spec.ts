import { expect, test, type Page } from '@playwright/test';
import { getEditedLine, suggestLayoutFixes } from '../../src/engine/kernel';
import { analyzeOk, getKernelParser, instructionAt, readPreset } from '../support/kernelAnalyzer';
import { openPlayer } from './player';

const LAUNCH = { block: { x: 32, y: 8, z: 1 } };
const TRANSPOSE = readPreset('transposeCoalesced');

/** Opens Kernel mode by its button, as a visitor does, and waits for the first report's fixes. */
async function openKernelFixes(page: Page) {
  const opened = await openPlayer(page);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByTestId('kernel-fix').first()).toBeVisible({ timeout: 20_000 });
  return opened;
}

/** The Node analysis's fixes for the transpose, to set the page's numbers beside. */
async function getFixes() {
  const report = await analyzeOk(TRANSPOSE, LAUNCH);
  return suggestLayoutFixes(TRANSPOSE, LAUNCH, report, await getKernelParser());
}

const mirrorWords = (page: Page) =>
  page.getByTestId('lane-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.word));
const words = (addresses: Int32Array) => [...addresses].map((a) => String(a / 4));

test('Kernel mode shows the transpose’s fixes, each proved: a swizzle and a pad of one float, 992 → 0', async ({
  page,
}) => {
  // Budget: the first report (about 4 s on a quiet machine) and the fix search's analyses.
  test.setTimeout(40_000);
  const { errors } = await openKernelFixes(page);
  await expect(page.getByTestId('kernel-fix')).toHaveText([
    /^Fix: swizzle tile: column \^ row: 992 → 0 excess/,
    /^Fix: pad tile by 1 float \(128 bytes\): 992 → 0 excess/,
  ]);
  await expect(page.getByTestId('kernel-fix-status')).toHaveText(
    /^2 layouts lower the excess, each proved on the whole kernel \(2 whole-kernel analyses\)\.$/,
  );
  expect(errors).toEqual([]);
});

test('B puts the line’s worst instruction after the fix on stage, and B again the one before', async ({ page }) => {
  test.setTimeout(40_000);
  const { errors } = await openKernelFixes(page);
  const { fixes } = await getFixes();
  const before = await analyzeOk(TRANSPOSE, LAUNCH);
  const read = before.lines.find((l) => l.line === 27)!;
  const swizzle = fixes[0];
  const after = swizzle.report.lines.find((l) => l.line === getEditedLine(TRANSPOSE, swizzle.edits, 27))!;
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await page.locator('body').press('b');
  await expect(page.getByTestId('scene-title')).toHaveText('transposeCoalesced, line 30 after the fix: warp 0, j = 0');
  await expect(page.getByTestId('round-count')).toHaveText('1');
  await expect.poll(() => mirrorWords(page)).toEqual(words(instructionAt(swizzle.report, after.worst).addresses));
  await expect(page.getByTestId('kernel-fix-after')).toHaveText(
    'After "swizzle tile: column ^ row", line 30\'s worst, in warp 0, j = 0: 1 round, the ideal (before: 32 rounds where 1 would do).',
  );
  await page.locator('body').press('b');
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await expect.poll(() => mirrorWords(page)).toEqual(words(instructionAt(before, read.worst).addresses));
  expect(errors).toEqual([]);
});

test('a fix is applied with its button and undone with U: the source, the report and back', async ({ page }) => {
  test.setTimeout(40_000);
  const { errors } = await openKernelFixes(page);
  await page.getByTestId('kernel-fix').nth(1).getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.cm-content')).toContainText('tile[TILE_DIM][TILE_DIM + 1];');
  await expect(page.locator('[data-testid="kernel-line"][data-line="27"]')).toHaveAttribute('data-rounds', '32');
  await expect(page.getByTestId('kernel-fix-status')).toHaveText('No line conflicts: nothing to fix.');
  await expect(page.getByText('Applied: pad tile by 1 float (128 bytes): 992 → 0 excess.')).toBeVisible();
  await page.locator('body').press('u');
  await expect(page.locator('.cm-content')).toContainText('tile[TILE_DIM][TILE_DIM];');
  await expect(page.locator('[data-testid="kernel-line"][data-line="27"]')).toHaveAttribute('data-rounds', '1024');
  await expect(page.getByTestId('kernel-fix')).toHaveCount(2);
  expect(errors).toEqual([]);
});

test('A applies the first fix; reduce1 says plainly that no layout helps, its index being the cause', async ({
  page,
}) => {
  test.setTimeout(40_000);
  const { errors } = await openKernelFixes(page);
  await page.locator('body').press('a');
  await expect(page.locator('.cm-content')).toContainText('tileSwizzle(threadIdx.x, threadIdx.y + j)');
  await expect(page.locator('[data-testid="kernel-line"][data-line="30"]')).toHaveAttribute('data-rounds', '32');
  await page.getByLabel('Open', { exact: true }).selectOption('reduce1');
  await expect(page.getByTestId('kernel-no-fix')).toHaveText(
    /^sdata is one-dimensional with no #define of its own for a row pitch, .* change the index$/,
    { timeout: 20_000 },
  );
  await expect(page.getByTestId('kernel-fix-status')).toHaveText(
    'No layout the check can change would help, as said below.',
  );
  await expect(page.getByTestId('kernel-fix')).toHaveCount(0);
  expect(errors).toEqual([]);
});
