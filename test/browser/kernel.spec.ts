import { expect, test, type Page } from '@playwright/test';
import { inflateRawSync } from 'node:zlib';
import { writeBlock, type KernelLaunch, type KernelReport } from '../../src/engine';
import { describePlace, getInstructionConflict, sortByExcess } from '../../src/program/describeKernel';
import { analyze, analyzeOk, instructionAt, readPreset, rowInstructionsOf } from '../support/kernelAnalyzer';
import { findAxeViolations, openPlayer } from './player';

const WARPS_8 = { x: 32, y: 8, z: 1 };
const TRANSPOSE = readPreset('transposeCoalesced');
/** The coalesced transpose with its tile padded by one column, as a person types it. */
const PADDED = TRANSPOSE.replace('tile[TILE_DIM][TILE_DIM];', 'tile[TILE_DIM][TILE_DIM + 1];');

/** The report's rows as the page shows them, the most excess first. */
const rowsOf = (report: KernelReport) =>
  sortByExcess(report.lines).map((l) => ({
    line: String(l.line),
    op: l.op,
    executions: String(l.executions),
    rounds: String(l.rounds),
    ideal: String(l.ideal),
  }));

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The rows of the page's report, once they are there. */
async function pageRows(page: Page) {
  await expect(page.getByTestId('kernel-line').first()).toBeVisible();
  return page.getByTestId('kernel-line').evaluateAll((rows) =>
    rows.map((r) => {
      const { line, op, executions, rounds, ideal } = (r as HTMLElement).dataset;
      return { line, op, executions, rounds, ideal };
    }),
  );
}

/** Opens Kernel mode by its button, as a visitor does, and waits for the first report. */
async function openKernelMode(page: Page, query = '') {
  const opened = await openPlayer(page, query);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 20_000 });
  return opened;
}

/** Puts the editor's cursor at the end of a 1-based line (one that fits the editor's width). */
async function goToLineEnd(page: Page, line: number) {
  // A click on the line, as a person puts the cursor there: long lines wrap, so ArrowDown walks
  // the lines as drawn, not as numbered.
  await page
    .locator('.kernel-editor .cm-line')
    .nth(line - 1)
    .click();
  await page.keyboard.press('End');
}

/** What the page's link says of the kernel: its source unpacked from kz=, and the rest as written. */
function readKernelLink(url: string) {
  const params = new URL(url).searchParams;
  const kz = params.get('kz');
  const source = kz === null ? null : inflateRawSync(Buffer.from(kz, 'base64url')).toString('utf8');
  return {
    mode: params.get('mode'),
    source,
    block: params.get('block'),
    line: params.get('line'),
    instance: params.get('instance'),
  };
}

