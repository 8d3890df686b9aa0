import type { EngineError } from '../../engine';
import {
  gradePuzzleAnswer,
  readPuzzleAnswer,
  gradePuzzle,
  type PuzzleDefinition,
  type PuzzleStageAccess,
} from '../../engine/puzzles';
import { PUZZLES } from '../../../scenes/puzzles';
import type { PlayerSession } from '../../session/PlayerSession';
import type { PlayerUrl } from '../../session/playerUrl';
import { createElement } from '../createElement';
import { PuzzleProgressStore } from './puzzleProgressStore';
import { PuzzleView } from './PuzzleView';
import './puzzles.css';

/** What the panel is given by the page rather than imported (the link codec is in the first load). */
export interface PuzzlesPanelOptions {
  /** A lesson's own puzzles; the built-in ones when none. */
  readonly puzzles?: readonly PuzzleDefinition[];
  /** Which set the progress kept belongs to: the lesson's address, or the built-in set. */
  readonly set: string;
  readonly showAlerts: (errors: readonly EngineError[]) => void;
  /** Writes a link's query string. */
  readonly writeSearch: (url: PlayerUrl) => string;
}

/**
 * Puzzles mode's panel: the list of puzzles with the learner's progress, and the puzzle open, whose
 * answers the engine grades; each verdict puts its access on the stage (the worst conflict, or the
 * last access when it passes) and is told to the session, which tells an embedding page.
 */
