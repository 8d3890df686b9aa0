import { expect, test } from '@playwright/test';

// Chromium keeps only the last `--disable-features`: the one in scripts/chromium.mjs must carry
// every feature Playwright disables, and what it adds must take effect.

const disabledBy = (commandLine: string) =>
  [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1].split(','));

test('our --disable-features keeps every feature Playwright disables, and the omnibox popups are never built', async ({
  browser,
  page,
}) => {
  await page.goto('chrome://version');
  const lists = disabledBy(await page.locator('#command_line').innerText());
  expect(lists.length).toBeGreaterThan(1);
  const applied = lists.at(-1)!;
  for (const earlier of lists.slice(0, -1)) expect(applied).toEqual(expect.arrayContaining(earlier));

  await page.goto('/');
  await expect(page.locator('[data-player-state]')).not.toHaveAttribute('data-player-state', 'booting');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.map((t) => t.url)).toContain(page.url());
  expect(targetInfos.filter((t) => t.url.startsWith('chrome://omnibox-popup'))).toEqual([]);
});