test('Kernel mode loads on first use: none of its code before it is opened, then its editor, worker and parser', async ({
  page,
}) => {
  // Budget: about 4 s on a quiet machine (the first analysis compiles 3.6 MB of WebAssembly).
  test.setTimeout(30_000);
  // Requests, the worker's too (the page's own resource timing does not list those).
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const kernelFiles = () => requested.filter((path) => /mountKernelMode.*\.js|kernelWorker|\.wasm$/.test(path));
  const { errors } = await openPlayer(page, 'scene=banks');
  await expect(page.locator('[data-painted-time]')).toBeAttached();
  // Past the idle prefetch of the other parts loaded on first use, which leaves this one out.
  await expect.poll(() => requested.some((path) => /mountExploreMode/.test(path))).toBe(true);
  expect(kernelFiles()).toEqual([]);
  await page.getByRole('button', { name: 'Kernel', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Kernel', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 20_000 });
  // The first four: the fix search's worker (and its parser, from the cache) starts after the first report.
  expect(
    kernelFiles()
      .slice(0, 4)
      .map((path) => path.replace(/-[\w-]{8}\./, '.')),
  ).toEqual([
    '/assets/mountKernelMode.js',
    '/assets/kernelWorker.js',
    '/assets/tree-sitter.wasm',
    '/assets/tree-sitter-cpp.wasm',
  ]);
  expect(errors).toEqual([]);
});

test('a preset’s lines, instructions and rounds are the analyzer’s, one of them taking parameters', async ({
  page,
}) => {
  test.setTimeout(40_000);
  const { errors } = await openKernelMode(page);
  expect(await pageRows(page)).toEqual(rowsOf(await analyzeOk(TRANSPOSE, { block: WARPS_8 })));
  const launches: [string, KernelLaunch][] = [
    ['reduce1', { block: { x: 256, y: 1, z: 1 } }],
    ['matrixMul', { block: { x: 32, y: 32, z: 1 }, args: { BLOCK_SIZE: 32, wA: 1024, wB: 1024 } }],
  ];
  for (const [name, launch] of launches) {
    const expected = await analyzeOk(readPreset(name), launch);
    await page.getByLabel('Open', { exact: true }).selectOption(name);
    await expect(page.getByLabel('Thread block (X, XxY or XxYxZ)')).toHaveValue(writeBlock(launch.block));
    await expect.poll(() => pageRows(page), { timeout: 20_000 }).toEqual(rowsOf(expected));
  }
  expect(errors).toEqual([]);
});

test('typing the padding “+ 1” into the tile’s declaration updates the report and the gutter', async ({ page }) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  const mark = page.locator('.cm-kernel-costs .kernel-cost', { hasText: /^1,024 \/ 32$/ });
  await expect(mark).toHaveClass(/is-much/);
  await goToLineEnd(page, 12);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' + 1');
  const padded = await analyzeOk(PADDED, { block: WARPS_8 });
  await expect.poll(() => pageRows(page)).toEqual(rowsOf(padded));
  // Line 27's read: 32 instructions of one round each, the ideal, its mark no longer coloured as excess.
  const read = padded.lines.find((l) => l.line === 27)!;
  expect([read.rounds, read.ideal]).toEqual([32, 32]);
  await expect(mark).toHaveCount(0);
  const marks = page.locator('.cm-kernel-costs .kernel-cost');
  await expect(marks).toHaveText(['32 / 32', '32 / 32']);
  for (const m of await marks.all()) await expect(m).toHaveClass(/is-none/);
  await expect(page.getByTestId('kernel-verdict')).toContainText('No bank conflict');
  expect(errors).toEqual([]);
});

test('a line chosen in the report goes on the stage: its worst instruction’s rounds and lanes, then each of its instructions', async ({
  page,
}) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  const report = await analyzeOk(TRANSPOSE, { block: WARPS_8 });
  const lanesOf = (addresses: Int32Array) => [...addresses].map((a) => String(a / 4));
  const mirrorLanes = () =>
    page.getByTestId('lane-row').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.word));
  // The store of line 19 by a click on its row; its one round.
  await page.locator('[data-testid="kernel-line"][data-line="19"]').click();
  const store = report.lines.find((l) => l.line === 19)!;
  await expect(page.getByTestId('round-count')).toHaveText(String(instructionAt(report, store.worst).rounds));
  expect(await mirrorLanes()).toEqual(lanesOf(instructionAt(report, store.worst).addresses));
  // The read of line 27 by Enter on its line's button, as a keyboard chooses it.
  await page.getByRole('button', { name: 'Line 27, load: put it on stage' }).focus();
  await page.keyboard.press('Enter');
  const read = report.lines.find((l) => l.line === 27)!;
  const instructions = rowInstructionsOf(report, read);
  await expect(page.locator('[data-testid="kernel-line"][data-line="27"]')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('round-count')).toHaveText('32');
  // The stage and the header name the instruction: the kernel, the line, the warp and the loop's value.
  await expect(page.getByTestId('scene-title')).toHaveText('transposeCoalesced, line 27: warp 0, j = 0');
  await expect(page.getByTestId('kernel-instruction')).toContainText(describePlace(instructionAt(report, read.worst)), {
    ignoreCase: true,
  });
  await expect(page.getByText(`Instruction 1 of ${instructions.length}`)).toBeVisible();
  expect(await mirrorLanes()).toEqual(lanesOf(instructionAt(report, read.worst).addresses));
  // → steps to the line's next instruction: the same warp's next iteration.
  await page.getByRole('button', { name: 'Next instruction of this line' }).click();
  await expect(page.getByText(`Instruction 2 of ${instructions.length}`)).toBeVisible();
  await expect(page.getByTestId('kernel-instruction')).toContainText(describePlace(instructions[1]), {
    ignoreCase: true,
  });
  expect(describePlace(instructions[1])).toBe('warp 0, j = 8');
  await expect.poll(mirrorLanes).toEqual(lanesOf(instructions[1].addresses));
  await expect(page.getByTestId('round-count')).toHaveText(String(instructions[1].rounds));
  // Opened in Explore, the instruction is Explore's access: the same rounds.
  await page.getByRole('link', { name: 'Open in Explore' }).click();
  await expect(page.getByRole('button', { name: 'Explore', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/mode=explore/);
  expect(errors).toEqual([]);
});

