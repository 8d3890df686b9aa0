import { expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

// No fake microphone and no one to grant it: the browser refuses the microphone.
test.use({ launchOptions: { executablePath: chromiumPath(), args: chromiumArgs } });

test('a refused microphone gets a clear message, and the takes so far are kept', async ({ page }) => {
  await page.goto('/?scene=banks&voice');
  await expect(page.getByTestId('voice-over')).toBeVisible();
  await expect(page.getByTestId('voice-status')).toContainText('No take');
  await page.getByTestId('voice-over').getByRole('button', { name: 'Record' }).click();
  await expect(page.getByTestId('voice-message')).toContainText(/microphone was refused|No microphone was found/);
  await expect(page.getByTestId('voice-over').getByRole('button', { name: 'Record' })).toBeEnabled();
  await expect(page.locator('[data-player-state]')).toHaveAttribute('data-player-state', 'paused');
});
