import { expect, test, type Page } from '@playwright/test';
import { createSceneAccess } from '../../scenes/getSceneFacts';
import { SCENES } from '../../scenes';
import { getSchedule } from '../../src/engine';
import { readLesson } from '../../src/lesson/readLesson';
import { findAxeViolations, openPlayer } from './player';

/** The engine's schedule of a column read at a pitch. */
const scheduleOf = (pitch: number) => {
  const made = createSceneAccess({ pattern: 'column', pitch });
  if (!made.ok) throw new Error('the access is made');
  return getSchedule(made.value.access);
};

/** The rounds and busiest bank the engine gives the typed scene's access. */
const typed = {
  rounds: String(scheduleOf(40).rounds),
  busiest: String(scheduleOf(40).busiestBanks[0]),
};

/** A lesson of one scene, line by line as an author types it (the editor indents after each Enter). */
const LINES = [
  'title: Typed',
  'scenes:',
  '- id: typed',
  'title: A typed column',
  'access: { pattern: column, pitch: 40 }',
  'beats:',
  "- { cue: start, text: 'Lane i reads row i.' }",
  "- { cue: end, text: 'It takes {rounds} rounds.' }",
];

/**
 * Budgets: typing a lesson key by key, each key through CodeMirror and its completion, took 5–12.4 s
 * a test here (two shared cores, one kept busy); axe over the page with the editor 3–9 s; the
 * phone's switch 3 s.
 */
const TYPING_BUDGET = 30_000;
const AXE_BUDGET = 20_000;
const PHONE_BUDGET = 10_000;

const editor = (page: Page) => page.locator('.lesson-editor .cm-content');

/** Opens the player with the editor (`edit` in the link), its text in view. */
async function openEditor(page: Page, query = 'edit') {
  const opened = await openPlayer(page, query);
  await expect(editor(page)).toBeVisible();
  return opened;
}

/** Types the lesson from nothing, and waits for the stage to play it. */
async function typeLesson(page: Page, lines = LINES) {
  await editor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  for (const [i, line] of lines.entries()) {
    await page.keyboard.type(line);
    // Enter would take a completion that is open, or one still on its way (it opens after a pause
    // in typing, so a look for its list before Enter can miss it on a busy machine): Escape first
    // closes either, and otherwise does nothing in the editor.
    if (i < lines.length - 1) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Enter');
    }
  }
  await expect(page.getByTestId('scene-title')).toHaveText('A typed column');
}

/** Puts the cursor just after `before` on the line holding it, by the keyboard from the line's end. */
async function placeCursor(page: Page, before: string, lineText: string) {
  await page.locator('.lesson-editor .cm-line', { hasText: lineText }).click();
  await page.keyboard.press('End');
  const line = (await page.locator('.lesson-editor .cm-line', { hasText: lineText }).textContent())!;
  const left = line.length - (line.indexOf(before) + before.length);
  for (let i = 0; i < left; i++) await page.keyboard.press('ArrowLeft');
}

test('a scene typed from nothing plays with its engine numbers, from the beat under the cursor', async ({ page }) => {
  test.setTimeout(TYPING_BUDGET);
  const { errors } = await openEditor(page);
  await expect(page.locator('[data-control="edit-lesson"]')).toHaveAttribute('aria-pressed', 'true');
  await typeLesson(page);
  await expect(page.getByTestId('round-count')).toHaveText(typed.rounds);
  // The cursor is in the last beat: the stage plays from it, and its caption says the engine's count.
  await expect(page.getByTestId('narration')).toHaveText(`It takes ${typed.rounds} rounds.`);
  await expect(page.getByTestId('lesson-problems')).toContainText('No problems');
  // Into the first beat: the stage goes back to it.
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('narration')).toHaveText('Lane i reads row i.');
  // Tab leaves the editor, as everywhere on the page.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('.cm-editor') ?? null)).toBeNull();
  expect(errors).toEqual([]);
});

test('a lesson with a kernel scene opens in the editor with no problem, its kernel read once the parser loads', async ({
  page,
}) => {
  test.setTimeout(TYPING_BUDGET);
  const { errors } = await openPlayer(page, 'lesson=assets/lessons/transpose.yaml&edit');
  await expect(page.locator('.lesson-editor .cm-content')).toBeVisible();
  await expect(page.getByTestId('lesson-problems')).toContainText('No problems');
  await expect(page.getByTestId('lesson-problem')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a misspelt key is underlined at the key and listed, and the stage keeps the last lesson without errors', async ({
  page,
}) => {
  test.setTimeout(TYPING_BUDGET);
  await openEditor(page);
  await typeLesson(page);
  await expect(page.getByTestId('round-count')).toHaveText(typed.rounds);
  const line = '  access: { pattern: column, pitch: 40 }';
  await placeCursor(page, 'pit', 'pitch: 40');
  await page.keyboard.press('Delete');
  await page.keyboard.type('s');
  const problem = page.getByTestId('lesson-problem');
  await expect(problem).toHaveCount(1);
  await expect(problem).toHaveAttribute('data-line', '5');
  await expect(problem).toHaveAttribute('data-column', String(line.indexOf('pitch') + 1));
  await expect(problem).toContainText('pitsh: is not a key this format has; did you mean pitch?');
  await expect(page.locator('.lesson-editor .cm-lintRange-error')).toHaveText('pitsh');
  // Without the key the access would have the default pitch, 32: the stage keeps pitch 40.
  await expect(page.getByTestId('round-count')).toHaveText(typed.rounds);
  await expect(page.getByTestId('scene-title')).toHaveText('A typed column');
  // Put right, the problem goes.
  await page.keyboard.press('Backspace');
  await page.keyboard.type('c');
  await expect(problem).toHaveCount(0);
});

