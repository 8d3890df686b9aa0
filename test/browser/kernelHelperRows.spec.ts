import { expect, test } from '@playwright/test';
import { openPlayer } from './player';
import { HELPER_KERNEL } from '../support/helperKernel';

test('a called function’s line is a row of its own for each call, “via” the kernel’s line; choosing one shows the function’s line', async ({
  page,
}) => {
  test.setTimeout(30_000);
  const { errors } = await openPlayer(page);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 20_000 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open .cu…' }).click();
  await (await chooser).setFiles({ name: 'helper.cu', mimeType: 'text/plain', buffer: Buffer.from(HELPER_KERNEL) });
  await expect(page.getByText('helper.cu: run with block 32, from its bank-check comment on line 1.')).toBeVisible();
  // By line: each of the function's lines once for each call, then the kernel's own store.
  await page.getByRole('button', { name: 'Line', exact: true }).click();
  const rows = page.getByTestId('kernel-line');
  await expect
    .poll(() =>
      rows.evaluateAll((all) =>
        all.map((r) => {
          const { line, via, op, rounds, ideal } = (r as HTMLElement).dataset;
          return [line, via ?? null, op, rounds, ideal, r.querySelector('.kernel-via')?.textContent ?? null];
        }),
      ),
    )
    .toEqual([
      ['3', '10', 'load', '2', '1', 'via line 10'],
      ['3', '11', 'load', '2', '1', 'via line 11'],
      ['4', '10', 'load', '1', '1', 'via line 10'],
      ['4', '11', 'load', '1', '1', 'via line 11'],
      ['9', null, 'store', '1', '1', null],
    ]);
  // The gutter marks the function's lines, each call summed (lines 3, 4, then the store's 9).
  await expect(page.locator('.cm-kernel-costs .kernel-cost')).toHaveText(['4 / 2', '2 / 2', '1 / 1']);
  // Chosen by the keyboard: the function's line is lit in the editor, and the stage names the call.
  await page.getByRole('button', { name: 'Line 3 (via line 11), load: put it on stage' }).focus();
  await page.keyboard.press('Enter');
  await expect(rows.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('.kernel-editor .cm-line.cm-kernel-chosen')).toHaveText('  float a = t[i * 2];');
  await expect(page.getByTestId('scene-title')).toHaveText('k, line 3 (via line 11): warp 0');
  await expect(page.getByTestId('round-count')).toHaveText('2');
  // A click on the kernel's own store goes to its line.
  await rows.nth(4).click();
  await expect(page.locator('.kernel-editor .cm-line.cm-kernel-chosen')).toHaveText('  tile[threadIdx.x] = 0;');
  expect(errors).toEqual([]);
});

test('a link to a called function’s row opens that row, not the call line’s costliest', async ({ page }) => {
  test.setTimeout(30_000);
  await openPlayer(page);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 20_000 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open .cu…' }).click();
  await (await chooser).setFiles({ name: 'helper.cu', mimeType: 'text/plain', buffer: Buffer.from(HELPER_KERNEL) });
  // The clean line 4 of the second call: line 11's costliest is line 3's 2-way read.
  await page.getByRole('button', { name: 'Line 4 (via line 11), load: put it on stage' }).click();
  await expect(page.getByTestId('scene-title')).toHaveText('k, line 4 (via line 11): warp 0');
  await expect(page).toHaveURL(/[?&]line=11&inner=4(&|$)/);
  const { errors } = await openPlayer(page, new URL(page.url()).search);
  await expect(page.getByTestId('scene-title')).toHaveText('k, line 4 (via line 11): warp 0', { timeout: 20_000 });
  await expect(page.getByTestId('round-count')).toHaveText('1');
  await expect(page.locator('[data-testid="kernel-line"][aria-current="true"]')).toHaveAttribute('data-via', '11');
  expect(errors).toEqual([]);
});
