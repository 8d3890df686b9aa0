import { expect, test, type Page } from '@playwright/test';
import { openPlayer } from './player';

const HEADER = { name: 'tile.cuh', mimeType: 'text/plain', buffer: Buffer.from('#pragma once\n#define TILE 32\n') };
const KERNEL = {
  name: 'grid.cu',
  mimeType: 'text/plain',
  buffer: Buffer.from(
    '#include "tile.cuh"\n#ifdef PAD\n#define W (TILE + 1)\n#else\n#define W TILE\n#endif\n__global__ void k() {\n  __shared__ float s[TILE * W];\n  for (int b = blockIdx.x; b < 100; b += gridDim.x)\n    s[threadIdx.x * W] = b;\n}\n',
  ),
};

/** Opens Kernel mode by its button and waits for its first report. */
async function openKernelMode(page: Page) {
  await openPlayer(page);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 20_000 });
}

/** Chooses files with Open .cu…, as a person picks them in the file dialog. */
async function openFiles(page: Page, files: Parameters<Page['setInputFiles']>[1]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open .cu…' }).click();
  await (await chooser).setFiles(files);
}

/** The one row of the report, as the page shows it: instructions and rounds. */
const firstRow = (page: Page) =>
  page
    .getByTestId('kernel-line')
    .first()
    .evaluate((r) => `${(r as HTMLElement).dataset.executions} × → ${(r as HTMLElement).dataset.rounds}`);

test('files opened together serve each other’s #include; Defines, Grid and Block index change the report', async ({
  page,
}) => {
  await openKernelMode(page);
  await openFiles(page, [KERNEL, HEADER]);
  await page.getByLabel('Thread block (X, XxY or XxYxZ)').fill('32');
  // One block alone runs all 100 rounds of the grid-stride loop, each store 32-way.
  await expect.poll(() => firstRow(page)).toBe('100 × → 3200');
  await page.getByLabel('Grid (blocks)').fill('40');
  await page.getByLabel('Block index').fill('3');
  await expect.poll(() => firstRow(page)).toBe('3 × → 96');
  await expect(page.getByTestId('kernel-verdict')).toContainText(
    "Line 9's loop steps by gridDim: this is block (3, 0, 0) of a grid of 40×1×1; give the grid the kernel is launched with.",
  );
  await page.getByLabel('Defines (-D)').pressSequentially('PAD');
  await expect.poll(() => firstRow(page)).toBe('3 × → 3');
});

test('an #include the page was not given is one message naming the file', async ({ page }) => {
  await openKernelMode(page);
  await openFiles(page, [KERNEL]);
  await expect(page.getByRole('button', { name: /^Line 1, column 10: cannot find "tile\.cuh"/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /cannot find/ })).toHaveText(
    'Line 1, column 10: cannot find "tile.cuh", which grid.cu includes: open or drop it together with the kernel (choose both files in Open .cu…)',
  );
});

test('a bad define and a bad grid are said beside their fields', async ({ page }) => {
  await openKernelMode(page);
  await page.getByLabel('Defines (-D)').fill('1X');
  await page.getByLabel('Grid (blocks)').fill('0');
  await expect(page.locator('#kernel-defines-error')).toHaveText(
    'Write NAME or NAME=value, separated by spaces (-UNAME undefines).',
  );
  await expect(page.locator('#kernel-grid-error')).toHaveText(
    'Must be X, XxY or XxYxZ blocks, each at least 1 (like 640 or 16x16).',
  );
});
