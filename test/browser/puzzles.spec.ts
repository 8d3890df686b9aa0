import { expect, test, type Page } from '@playwright/test';
import { findAxeViolations, openPlayer } from './player';
import { HOST_ORIGIN, PLAYER_ORIGIN } from '../support/testPorts.mjs';

const verdict = (page: Page) => page.getByTestId('puzzle-verdict');
const answer = (page: Page) => page.getByTestId('puzzle-answer');

test('?mode=puzzles lists the puzzles, the lesson’s pad-column first; the header’s Puzzles opens the same list', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=puzzles');
  const items = page.getByTestId('puzzle');
  await expect(items.first()).toHaveAttribute('data-puzzle', 'pad-column');
  expect(await items.count()).toBeGreaterThanOrEqual(10);
  await expect(page.getByRole('button', { name: 'Puzzles', exact: true })).toHaveAttribute('aria-pressed', 'true');
  // From the lesson, by the header's button.
  await openPlayer(page);
  await page.getByRole('button', { name: 'Puzzles', exact: true }).click();
  await expect(page.getByTestId('puzzle').first()).toHaveAttribute('data-puzzle', 'pad-column');
  await expect(page).toHaveURL(/[?&]mode=puzzles(&|$)/);
  expect(await findAxeViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('Puzzles mode loads on first use: none of its code before it is opened', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const puzzleFiles = () => requested.filter((path) => /mountPuzzlesMode/.test(path));
  await openPlayer(page, 'scene=banks');
  await expect(page.locator('[data-painted-time]')).toBeAttached();
  // Past the idle prefetch of the other parts loaded on first use, which leaves this one out.
  await expect.poll(() => requested.some((path) => /mountExploreMode/.test(path))).toBe(true);
  expect(puzzleFiles()).toEqual([]);
  await page.getByRole('button', { name: 'Puzzles', exact: true }).click();
  await expect(page.getByTestId('puzzle').first()).toBeVisible();
  expect(
    puzzleFiles()
      .map((path) => path.replace(/-[\w-]{8}\./, '.'))
      .sort(),
  ).toEqual(['/assets/mountPuzzlesMode.css', '/assets/mountPuzzlesMode.js']);
});

test('pad-column: a wrong index function typed and checked with Enter fails, names the lanes and bank, and puts the column read on stage; the right one passes', async ({
  page,
}) => {
  const { errors } = await openPlayer(page, 'mode=puzzles&puzzle=pad-column');
  await answer(page).click();
  await page.keyboard.type('row * 32 + col');
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'false');
  await expect(verdict(page)).toContainText('lanes 0 and 1 both want bank 0');
  await expect(page.getByTestId('round-count')).toHaveText('32');
  await expect(page.getByTestId('scene-title')).toContainText('column read');
  // A hint after the wrong try.
  await expect(page.getByTestId('puzzle-hints').locator('li')).toHaveCount(1);

  await answer(page).fill('');
  await page.keyboard.type('row * 33 + col');
  await page.keyboard.press('Control+Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'true');
  await expect(page.getByTestId('round-count')).toHaveText('1');
  expect(await findAxeViolations(page)).toEqual([]);
  // Passed: the next puzzle is one press away.
  await page.getByRole('button', { name: 'Next puzzle →' }).click();
  await expect(page.locator('[data-open-puzzle]')).toHaveAttribute('data-open-puzzle', 'narrow-tile');
  await expect(page).toHaveURL(/puzzle=narrow-tile/);
  expect(errors).toEqual([]);
});

test('by keyboard alone: Tab to a puzzle in the list, Enter opens it with the editor focused, Enter checks', async ({
  page,
}) => {
  await openPlayer(page, 'mode=puzzles');
  const first = page.locator('[data-testid="puzzle"][data-puzzle="pad-column"]');
  await first.focus();
  await page.keyboard.press('Tab');
  await expect(page.locator('[data-testid="puzzle"][data-puzzle="narrow-tile"]')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answer(page)).toBeFocused();
  await page.keyboard.type('row * 16 + (col + row / 2) % 16');
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'true');
  // Shift+Enter starts a new line instead of checking.
  await page.keyboard.press('Shift+Enter');
  await expect(answer(page)).toHaveValue('row * 16 + (col + row / 2) % 16\n');
});

