import { expect, test, type Page } from '@playwright/test';
import { sortByExcess } from '../../src/program/describeKernel';
import { analyzeOk, readPreset } from '../support/kernelAnalyzer';
import { openPlayer } from './player';

/** The reduction with its launch written in the file, as a CUDA project keeps it for bank-check. */
const REDUCE = `// bank-check: block=128\n${readPreset('reduce1')}`;

/** Opens Kernel mode by its button and waits for the first report. */
async function openKernelMode(page: Page) {
  const opened = await openPlayer(page);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 20_000 });
  return opened;
}

/** Chooses a file in "Open .cu…"'s dialog, as a person does. */
async function openFile(page: Page, name: string, source: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open .cu…' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(source) });
}

test('a file opened with a bank-check comment runs with its own launch, and the panel says which block', async ({
  page,
}) => {
  const { errors } = await openKernelMode(page);
  await openFile(page, 'reduce.cu', REDUCE);
  await expect(page.getByText('reduce.cu: run with block 128, from its bank-check comment on line 1.')).toBeVisible();
  await expect(page.getByLabel('Thread block (X, XxY or XxYxZ)')).toHaveValue('128');
  const report = await analyzeOk(REDUCE, { block: { x: 128, y: 1, z: 1 } });
  const expected = sortByExcess(report.lines).map((l) => [String(l.line), String(l.executions), String(l.rounds)]);
  await expect
    .poll(() =>
      page
        .getByTestId('kernel-line')
        .evaluateAll((rows) =>
          rows.map((r) => [
            (r as HTMLElement).dataset.line,
            (r as HTMLElement).dataset.executions,
            (r as HTMLElement).dataset.rounds,
          ]),
        ),
    )
    .toEqual(expected);
  expect(errors).toEqual([]);
});

test('a bank-check comment that cannot be read is named with its line and column, and the launch stays', async ({
  page,
}) => {
  await openKernelMode(page);
  const block = page.getByLabel('Thread block (X, XxY or XxYxZ)');
  const before = await block.inputValue();
  await openFile(page, 'bad.cu', `// bank-check: blocks=64\n${readPreset('reduce1')}`);
  await expect(
    page.getByText(
      'bad.cu, line 1, column 16: unknown key "blocks" in a bank-check comment: the keys are kernel, block, args, grid',
    ),
  ).toBeVisible();
  await expect(block).toHaveValue(before);
});