test('the conflict is said in CUDA’s words where one looks: the strip, the caption under the stage and the verdict', async ({
  page,
}) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  const report = await analyzeOk(TRANSPOSE, { block: WARPS_8 });
  const read = report.lines.find((l) => l.line === 27)!;
  const conflict = getInstructionConflict(report, instructionAt(report, read.worst));
  expect(conflict).toMatch(/^32-way bank conflict: lanes 0, 1 … 31 \(threadIdx\.x 0, 1 … 31\)/);
  await page.locator('[data-testid="kernel-line"][data-line="27"]').click();
  await expect(page.getByTestId('kernel-instruction')).toContainText(conflict);
  await expect(page.getByTestId('narration')).toHaveText(conflict);
  await expect(page.getByTestId('kernel-verdict')).toContainText(`It is a ${conflict}`);
  // The store of line 19 has none, and says so in the same places.
  await page.locator('[data-testid="kernel-line"][data-line="19"]').click();
  await expect(page.getByTestId('narration')).toHaveText(
    'No bank conflict: each bank serves one word a round (1 wavefront, the ideal).',
  );
  await expect(page.getByTestId('kernel-instruction')).toContainText('No bank conflict');
  expect(errors).toEqual([]);
});

test('any instruction is one choice away: a warp and a loop’s iteration from menus, the worst with W, the next conflicting with N', async ({
  page,
}) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  const report = await analyzeOk(TRANSPOSE, { block: WARPS_8 });
  const line = report.lines.find((l) => l.line === 27)!;
  const instructions = rowInstructionsOf(report, line);
  await page.locator('[data-testid="kernel-line"][data-line="27"]').click();
  const place = page.getByTestId('kernel-instruction');
  // By the keyboard: warp 3 from its menu, then j = 16 from the loop's.
  await page.getByLabel('Warp', { exact: true }).focus();
  await page.getByLabel('Warp', { exact: true }).selectOption('3');
  await expect(place).toContainText('Warp 3, j = 0');
  await page.getByLabel('Loop of line 26').selectOption({ label: 'j = 16' });
  await expect(place).toContainText('Warp 3, j = 16');
  const at = instructions.findIndex((i) => i.warp === 3 && i.loops[0].values.j === 16);
  await expect(page.getByText(`Instruction ${at + 1} of ${instructions.length}`)).toBeVisible();
  await expect(page.getByTestId('round-count')).toHaveText(String(instructions[at].rounds));
  // W goes to the line's worst, N on to the next instruction that conflicts.
  await page.locator('.kernel-strip h3').click();
  await page.keyboard.press('w');
  await expect(place).toContainText(capitalize(describePlace(instructionAt(report, line.worst))));
  await page.keyboard.press('n');
  await expect(page.getByText(`Instruction 2 of ${instructions.length}`)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a parameter with no value is asked for in its field, never as a command-line flag', async ({ page }) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  // Pasted, as a person brings a kernel of their own.
  await page.keyboard.insertText(
    '__global__ void k(int pitch) {\n  __shared__ float t[4096];\n  t[threadIdx.x * pitch] = 1;\n}\n',
  );
  const listed = page.getByTestId('kernel-errors');
  await expect(listed).toContainText('give it one (in the field pitch)');
  await expect(listed).not.toContainText('--arg');
  const field = page.getByLabel(/^pitch/);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#kernel-arg-pitch-error')).toContainText('Needs a value');
  // Given one, the kernel runs, and the field says nothing more.
  await field.fill('33');
  await expect(page.locator('[data-testid="kernel-line"][data-line="3"]')).toBeVisible();
  await expect(page.locator('#kernel-arg-pitch-error')).toBeHidden();
  await expect(listed).toBeEmpty();
  expect(errors).toEqual([]);
});