test('the Check button checks; three wrong tries show the answer and its explanation', async ({ page }) => {
  await openPlayer(page, 'mode=puzzles&puzzle=half-column');
  const solution = page.getByTestId('puzzle-solution');
  for (const wrong of ['64', '65', '67']) {
    await expect(solution).toBeHidden();
    await answer(page).fill(wrong);
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(verdict(page)).toHaveAttribute('data-passed', 'false');
    await expect(verdict(page)).toContainText(`Not yet`);
  }
  await expect(solution).toBeVisible();
  await expect(solution).toContainText('66');
});

test('progress stays in the browser, and a link to an answer restores the puzzle with the answer checked', async ({
  page,
}) => {
  await openPlayer(page, 'mode=puzzles&puzzle=xor-column');
  await answer(page).click();
  await page.keyboard.type('row * 32 + (col ^ row)');
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'true');
  const shared = await page.getByTestId('puzzle-share').getAttribute('href');
  expect(new URLSearchParams(shared!).get('answer')).toBe('row * 32 + (col ^ row)');

  await openPlayer(page, 'mode=puzzles');
  await expect(page.locator('[data-testid="puzzle"][data-puzzle="xor-column"]')).toHaveAttribute('data-solved', 'true');
  await expect(page.locator('[data-testid="puzzle"][data-puzzle="pad-column"]')).toHaveAttribute(
    'data-solved',
    'false',
  );

  await page.evaluate(() => localStorage.clear());
  await openPlayer(page, shared!);
  await expect(answer(page)).toHaveValue('row * 32 + (col ^ row)');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'true');
  await expect(page.getByTestId('round-count')).toHaveText('1');
  // Someone else's answer, opened from their link, marks nothing solved here.
  await page.getByRole('button', { name: '← All puzzles' }).click();
  await expect(page.locator('[data-testid="puzzle"][data-puzzle="xor-column"]')).toHaveAttribute(
    'data-solved',
    'false',
  );
});

test('an instructor’s lesson with puzzles lists its own, graded as the built-in ones are', async ({ page }) => {
  const { errors } = await openPlayer(page, 'lesson=assets/lessons/puzzles.yaml&mode=puzzles');
  await expect(page.getByTestId('puzzle')).toHaveCount(2);
  await page.locator('[data-testid="puzzle"][data-puzzle="gemm-half-rows"]').click();
  await answer(page).click();
  await page.keyboard.type('row * 16 + col');
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'false');
  await expect(verdict(page)).toContainText('The column read takes 16 rounds');
  await answer(page).fill('row * 17 + col');
  await answer(page).press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'true');
  await expect(page).toHaveURL(/lesson=assets%2Flessons%2Fpuzzles\.yaml&mode=puzzles&puzzle=gemm-half-rows/);
  expect(errors).toEqual([]);
});

