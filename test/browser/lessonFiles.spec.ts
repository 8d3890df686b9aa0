import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { readLesson } from '../../src/lesson/readLesson';
import { createProgram } from '../../src/program/createProgram';
import { getSchedule } from '../../src/engine';
import { SCENES } from '../../scenes';
import { readLessonText } from '../../src/lesson/readLessonText';
import { analyzeOk, getLessonKernels, instructionAt, readPreset } from '../support/kernelAnalyzer';
import { openPlayer } from './player';
import { MINIMAL } from '../support/minimalLesson';

const EXAMPLE = readFileSync('assets/lessons/transpose.yaml', 'utf8');
/** The example lesson's program, as the page reads it (its kernel scene through Node's C++ parser). */
async function readExample() {
  const read = await readLessonText(EXAMPLE, getLessonKernels);
  if (!read.ok) throw new Error('the example lesson does not read');
  return createProgram(read.lesson.scenes);
}

const state = (page: Page) => page.locator('[data-player-state]');
const lessonInput = (page: Page) => page.locator('[data-control="lesson-file"]');

test('a lesson opens from a link, and its deep links work as the built-in lesson’s do', async ({ page }) => {
  const example = await readExample();
  const { errors } = await openPlayer(page, 'lesson=assets/lessons/transpose.yaml');
  await expect(page.getByTestId('scene-title')).toHaveText(example[0].title);
  await expect(page.getByTestId('round-count')).toHaveText(String(getSchedule(example[0].access).rounds));
  await expect(page.locator('[data-control="scene"] option')).toHaveCount(example.length);
  await page.keyboard.press('End');
  await expect.poll(() => new URL(page.url()).searchParams.get('lesson')).toBe('assets/lessons/transpose.yaml');
  await openPlayer(page, `lesson=assets/lessons/transpose.yaml&scene=swizzled-by-hand&round=1`);
  await expect(page.getByTestId('scene-title')).toHaveText(example[3].title);
  await expect(page.getByTestId('round-current')).toHaveText('1');
  expect(errors).toEqual([]);
});

test('a lesson’s kernel scene plays the analyzer’s instruction, the kernel in its code panel with the line lit', async ({
  page,
}) => {
  // Budget: about 3 s on a quiet machine (the parser's WebAssembly compiles before the lesson reads).
  test.setTimeout(30_000);
  const report = await analyzeOk(readPreset('transposeCoalesced'), { block: { x: 32, y: 8, z: 1 } });
  const line = report.lines.find((l) => l.line === 27 && l.op === 'load')!;
  const { errors } = await openPlayer(page, 'lesson=assets/lessons/transpose.yaml&scene=transpose-kernel');
  await expect(page.getByTestId('scene-title')).toHaveText("The column read in NVIDIA's coalesced transpose", {
    timeout: 20_000,
  });
  await expect(page.getByTestId('round-count')).toHaveText(String(instructionAt(report, line.worst).rounds));
  const listing = page.getByTestId('code');
  await expect(listing.locator('.code-line')).toHaveCount(
    readPreset('transposeCoalesced').trimEnd().split('\n').length,
  );
  await expect(listing.locator('.code-line.is-highlighted')).toHaveText([line.source]);
  await expect(listing.locator('.code-line[data-line="27"]')).toHaveAttribute('aria-current', 'true');
  // Far down the listing, scrolled to.
  await expect(listing.locator('.code-line[data-line="27"]')).toBeInViewport();
  await page.keyboard.press('End');
  await expect(page.getByTestId('narration')).toContainText(
    `${instructionAt(report, line.worst).rounds} rounds for each warp`,
  );
  expect(errors).toEqual([]);
});

test('the minimal lesson opens from the file picker and plays as written', async ({ page }) => {
  await openPlayer(page, '');
  await lessonInput(page).setInputFiles({
    name: 'my-lesson.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from(MINIMAL),
  });
  await expect(page.getByTestId('scene-title')).toHaveText('A column at pitch 40');
  await expect(page.getByTestId('round-count')).toHaveText('8');
  await page.keyboard.press('End');
  await expect(page.getByTestId('narration')).toHaveText('8 rounds.');
  await page.keyboard.press(']');
  await expect(page.getByTestId('scene-title')).toHaveText("My kernel's index");
  const minimal = readLesson(MINIMAL);
  if (!minimal.ok) throw new Error('the minimal lesson does not read');
  const busiest = getSchedule(createProgram(minimal.lesson.scenes)[1].access);
  await page.keyboard.press('End');
  await expect(page.getByTestId('narration')).toHaveText(
    `Busiest bank: ${busiest.busiestBanks[0]}, ${busiest.rounds} rounds.`,
  );
  // The title's typed 40 is the pitch the author chose, no fact of the engine's: nothing to look at twice.
  await expect(page.getByTestId('alerts-box')).toBeHidden();
});

test('a lesson dropped on the page opens', async ({ page }) => {
  await openPlayer(page, '');
  const transfer = await page.evaluateHandle((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], 'dropped.yaml', { type: 'text/yaml' }));
    return data;
  }, MINIMAL);
  await page.dispatchEvent('body', 'drop', { dataTransfer: transfer });
  await expect(page.getByTestId('scene-title')).toHaveText('A column at pitch 40');
});