export class PuzzlesPanelView {
  private readonly puzzles: readonly PuzzleDefinition[];
  private readonly progress: PuzzleProgressStore;
  private readonly list = createElement('ol', { class: 'puzzle-list', 'aria-label': 'Puzzles' });
  private open: { puzzle: PuzzleDefinition; view: PuzzleView } | null = null;
  /** What the open puzzle last put on the stage. */
  private staged: PuzzleStageAccess | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly session: PlayerSession,
    private readonly options: PuzzlesPanelOptions,
  ) {
    this.puzzles = options.puzzles && options.puzzles.length > 0 ? options.puzzles : PUZZLES;
    this.progress = new PuzzleProgressStore(options.set);
    const link = session.getSnapshot().url.link;
    const start = link.puzzle === undefined ? null : this.find(link.puzzle);
    if (link.puzzle !== undefined && !start)
      options.showAlerts([
        {
          field: 'puzzle',
          reason: `there is no puzzle "${link.puzzle.slice(0, 40)}"; puzzles are ${this.puzzles.map((p) => p.id).join(', ')}`,
        },
      ]);
    session.select(
      ({ mode }) => mode,
      (mode) => {
        root.hidden = mode !== 'puzzles';
        // Back in Puzzles mode, its puzzle (or the list) is on the stage and in the address again.
        if (mode === 'puzzles') this.restage();
      },
    );
    if (start) this.openPuzzle(start, link.answer ?? null, false);
    else this.showList();
  }

  /** Tells the session the puzzle a link to this names, and the access to put on stage. */
  private show(link: { readonly puzzle?: string }, shown: PuzzleStageAccess | null): void {
    this.session.send({ type: 'stage.show', mode: 'puzzles', link, shown });
  }

  private find(id: string): PuzzleDefinition | null {
    return this.puzzles.find((p) => p.id === id) ?? null;
  }

  /** The list, each puzzle a button marked with how the learner fared. */
  private showList(): void {
    this.open = null;
    this.list.replaceChildren(
      ...this.puzzles.map((puzzle, i) => {
        const { solved, tries } = this.progress.get(puzzle.id);
        const state = solved ? 'solved' : tries > 0 ? `${tries} ${tries === 1 ? 'try' : 'tries'}` : 'new';
        const item = createElement(
          'button',
          { type: 'button', 'data-testid': 'puzzle', 'data-puzzle': puzzle.id, 'data-solved': String(solved) },
          createElement('span', { class: 'puzzle-number' }, `${i + 1}.`),
          createElement('span', { class: 'puzzle-name' }, puzzle.title),
          createElement('span', { class: 'puzzle-state' }, solved ? '✓ solved' : state),
        );
        item.addEventListener('click', () => this.openPuzzle(puzzle, null, true));
        return createElement('li', {}, item);
      }),
    );
    const solved = this.puzzles.filter((p) => this.progress.get(p.id).solved).length;
    this.root.replaceChildren(
      createElement('h2', {}, 'Puzzles: design the layout'),
      createElement(
        'p',
        { class: 'panel-note' },
        `Lay out a tile in shared memory so every access meets its rounds, within a budget. The engine grades each answer and puts the access it is about on the stage. ${solved} of ${this.puzzles.length} solved.`,
      ),
      this.list,
    );
    this.staged = null;
    this.show({}, this.getPlainStage(this.puzzles[0]));
  }

  /**
   * Opens a puzzle; `shared`, an answer from a link, is put in the editor and checked (not counted
   * as a try); `chosen`: by the learner, from the list.
   */
  private openPuzzle(puzzle: PuzzleDefinition, shared: string | null, chosen: boolean): void {
    const after = this.puzzles[this.puzzles.indexOf(puzzle) + 1] ?? null;
    const view = new PuzzleView(puzzle, {
      check: (answer) => this.check(answer, true),
      back: () => this.showList(),
      next: after ? () => this.openPuzzle(after, null, true) : null,
    });
    this.open = { puzzle, view };
    this.root.replaceChildren(view.element);
    const kept = this.progress.get(puzzle.id);
    view.answer.value = shared ?? kept.answer;
    if (shared !== null) this.check(shared, false);
    else this.showPlain();
    // Chosen from the list, the editor takes the keys; a link's puzzle takes no focus (a page may embed it).
    if (chosen) view.answer.focus({ preventScroll: true });
  }

  /** What plain rows (row * cols + col) do to a puzzle's accesses: the access that fails, or the last. */
  private getPlainStage(puzzle: PuzzleDefinition): PuzzleStageAccess | null {
    const plain = readPuzzleAnswer('pitch', String(puzzle.cols), puzzle.rows, puzzle.cols);
    const stage = plain.ok ? gradePuzzle(puzzle, plain.value).stage : null;
    return stage ? { ...stage, title: `Plain rows: ${stage.title}` } : null;
  }

  /** Before any check, the stage shows what plain rows do to the open puzzle. */
  private showPlain(): void {
    if (!this.open) return;
    this.staged = this.getPlainStage(this.open.puzzle);
    this.show({ puzzle: this.open.puzzle.id }, this.staged);
  }

  /** Grades an answer, shows the verdict and its access, keeps the progress and tells the session. */
  private check(answer: string, counted: boolean): void {
    if (!this.open) return;
    const { puzzle, view } = this.open;
    const verdict = gradePuzzleAnswer(puzzle, answer);
    const before = this.progress.get(puzzle.id);
    const tries = counted ? before.tries + 1 : before.tries;
    // A shared answer opened from a link is shown, not the learner's own: it marks nothing solved.
    if (counted) this.progress.set(puzzle.id, { tries, solved: before.solved || verdict.passed, answer });
    const url = this.session.getSnapshot().url;
    const share = `?${this.options.writeSearch({ ...url, link: { puzzle: puzzle.id, answer } })}`;
    view.showVerdict(verdict, tries, share, counted);
    this.staged = verdict.stage ?? this.staged;
    this.show({ puzzle: puzzle.id }, this.staged);
    if (counted) this.session.notePuzzle({ puzzle: puzzle.id, attempt: tries, passed: verdict.passed, answer });
  }

  private restage(): void {
    if (this.open && this.staged) this.show({ puzzle: this.open.puzzle.id }, this.staged);
    else if (this.open) this.showPlain();
    else this.show({}, this.getPlainStage(this.puzzles[0]));
  }
}