test('a syntax error is underlined at its place and listed; the last good report and stage collapse, one click away', async ({
  page,
}) => {
  // Budget: 13 s on two shared cores (the cursor walks to line 16 twice, key by key).
  test.setTimeout(40_000);
  const { errors } = await openKernelMode(page);
  const before = await pageRows(page);
  await goToLineEnd(page, 16);
  await page.keyboard.press('Backspace');
  const broken = TRANSPOSE.replace('int width = gridDim.x * TILE_DIM;', 'int width = gridDim.x * TILE_DIM');
  const refused = await analyze(broken, { block: WARPS_8 });
  expect(refused.ok).toBe(false);
  const [expected] = refused.ok ? [] : refused.errors;
  const listed = page.getByTestId('kernel-errors').locator('li');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-line', String(expected.line));
  await expect(listed).toHaveAttribute('data-column', String(expected.column));
  await expect(listed).toContainText(`Line ${expected.line}, column ${expected.column}: ${expected.message}`);
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(1);
  await expect(page.getByTestId('kernel-stale')).toBeVisible();
  await expect(page.getByTestId('kernel-stale')).toContainText('analysed over block 32x8');
  // The report of the source before is put away, and the stage dimmed with a word saying whose it is.
  await expect(page.getByTestId('kernel-line').first()).toBeHidden();
  await expect(page.getByTestId('kernel-verdict')).toBeHidden();
  await expect(page.getByTestId('kernel-stage-stale')).toBeVisible();
  await expect(page.getByTestId('stage')).toHaveClass(/is-kernel-stale/);
  await expect(page.getByTestId('kernel-on-stage')).toBeHidden();
  // One click shows it again, every row marked as the last source's.
  await page.getByRole('button', { name: 'Show the last report' }).click();
  await expect(page.getByTestId('kernel-line').first()).toBeVisible();
  expect(await pageRows(page)).toEqual(before);
  await expect(page.locator('[data-testid="kernel-line"]:not([data-stale="true"])')).toHaveCount(0);
  // Fixed, the error goes and the report is the source's again.
  await goToLineEnd(page, 16);
  await page.keyboard.type(';');
  await expect(listed).toHaveCount(0);
  await expect(page.getByTestId('kernel-stale')).toBeHidden();
  await expect(page.getByTestId('kernel-stage-stale')).toBeHidden();
  await expect(page.locator('[data-testid="kernel-line"][data-stale="true"]')).toHaveCount(0);
  await expect(page.getByTestId('kernel-line').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('while an analysis runs the report is marked busy, and the words say the block it runs over', async ({ page }) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  const report = page.locator('.kernel-report');
  await expect(report).toHaveAttribute('aria-busy', 'false');
  await expect(report.getByRole('heading')).toHaveText('Report, over one block of 32x8');
  // The busy mark is seen as the analysis starts: watched from the page, since it may end within a frame.
  const marks = page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [];
        const target = document.querySelector('.kernel-report')!;
        new MutationObserver(() => {
          seen.push(target.getAttribute('aria-busy')!);
          if (seen.at(-1) === 'false') resolve(seen);
        }).observe(target, { attributes: true, attributeFilter: ['aria-busy'] });
      }),
  );
  const block = page.getByLabel(/^Thread block/);
  await block.fill('32x4');
  expect(await marks).toEqual(['true', 'false']);
  await expect(report.getByRole('heading')).toHaveText('Report, over one block of 32x4');
  expect(errors).toEqual([]);
});

