import { expect, test } from '@playwright/test';
import { openPlayer, readCanvas } from './player';

test('the column-read example draws a stage and reports 32 rounds, with no error logged', async ({ page }) => {
  const { errors } = await openPlayer(page, 'scene=column-read');
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
  const pixels = await readCanvas(page);
  expect(pixels.width).toBeGreaterThan(0);
  // A blank or single-colour canvas has (almost) no variance; lanes, columns and text give plenty.
  expect(pixels.variance).toBeGreaterThan(50);
  expect(errors).toEqual([]);
});