test('a lesson with errors shows all of them by line, column and path, and the player stays on what it had', async ({
  page,
}) => {
  await openPlayer(page, 'scene=padding');
  const broken = MINIMAL.replace('cue: end, text: "{rounds}', 'cue: round-40, text: "{rounds}')
    .replace('col: 0 }', 'col: 0, colour: red }')
    .replace('A column at pitch 40', 'A column read in 8 rounds');
  await lessonInput(page).setInputFiles({ name: 'broken.yaml', mimeType: 'text/yaml', buffer: Buffer.from(broken) });
  const alerts = page.getByTestId('alerts');
  // Both errors in one pass, apart from the warning, each located where an editor's cursor goes:
  // the misspelled key itself, and the bad cue.
  await expect(alerts.getByTestId('lesson-heading')).toHaveText(
    'The lesson broken.yaml does not play, for 2 errors; the player stays on what it had:',
  );
  const column = broken.split('\n')[4].indexOf('colour') + 1;
  await expect(alerts).toContainText(`line 5, column ${column}: scenes[0].access.colour: is not a key this format has`);
  await expect(alerts).toContainText(
    "line 8, column 16: scenes[0].beats[1].cue: round-40 is past this access's 8 rounds",
  );
  await expect(alerts.getByTestId('lesson-warnings')).toHaveText('Worth a second look once it plays (1 warning):');
  await expect(alerts).toContainText('write {rounds}, not 8');
  // Nothing played half right: the walkthrough is still on stage, and still works.
  await expect(page.getByTestId('scene-title')).toHaveText('Padding: one spare word per row');
  await page.keyboard.press('Shift+ArrowRight');
  await expect(page.getByTestId('round-current')).toHaveText('1');
  // Markup in a lesson is text, never markup.
  await lessonInput(page).setInputFiles({
    name: 'x.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from(MINIMAL.replace('A column at pitch 40', '<img src=x onerror=alert(1)>')),
  });
  await expect(page.getByTestId('scene-title')).toHaveText('<img src=x onerror=alert(1)>');
  expect(await page.locator('img').count()).toBe(0);
});

test('saving an open lesson in an editor reloads it and keeps the scene and beat on screen', async ({ page }) => {
  await openPlayer(page, '');
  // The browser's own picker cannot be driven headless: hand the player a real file handle, from
  // the origin's private file system, as the picker would.
  await page.evaluate(async (text) => {
    const root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle('lesson.yaml', { create: true });
    const writable = await handle.createWritable();
    await writable.write(text);
    await writable.close();
    (window as unknown as { showOpenFilePicker: () => Promise<FileSystemFileHandle[]> }).showOpenFilePicker =
      async () => [handle];
  }, MINIMAL);
  await page.locator('[data-control="open-lesson"]').click();
  await expect(page.getByTestId('scene-title')).toHaveText('A column at pitch 40');
  await page.keyboard.press(']');
  await page.keyboard.press('End');
  await expect(page.getByTestId('narration')).toContainText('Busiest bank');
  await page.evaluate(
    async (text) => {
      const root = await navigator.storage.getDirectory();
      const handle = await root.getFileHandle('lesson.yaml');
      const writable = await handle.createWritable();
      await writable.write(text);
      await writable.close();
    },
    MINIMAL.replace('Busiest bank: {busiest}', 'The busiest bank is {busiest}'),
  );
  await expect(page.getByTestId('narration')).toContainText('The busiest bank is', { timeout: 10_000 });
  await expect(page.getByTestId('scene-title')).toHaveText("My kernel's index");
  await expect(state(page)).toHaveAttribute('data-player-state', 'paused');
});

test('a picked lesson survives a reload at the same scene; a browser that never opened it says to open it again', async ({
  page,
  browser,
}) => {
  await openPlayer(page, '');
  await lessonInput(page).setInputFiles({
    name: 'my-lesson.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from(MINIMAL),
  });
  await expect(page.getByTestId('scene-title')).toHaveText('A column at pitch 40');
  await page.keyboard.press(']');
  await expect(page.getByTestId('scene-title')).toHaveText("My kernel's index");
  // The address is written a moment after each change: wait for the one naming this scene.
  await expect
    .poll(() => {
      const params = new URL(page.url()).searchParams;
      return `${params.get('lesson')} ${params.get('scene')}`;
    })
    .toBe('opened:my-lesson.yaml my-expr');
  const link = page.url();
  await page.reload();
  await expect(page.getByTestId('scene-title')).toHaveText("My kernel's index");
  await expect(page.getByTestId('alerts')).not.toContainText('open it again');
  const elsewhere = await (await browser.newContext()).newPage();
  await openPlayer(elsewhere, new URL(link).search);
  await expect(elsewhere.getByTestId('alerts')).toContainText('open it again');
  await expect(elsewhere.getByTestId('scene-title')).toHaveText(SCENES[0].title);
  await elsewhere.context().close();
});
