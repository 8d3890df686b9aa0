import { expect, test } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium.mjs';

test.use({
  launchOptions: { executablePath: chromiumPath(), args: [...chromiumArgs, '--disable-webgl', '--disable-3d-apis'] },
});

test('without WebGL, a clear message stands where the stage was and the mirror still steps through rounds', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/?scene=column-read');
  await expect(page.locator('[data-stage-message]')).toContainText('WebGL');
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('round-current')).toHaveText('2');
  await expect(page.locator('[data-testid="bank-card"][data-bank="0"]')).toHaveAttribute('data-serving', 'true');
  expect(errors).toEqual([]);
});