test('completion offers the scene’s facts after a {, and hovering a fact shows its value', async ({ page }) => {
  test.setTimeout(TYPING_BUDGET);
  await openEditor(page);
  await typeLesson(page);
  await placeCursor(page, 'row i', 'Lane i reads row i.');
  await page.keyboard.type(', bank {bu');
  const option = page.locator('.cm-tooltip-autocomplete li', { hasText: 'busiest' }).first();
  await expect(option).toBeVisible();
  await expect(option).toContainText(`= ${typed.busiest}`);
  // CodeMirror leaves an Enter to the text for 75 ms after the list changes, so that a typist's
  // Enter is not taken by a list that just appeared: a person choosing waits longer than that.
  await page.waitForTimeout(150);
  await page.keyboard.press('Enter');
  await expect(page.locator('.lesson-editor .cm-line', { hasText: 'Lane i' })).toContainText(
    "text: 'Lane i reads row i, bank {busiest}.'",
  );
  await expect(page.getByTestId('narration')).toHaveText(`Lane i reads row i, bank ${typed.busiest}.`);
  // Keys and values come from the schema too: an access's kinds after `pattern: `.
  await placeCursor(page, 'pattern: ', 'access:');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.cm-tooltip-autocomplete li', { hasText: 'stride' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.locator('.lesson-editor .cm-line', { hasText: 'It takes' }).getByText('{rounds}').hover();
  await expect(page.getByTestId('fact-value')).toHaveText(`{rounds} = ${typed.rounds} in this scene`);
});

test('Esc in the editor closes its popup, and otherwise stays: the next keys are typed, never the player’s', async ({
  page,
}) => {
  test.setTimeout(TYPING_BUDGET);
  const { errors } = await openEditor(page);
  await editor(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  // Ctrl+Space where nothing is offered, then Esc: the cursor stays, and "is the top" is typed (P presents, digits jump scenes on the page).
  await page.keyboard.press('Control+Space');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await page.keyboard.type('# is the top 2');
  await expect(editor(page)).toBeFocused();
  await expect(page.locator('.lesson-editor .cm-line', { hasText: '# is the top 2' })).toHaveCount(1);
  await expect(page.locator('.player')).not.toHaveClass(/is-presenting/);
  expect(errors).toEqual([]);
});

test('presenting with the editor open shows the stage alone, the editor hidden whole, and back as it was after', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { errors } = await openEditor(page);
  await page.getByTestId('scene-title').click();
  await page.keyboard.press('p');
  await expect(page.locator('.player')).toHaveClass(/is-presenting/);
  await expect(page.locator('.lesson-editor')).toBeHidden();
  const stage = (await page.getByTestId('stage').boundingBox())!;
  expect(stage.x).toBeLessThanOrEqual(1);
  expect(stage.width).toBeGreaterThanOrEqual(1439);
  await page.keyboard.press('Escape');
  await expect(page.locator('.player')).not.toHaveClass(/is-presenting/);
  await expect(editor(page)).toBeVisible();
  expect(errors).toEqual([]);
});

test('a reload keeps the draft as typed, errors and all, and the stage plays its last text without errors', async ({
  page,
}) => {
  test.setTimeout(TYPING_BUDGET);
  await openEditor(page);
  await typeLesson(page);
  await placeCursor(page, 'pitch: 4', 'pitch: 40');
  await page.keyboard.press('Delete');
  await page.keyboard.type('8');
  await expect(page.getByTestId('draft-status')).toContainText('kept in this browser');
  const played = String(scheduleOf(48).rounds);
  await expect(page.getByTestId('round-count')).toHaveText(played);
  // A half-typed value: an error that stands at the reload.
  await page.keyboard.type('x');
  await expect(page.getByTestId('lesson-problem')).toHaveCount(1);
  await expect(page.getByTestId('draft-status')).toContainText('kept in this browser');
  await page.reload();
  await expect(editor(page)).toContainText('pitch: 48x');
  await expect(page.getByTestId('lesson-problem')).toHaveCount(1);
  await expect(page.getByTestId('scene-title')).toHaveText('A typed column');
  await expect(page.getByTestId('round-count')).toHaveText(played);
  expect(new URL(page.url()).searchParams.has('edit')).toBe(true);
});

