import { groupDigits, ELEMENT_BYTES } from '../../engine';
import type { PuzzleDefinition, PuzzleVerdict } from '../../engine/puzzles';
import { createElement } from '../createElement';

/** How the editor frames each kind of answer: a label, and the code written around what is typed. */
const ANSWER_FRAMES = {
  index: { label: 'Your index function', before: '__device__ int at(int row, int col) {\n  return', after: ';\n}' },
  pitch: { label: 'Your pitch, in elements a row takes', before: '', after: '' },
  swizzle: { label: 'Your CuTe swizzle: Swizzle<B,M,S>, or B,M,S', before: '', after: '' },
} as const;

/** After this many wrong tries the answer and its explanation show. */
export const TRIES_BEFORE_ANSWER = 3;

/** What the view asks of its owner: grade an answer, come back to the list. */
export interface PuzzleViewActions {
  readonly check: (answer: string) => void;
  readonly back: () => void;
  /** Opens the puzzle after this one (`null`: this is the last). */
  readonly next: (() => void) | null;
}

/**
 * One puzzle: its goal, the tile, the budget and the accesses, an editor for the answer (checked
 * with Enter, Ctrl+Enter or Check; Shift+Enter starts a new line), the verdict, hints after wrong
 * tries, and the answer with its explanation after three or on request.
 */
export class PuzzleView {
  readonly element: HTMLElement;
  readonly answer: HTMLTextAreaElement;
  private readonly verdict = createElement('p', {
    class: 'puzzle-verdict',
    'data-testid': 'puzzle-verdict',
    'aria-live': 'polite',
    hidden: '',
  });
  private readonly hints = createElement('ol', {
    class: 'puzzle-hints',
    'data-testid': 'puzzle-hints',
    'aria-label': 'Hints',
  });
  private readonly solution: HTMLElement;
  private readonly share = createElement(
    'a',
    { class: 'puzzle-share', 'data-testid': 'puzzle-share', hidden: '' },
    'Link to this answer',
  );
  private readonly next: HTMLButtonElement | null;
  private shownHints = 0;