/** Opens a file of `source` called `name` through "Open .cu…", as a person picks it. */
async function openFile(page: Page, name: string, source: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open .cu…' }).click();
  await (await chooser).setFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(source) });
}

test('a file opened runs with the launch its header gives, else the default block, and says which', async ({
  page,
}) => {
  test.setTimeout(20_000);
  const { errors } = await openKernelMode(page);
  const block = page.getByLabel(/^Thread block/);
  await expect(block).toHaveValue('32x8');
  const kernel = '__global__ void k() {\n  __shared__ float t[1024];\n  t[threadIdx.y * 32 + threadIdx.x] = 1;\n}\n';
  await openFile(page, 'mine.cu', `// npm run kernel -- mine.cu --block 16x4\n${kernel}`);
  await expect(block).toHaveValue('16x4');
  await expect(page.getByText('Opened mine.cu: block 16x4, as its header says.')).toBeVisible();
  await expect(page.locator('.kernel-report').getByRole('heading')).toHaveText('Report, over one block of 16x4');
  // A file that names no launch runs with the default block, not the last kernel's.
  await openFile(page, 'bare.cu', kernel);
  await expect(block).toHaveValue('32');
  await expect(page.getByText(/^Opened bare\.cu: block 32, the default/)).toBeVisible();
  await expect(page.locator('.kernel-report').getByRole('heading')).toHaveText('Report, over one block of 32');
  expect(errors).toEqual([]);
});

test('at 1280×720 the panel opens at its top and stays where it is as a row is chosen; gutter marks read as numbers, 32x8 as typed', async ({
  page,
}) => {
  test.setTimeout(20_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const { errors } = await openKernelMode(page);
  const heading = page.getByRole('heading', { name: /^Kernel: its shared-memory lines/ });
  const open = page.getByRole('button', { name: 'Open .cu…' });
  await expect(page.locator('.cm-kernel-costs .kernel-cost', { hasText: '1,024 / 32' })).toBeVisible();
  await expect(heading).toBeInViewport();
  await expect(open).toBeInViewport();
  // Scrolled down to a row, as a person does to reach it, the panel stays where they left it once it is chosen.
  const row = page.locator('[data-testid="kernel-line"][data-line="19"]');
  await row.scrollIntoViewIfNeeded();
  const panelTop = () =>
    row.evaluate((el) => {
      let box = el.parentElement;
      while (box && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY)))
        box = box.parentElement;
      return box ? box.scrollTop : window.scrollY;
    });
  const before = await panelTop();
  await row.click();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('round-count')).toHaveText('1');
  expect(await panelTop()).toBe(before);
  // Inter draws an x between digits as × unless told not to: the block reads as it is typed.
  const block = page.getByLabel(/^Thread block/);
  await expect(block).toHaveValue('32x8');
  expect(await block.evaluate((el) => getComputedStyle(el).fontVariantLigatures)).toBe('no-contextual');
  expect(await heading.evaluate((el) => getComputedStyle(el).fontVariantLigatures)).toBe('no-contextual');
  expect(errors).toEqual([]);
});

test('at 1920×1080 the editor takes the room the screen has, its long lines wrapped', async ({ page }) => {
  test.setTimeout(20_000);
  await page.setViewportSize({ width: 1920, height: 1080 });
  const { errors } = await openKernelMode(page);
  const box = (await page.locator('.kernel-editor .cm-editor').boundingBox())!;
  expect(box.height).toBeGreaterThan(0.5 * 1080);
  // Line 1's comment is longer than the editor is wide: wrapped, the editor scrolls no way but down.
  const scroller = page.locator('.kernel-editor .cm-scroller');
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  expect(errors).toEqual([]);
});

