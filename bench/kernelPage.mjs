// The page half of npm run bench:kernel (plain JS, like the other browser benchmarks): in headless
// Chromium, the time from clicking the header's Kernel button to the first preset's report shown
// (five fresh loads: the panel's code, the worker and the parser's WebAssembly all load then), from
// choosing each preset in the Open menu to its report shown, and from a keystroke in the editor to
// the report's rows drawn again, for each preset. The editor waits for typing to pause
// (TYPING_PAUSE_MS in KernelPanelView, 250 ms) before it asks the worker: the keystroke's figure is
// printed whole and less that pause.
import { readdirSync } from 'node:fs';
import { openPlayer, percentile } from './openPlayer.mjs';

const TYPING_PAUSE_MS = 250;
const ms = (v) => `${v.toFixed(0)} ms`;
const presets = readdirSync('assets/kernels')
  .filter((f) => f.endsWith('.cu'))
  .map((f) => f.replace(/\.cu$/, ''))
  .sort((a, b) => a.localeCompare(b));

/**
 * Before the page runs: the time of the last click or key a person gave (the event's own time stamp)
 * and, for each time the report's rows are put in the page, the end of the next frame after it.
 */
const watchReport = () => {
  window.__input = 0;
  window.__shown = [];
  const input = (e) => (window.__input = e.timeStamp);
  document.addEventListener('pointerdown', input, true);
  document.addEventListener('keydown', input, true);
  document.addEventListener('change', (e) => e.target.tagName === 'SELECT' && input(e), true);
  new MutationObserver((records) => {
    const rows = records.some((r) =>
      [...r.addedNodes].some((n) => n.nodeType === 1 && n.matches('[data-testid="kernel-line"]')),
    );
    if (!rows) return;
    const after = window.__input;
    requestAnimationFrame(() => setTimeout(() => window.__shown.push({ after, at: performance.now() })));
  }).observe(document, { subtree: true, childList: true });
};

/** Waits for the report shown after the last input, and returns the time from that input. */
async function timeToReport(page, act) {
  const before = await page.evaluate(() => window.__shown.length);
  await act();
  const input = await page.evaluate(() => window.__input);
  await page.waitForFunction(([n, t]) => window.__shown.slice(n).some((s) => s.after === t), [before, input], {
    timeout: 60_000,
  });
  // Later reports (a second analysis the same input started) would show here too: let them settle.
  await page.waitForTimeout(300);
  return page.evaluate(([n, t]) => window.__shown.slice(n).find((s) => s.after === t).at - t, [before, input]);
}

const opens = [];
for (let i = 0; i < 5; i++) {
  const { page, errors, close } = await openPlayer('', { width: 1280, height: 720 }, [], { initScript: watchReport });
  await page.waitForSelector('[data-painted-time]');
  opens.push(await timeToReport(page, () => page.getByRole('button', { name: 'Kernel', exact: true }).click()));
  if (i < 4) {
    await close();
    continue;
  }
  console.log(
    `Kernel button to the first preset's report shown: median ${ms(percentile(opens, 50))} ` +
      `(of 5 fresh loads: ${opens.map((t) => t.toFixed(0)).join(', ')} ms)`,
  );
  console.log('preset          chosen → report   keystroke → report (less the 250 ms pause), median of 5');
  for (const name of presets) {
    const chosen = await timeToReport(page, () => page.getByLabel('Open', { exact: true }).selectOption(name));
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.waitForTimeout(TYPING_PAUSE_MS * 2);
    const keys = [];
    for (let k = 0; k < 5; k++) keys.push(await timeToReport(page, () => page.keyboard.press('Space')));
    const key = percentile(keys, 50);
    console.log(
      `${name.padEnd(20)} ${ms(chosen).padStart(8)}   ${ms(key).padStart(8)} (${ms(key - TYPING_PAUSE_MS)}; ` +
        `slowest ${ms(Math.max(...keys) - TYPING_PAUSE_MS)})`,
    );
  }
  if (errors.length > 0) console.log(`console errors: ${errors.join('; ')}`);
  await close();
}