  constructor(
    private readonly puzzle: PuzzleDefinition,
    actions: PuzzleViewActions,
  ) {
    const frame = ANSWER_FRAMES[puzzle.answer];
    this.answer = createElement('textarea', {
      class: 'puzzle-answer',
      'data-testid': 'puzzle-answer',
      id: `puzzle-answer-${puzzle.id}`,
      rows: puzzle.answer === 'index' ? '2' : '1',
      spellcheck: 'false',
      autocapitalize: 'off',
      autocomplete: 'off',
      'aria-describedby': `puzzle-goal-${puzzle.id}`,
    });
    this.answer.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      actions.check(this.answer.value);
    });
    const button = (label: string, control: string, onClick: () => void) => {
      const b = createElement('button', { type: 'button', 'data-control': control }, label);
      b.addEventListener('click', onClick);
      return b;
    };
    this.solution = createElement(
      'section',
      { class: 'puzzle-solution', 'data-testid': 'puzzle-solution', hidden: '' },
      createElement('h3', {}, 'An answer'),
      createElement('pre', {}, createElement('code', {}, this.writeAnswer(puzzle.solution))),
      createElement('p', {}, puzzle.explanation),
    );
    this.next = actions.next && button('Next puzzle →', 'puzzle-next', actions.next);
    if (this.next) this.next.hidden = true;
    const size = ELEMENT_BYTES[puzzle.type];
    this.element = createElement(
      'article',
      { class: 'puzzle', 'data-open-puzzle': puzzle.id },
      button('← All puzzles', 'puzzle-back', actions.back),
      createElement('h2', {}, puzzle.title),
      createElement('p', { id: `puzzle-goal-${puzzle.id}` }, puzzle.goal),
      createElement(
        'dl',
        { class: 'puzzle-facts' },
        createElement('dt', {}, 'Tile'),
        createElement(
          'dd',
          {},
          `${puzzle.rows} × ${puzzle.cols} ${puzzle.type} (${size} byte${size === 1 ? '' : 's'} each)`,
        ),
        createElement('dt', {}, 'Budget'),
        createElement('dd', { 'data-testid': 'puzzle-budget' }, `${groupDigits(puzzle.budget)} bytes`),
      ),
      this.createAccessTable(),
      createElement('label', { for: this.answer.id }, frame.label),
      createElement(
        'div',
        { class: 'puzzle-editor' },
        ...(frame.before
          ? [createElement('code', { class: 'puzzle-frame', 'aria-hidden': 'true' }, frame.before)]
          : []),
        this.answer,
        ...(frame.after ? [createElement('code', { class: 'puzzle-frame', 'aria-hidden': 'true' }, frame.after)] : []),
      ),
      createElement(
        'div',
        { class: 'puzzle-actions' },
        button('Check', 'puzzle-check', () => actions.check(this.answer.value)),
        button('Hint', 'puzzle-hint', () => this.showHint()),
        button('Show the answer', 'puzzle-reveal', () => this.reveal()),
      ),
      createElement('p', { class: 'panel-note' }, 'Enter or Ctrl+Enter checks; Shift+Enter starts a new line.'),
      this.verdict,
      ...(this.next ? [this.next] : []),
      this.share,
      this.hints,
      this.solution,
    );
  }

  /** Shows a verdict, and after a wrong try the next hint (after three, the answer too). */
  showVerdict(verdict: PuzzleVerdict, tries: number, shareHref: string, counted: boolean): void {
    this.verdict.hidden = false;
    this.verdict.dataset.passed = String(verdict.passed);
    this.verdict.textContent = `${verdict.passed ? 'Passed. ' : 'Not yet. '}${verdict.message}`;
    this.share.hidden = false;
    this.share.href = shareHref;
    if (this.next && verdict.passed) this.next.hidden = false;
    if (verdict.passed || !counted) return;
    this.showHint(false);
    if (tries >= TRIES_BEFORE_ANSWER) this.reveal();
  }

  /** The next hint; with none left, the answer (when asked for one) or nothing (after a wrong try). */
  private showHint(revealWhenOut = true): void {
    if (this.shownHints < this.puzzle.hints.length)
      this.hints.append(createElement('li', {}, this.puzzle.hints[this.shownHints++]));
    else if (revealWhenOut) this.reveal();
  }

  private reveal(): void {
    this.solution.hidden = false;
  }

  /** The solution as the editor frames it: a whole function for an index function. */
  private writeAnswer(text: string): string {
    return this.puzzle.answer === 'index' ? `__device__ int at(int row, int col) {\n  return ${text};\n}` : text;
  }

  private createAccessTable(): HTMLElement {
    const head = createElement(
      'tr',
      {},
      createElement('th', { scope: 'col' }, 'Access'),
      createElement('th', { scope: 'col' }, 'Each lane’s element (over lane and i)'),
      createElement('th', { scope: 'col' }, 'Rounds'),
    );
    const rows = this.puzzle.accesses.map((a) => {
      const count = a.count ?? 1;
      const vector =
        a.op === 'ldmatrix'
          ? ' (a 16-byte row)'
          : (a.vector ?? 1) > 1
            ? ` and the ${(a.vector ?? 1) - 1} after it`
            : '';
      return createElement(
        'tr',
        {},
        createElement('th', { scope: 'row' }, `${a.name} (${a.op})`),
        createElement('td', {}, `row ${a.row}, col ${a.col}${vector}${count > 1 ? `; i = 0 … ${count - 1}` : ''}`),
        createElement('td', {}, `at most ${a.rounds}`),
      );
    });
    return createElement(
      'table',
      { class: 'puzzle-accesses' },
      createElement('thead', {}, head),
      createElement('tbody', {}, ...rows),
    );
  }
}