test('a link round-trips: the page writes the source deflated (kz=) with the launch, line and instruction, and opens it again', async ({
  page,
  browser,
}) => {
  test.setTimeout(30_000);
  const { errors } = await openKernelMode(page);
  await goToLineEnd(page, 12);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' + 1');
  const block = page.getByLabel('Thread block (X, XxY or XxYxZ)');
  await block.selectText();
  await page.keyboard.type('32x4');
  const report = await analyzeOk(PADDED, { block: { x: 32, y: 4, z: 1 } });
  await expect.poll(() => pageRows(page)).toEqual(rowsOf(report));
  await page.locator('[data-testid="kernel-line"][data-line="19"]').click();
  const next = page.getByRole('button', { name: 'Next instruction of this line' });
  await next.click();
  await next.click();
  await expect(page).toHaveURL(/instance=3/);
  const link = readKernelLink(page.url());
  expect(link).toEqual({ mode: 'kernel', source: PADDED, block: '32x4', line: '19', instance: '3' });

  // Another visitor (no draft of theirs) opens the link: the same report, line and instruction.
  const other = await browser.newPage();
  await openPlayer(other, new URL(page.url()).search);
  expect(await pageRows(other)).toEqual(rowsOf(report));
  await expect(other.getByLabel('Thread block (X, XxY or XxYxZ)')).toHaveValue('32x4');
  const store = rowInstructionsOf(
    report,
    report.lines.find((l) => l.line === 19)!,
  );
  await expect(other.getByText(`Instruction 3 of ${store.length}`)).toBeVisible();
  await expect(other.getByTestId('round-count')).toHaveText(String(store[2].rounds));
  await other.close();

  // A link may carry the source typed out (kernel=); the page reads it and writes it back deflated.
  const racing = readPreset('racingStore');
  await openPlayer(page, `mode=kernel&kernel=${encodeURIComponent(racing)}&block=64`);
  expect(await pageRows(page)).toEqual(rowsOf(await analyzeOk(racing, { block: { x: 64, y: 1, z: 1 } })));
  await expect.poll(() => readKernelLink(page.url()).source).toBe(racing);
  expect(new URL(page.url()).searchParams.has('kernel')).toBe(false);
  expect(errors).toEqual([]);
});

test('a bad value in a Kernel mode link is named in the alert, and the rest still opens', async ({ page }) => {
  test.setTimeout(20_000);
  await openPlayer(page, 'mode=kernel&kz=_-_-&block=2048&args=n&line=0');
  await expect(page.getByTestId('kernel-line').first()).toBeVisible({ timeout: 15_000 });
  const alert = page.getByRole('alert');
  for (const field of ['kz', 'block', 'args', 'line'])
    await expect(alert.locator('strong', { hasText: new RegExp(`^${field}$`) })).toBeVisible();
  await expect(alert).toContainText('kz: is not a deflated source');
  // The first preset stands in for the source the link could not give, with its own block.
  expect(await pageRows(page)).toEqual(rowsOf(await analyzeOk(TRANSPOSE, { block: WARPS_8 })));
});

test('a reload keeps the source, launch, line and instruction, and what was typed is kept in this browser', async ({
  page,
}) => {
  test.setTimeout(30_000);
  const { errors } = await openKernelMode(page);
  await goToLineEnd(page, 12);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' + 1');
  const report = await analyzeOk(PADDED, { block: WARPS_8 });
  await expect.poll(() => pageRows(page)).toEqual(rowsOf(report));
  await page.locator('[data-testid="kernel-line"][data-line="27"]').click();
  await page.getByRole('button', { name: 'Next instruction of this line' }).click();
  await expect(page).toHaveURL(/instance=2/);
  await page.reload();
  expect(await pageRows(page)).toEqual(rowsOf(report));
  await expect(page.locator('[data-testid="kernel-line"][data-line="27"]')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('Instruction 2 of 32')).toBeVisible();
  await expect(page.locator('.cm-content')).toContainText('tile[TILE_DIM][TILE_DIM + 1];');
  expect(readKernelLink(page.url()).source).toBe(PADDED);
  // Kernel mode opened afresh, with no kernel in the link: what was typed is there.
  await openKernelMode(page);
  await expect(page.locator('.cm-content')).toContainText('tile[TILE_DIM][TILE_DIM + 1];');
  expect(await pageRows(page)).toEqual(rowsOf(report));
  // Another kernel chosen, the draft is still in the menu.
  const menu = page.getByLabel('Open', { exact: true });
  await menu.selectOption('reduce0');
  await expect(page.locator('.cm-content')).toContainText('reduce0');
  await menu.selectOption({ label: 'Your draft, kept in this browser' });
  await expect(page.locator('.cm-content')).toContainText('tile[TILE_DIM][TILE_DIM + 1];');
  await expect.poll(() => pageRows(page)).toEqual(rowsOf(report));
  expect(errors).toEqual([]);
});