test('an instructor edits a puzzle in the lesson editor: a solution that fails is reported at its line in the grader’s words, and the draft’s puzzles open in Puzzles mode', async ({
  page,
}) => {
  // Budget: the editor and its checks took 3–6 s here (two shared cores).
  test.setTimeout(30_000);
  const { errors } = await openPlayer(page, 'lesson=assets/lessons/puzzles.yaml&edit');
  await expect(page.getByTestId('lesson-problems')).toContainText('No problems');
  const solution = page.locator('.lesson-editor .cm-line', { hasText: "solution: '33'" });
  await solution.click();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  const problem = page.getByTestId('lesson-problem');
  await expect(problem).toHaveCount(1);
  await expect(problem).toHaveAttribute('data-line', '26');
  await expect(problem).toContainText('does not pass its own puzzle: The column read takes 32 rounds');
  // Put right, and a title changed: the draft, opened in Puzzles mode, lists the puzzle by its new title.
  await page.keyboard.press('Backspace');
  await page.keyboard.type('3');
  await expect(problem).toHaveCount(0);
  await page.locator('.lesson-editor .cm-line', { hasText: 'title: Pad our tile' }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(', padded');
  await expect(page.getByTestId('lesson-problems')).toContainText('No problems');
  await expect(page.getByText(/kept in this browser: a reload reopens it/)).toBeVisible();
  await openPlayer(page, 'lesson=assets/lessons/puzzles.yaml&edit&mode=puzzles');
  await expect(page.locator('[data-testid="puzzle"][data-puzzle="gemm-pad"]')).toContainText('Pad our tile, padded');
  expect(errors).toEqual([]);
});

test('a link to a puzzle that does not exist names it and lists the puzzles', async ({ page }) => {
  await openPlayer(page, 'mode=puzzles&puzzle=nope');
  await expect(page.getByTestId('alerts')).toContainText('there is no puzzle "nope"');
  await expect(page.getByTestId('puzzle').first()).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('on a phone (390 × 844): the list, the editor and the verdict fit the screen, and the puzzle is one tap away', async ({
    page,
  }) => {
    await openPlayer(page, 'mode=puzzles');
    const first = page.locator('[data-testid="puzzle"][data-puzzle="pad-column"]');
    await expect(first).toBeAttached();
    await page.getByRole('button', { name: 'The puzzle ↓' }).tap();
    await expect(first).toBeInViewport();
    await first.tap();
    await expect(answer(page)).toBeVisible();
    await answer(page).tap();
    await page.keyboard.type('row * 32 + col');
    await page.getByRole('button', { name: 'Check', exact: true }).tap();
    await expect(verdict(page)).toHaveAttribute('data-passed', 'false');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(390);
    for (const testid of ['puzzle-answer', 'puzzle-verdict']) {
      const box = (await page.getByTestId(testid).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await verdict(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/puzzles-phone.png' });
  });
});

test('embedded, a puzzle posts a puzzle event for every check: attempt, passed and the answer', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${HOST_ORIGIN}/frame.html?embed&mode=puzzles&puzzle=pad-column`);
  const frame = page.frames().find((f) => f.url().startsWith(PLAYER_ORIGIN))!;
  const field = frame.locator('[data-testid="puzzle-answer"]');
  await field.click();
  await page.keyboard.type('row * 32 + col');
  await page.keyboard.press('Enter');
  await field.fill('row * 33 + col');
  await field.press('Enter');
  await expect(frame.locator('[data-testid="puzzle-verdict"]')).toHaveAttribute('data-passed', 'true');
  const heard = () =>
    page.evaluate(() =>
      (window as unknown as { heard: { event: string }[] }).heard.filter((m) => m.event === 'puzzle'),
    );
  await expect.poll(async () => (await heard()).length).toBe(2);
  expect(await heard()).toMatchObject([
    {
      api: 'bank-conflict-player',
      v: 1,
      event: 'puzzle',
      puzzle: 'pad-column',
      attempt: 1,
      passed: false,
      answer: 'row * 32 + col',
    },
    {
      api: 'bank-conflict-player',
      v: 1,
      event: 'puzzle',
      puzzle: 'pad-column',
      attempt: 2,
      passed: true,
      answer: 'row * 33 + col',
    },
  ]);
});

test('screenshots of a puzzle at 1280 × 720', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openPlayer(page, 'mode=puzzles&puzzle=ldmatrix-swizzle');
  await answer(page).click();
  await page.keyboard.type('3,3,4');
  await page.keyboard.press('Enter');
  await expect(verdict(page)).toHaveAttribute('data-passed', 'false');
  await page.screenshot({ path: 'test-results/puzzles-desktop.png' });
});
