// Shared by the browser benchmarks (plain JS: functions sent to the page must not be rewritten by a TS loader).
import { chromium } from 'playwright';
import { preview } from 'vite';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';

/**
 * Serves the built player and opens it in Debian's Chromium, for benchmarks that print figures.
 * `args` replaces the flags the tests use (see scripts/chromium.mjs); `extraArgs` adds to them;
 * `network` ({ latency in ms, download in bytes a second }) slows the page's connection from its first request.
 */
export async function openPlayer(query, viewport, extraArgs = [], { args = chromiumArgs, initScript, network } = {}) {
  const server = await preview({ preview: { host: '127.0.0.1', port: 4179, strictPort: false }, logLevel: 'warn' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...args, ...extraArgs] });
  const page = await browser.newPage({ viewport });
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  if (initScript) await page.addInitScript(initScript);
  if (network) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: network.latency,
      downloadThroughput: network.download,
      uploadThroughput: network.download,
    });
  }
  const url = `${server.resolvedUrls.local[0]}?${query}`;
  await page.goto(url);
  await page.waitForSelector('[data-player-state]:not([data-player-state="booting"])');
  return {
    page,
    errors,
    url,
    close: async () => {
      await browser.close();
      await new Promise((resolve) => server.httpServer.close(resolve));
    },
  };
}

export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