test('Kernel mode is accessible: axe finds nothing serious, PageDown stays in the editor and Tab leaves it', async ({
  page,
}) => {
  test.setTimeout(30_000);
  await openKernelMode(page);
  await page.locator('[data-testid="kernel-line"][data-line="27"]').click();
  await expect(page.getByTestId('round-count')).toHaveText('32');
  expect(await findAxeViolations(page)).toEqual([]);
  await page.locator('.cm-content').click();
  // PageDown pages through the source: the player keeps its instruction on stage and the editor its focus.
  await page.keyboard.press('PageDown');
  await expect(page.locator('.cm-content')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') === null)).toBe(true);
});

test('on a phone the editor and the report stack, a row is one tap that brings the stage into view, and nothing scrolls sideways', async ({
  browser,
}) => {
  test.setTimeout(30_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const { errors } = await openKernelMode(page);
  const editor = (await page.locator('.kernel-editor').boundingBox())!;
  const table = (await page.getByTestId('kernel-report').boundingBox())!;
  expect(editor.y + editor.height).toBeLessThanOrEqual(table.y);
  for (const box of [editor, table]) expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The header keeps the ? in the row of the modes.
  const help = (await page.locator('[data-control="help"]').boundingBox())!;
  const kernel = (await page.getByRole('button', { name: 'Kernel', exact: true }).boundingBox())!;
  expect(Math.abs(help.y + help.height / 2 - (kernel.y + kernel.height / 2))).toBeLessThan(4);
  await page.locator('[data-testid="kernel-line"][data-line="19"]').tap();
  await expect(page.getByTestId('round-count')).toHaveText('1');
  // The stage is a screen above the list: the row tapped brings it into view, to be seen changing.
  await expect(page.getByTestId('stage')).toBeInViewport({ ratio: 0.5 });
  expect(errors).toEqual([]);
  await context.close();
});

test('a cp.async line is reported as cp.async, and the verdict says once that its count is a model', async ({
  page,
}) => {
  const source = [
    '__global__ void copyTile(const float *in) {',
    '  __shared__ float tile[32 * 8];',
    '  __pipeline_memcpy_async(&tile[threadIdx.x * 4], in + threadIdx.x * 4, 16);',
    '  __pipeline_memcpy_async(&tile[threadIdx.x], in, 4);',
    '  __pipeline_commit();',
    '}',
  ].join('\n');
  const { errors } = await openPlayer(page, `mode=kernel&kernel=${encodeURIComponent(source)}&block=32`);
  expect(await pageRows(page)).toEqual(rowsOf(await analyzeOk(source, { block: { x: 32, y: 1, z: 1 } })));
  await expect(page.locator('[data-testid="kernel-line"][data-op="cp.async"]')).toHaveCount(2);
  const verdict = page.getByTestId('kernel-verdict');
  await expect(verdict).toContainText('cp.async’s rounds are a model: NVIDIA documents no bank rule for it');
  expect((await verdict.textContent())!.split('NVIDIA documents no bank rule').length).toBe(2);
  expect(errors).toEqual([]);
});