test('after Close, a reload returns to the lesson being written, at its scene, without an alert', async ({ page }) => {
  test.setTimeout(TYPING_BUDGET);
  const { errors } = await openEditor(page);
  await typeLesson(page);
  await expect(page.getByTestId('draft-status')).toContainText('kept in this browser');
  await page.getByTestId('close-editor').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('scene')).toBe('typed');
  await expect.poll(() => new URL(page.url()).searchParams.has('edit')).toBe(false);
  await page.reload();
  await expect(page.getByTestId('scene-title')).toHaveText('A typed column');
  await expect(page.getByTestId('round-count')).toHaveText(typed.rounds);
  await expect(page.getByTestId('alerts-box')).toBeHidden();
  await expect(editor(page)).toBeHidden();
  expect(errors).toEqual([]);
});

test('“Save as…” saves the draft as a file that opens as the same lesson; “Discard draft” asks first', async ({
  page,
}) => {
  test.setTimeout(TYPING_BUDGET);
  // A browser without the File System Access save picker: the file comes as a download.
  await page.addInitScript(() => delete (window as { showSaveFilePicker?: unknown }).showSaveFilePicker);
  await openEditor(page);
  await typeLesson(page);
  // The whole text replaced by a lesson of its own: the status and the file are named after it.
  await expect(page.getByTestId('draft-status')).toContainText('Draft of “Typed” (begun from the built-in lesson)');
  const download = page.waitForEvent('download');
  await page.getByTestId('save-lesson').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('typed.yaml');
  const text = (await (await saved.createReadStream()).toArray()).join('');
  // The text as typed, indentation and all, which reads as the lesson typed.
  expect(text.split('\n').map((line) => line.trim())).toEqual(LINES);
  const read = readLesson(text);
  expect(read.ok && read.lesson.scenes[0].access).toEqual({ pattern: 'column', pitch: 40 });
  await expect(page.getByTestId('editor-message')).toContainText('Saved as typed.yaml');

  // "Discard draft" asks; kept, nothing changes.
  await page.getByTestId('discard-draft').click();
  await expect(page.getByTestId('discard-dialog')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(editor(page)).toContainText('title: Typed');
  await page.getByTestId('discard-draft').click();
  await page.getByRole('button', { name: 'Discard draft', exact: true }).click();
  await expect(editor(page)).toContainText('title: Bank conflicts');
  await expect(page.getByTestId('scene-title')).toHaveText(SCENES[0].title);

  // The saved file, opened, is the lesson that was typed.
  await page.getByTestId('close-editor').click();
  await page.locator('[data-control="lesson-file"]').setInputFiles({
    name: 'bank-conflicts.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from(text),
  });
  await expect(page.getByTestId('scene-title')).toHaveText('A typed column');
  await expect(page.getByTestId('round-count')).toHaveText(typed.rounds);
  await page.keyboard.press('End');
  await expect(page.getByTestId('narration')).toHaveText(`It takes ${typed.rounds} rounds.`);
  // Edited now, the opened file opens as itself: its own text, laid out as it was typed.
  await page.locator('[data-control="edit-lesson"]').click();
  await expect(page.getByTestId('draft-status')).toHaveText(
    'Editing bank-conflicts.yaml: what you type is kept in this browser.',
  );
  await expect(page.locator('.lesson-editor .cm-line').nth(2)).toHaveText('- id: typed');
});

test('the editor, its problems and its completion have no accessibility violations', async ({ page }) => {
  test.setTimeout(AXE_BUDGET);
  await openEditor(page, 'edit&scene=column-read');
  // A key misspelt at the top of the built-in lesson's copy: problems listed and underlined.
  await editor(page).click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('x');
  await expect(page.getByTestId('lesson-problem')).not.toHaveCount(0);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Space');
  // The lesson's own keys it lacks: its title, now that "xtitle" stands in its place.
  await expect(page.locator('.cm-tooltip-autocomplete li', { hasText: /^title/ })).toBeVisible();
  expect(await findAxeViolations(page)).toEqual([]);
});

test('a visit that does not edit never fetches the editor’s code, not even when idle', async ({ page }) => {
  test.setTimeout(AXE_BUDGET);
  await openPlayer(page, 'scene=banks');
  // The parts fetched on idle arrive: by then the editor would have been fetched with them.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((e) => /\/mountExploreMode-[^/]+\.js$/.test(e.name)).length,
      ),
    )
    .toBe(1);
  const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  expect(scripts.filter((name) => /LessonEditorView|findDraftLesson/.test(name))).toEqual([]);
});

test.describe('an author on an upright phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the editor lies over the stage, and one tap shows the other', async ({ page }) => {
    test.setTimeout(PHONE_BUDGET);
    await openEditor(page);
    await expect(page.getByTestId('stage')).toBeHidden();
    await page.getByTestId('show-stage').tap();
    await expect(page.getByTestId('stage')).toBeVisible();
    await expect(page.getByTestId('lesson-editor')).toBeHidden();
    await page.getByTestId('show-editor').tap();
    await expect(editor(page)).toBeVisible();
    await expect(page.getByTestId('stage')).toBeHidden();
  });
});
