/** How a learner has fared with one puzzle: tries, whether one passed, and the answer typed last. */
export interface PuzzleProgress {
  readonly tries: number;
  readonly solved: boolean;
  readonly answer: string;
}

const KEY = 'bank-conflict-player:puzzles';

/**
 * A learner's progress through a set of puzzles (the built-in ones, or a lesson's, by its address),
 * kept in this browser; where storage is refused (private modes, a full quota) the page forgets.
 */
export class PuzzleProgressStore {
  private readonly key: string;
  private progress: Record<string, PuzzleProgress>;

  constructor(set: string) {
    this.key = `${KEY}:${set}`;
    this.progress = this.load();
  }

  get(id: string): PuzzleProgress {
    return this.progress[id] ?? { tries: 0, solved: false, answer: '' };
  }

  set(id: string, progress: PuzzleProgress): void {
    this.progress = { ...this.progress, [id]: progress };
    try {
      localStorage.setItem(this.key, JSON.stringify(this.progress));
    } catch {
      // Nothing to do: the progress stays for this visit.
    }
  }

  private load(): Record<string, PuzzleProgress> {
    try {
      const data: unknown = JSON.parse(localStorage.getItem(this.key) ?? '{}');
      if (typeof data !== 'object' || data === null) return {};
      const kept: Record<string, PuzzleProgress> = {};
      for (const [id, value] of Object.entries(data as Record<string, unknown>)) {
        const { tries, solved, answer } = (value ?? {}) as Record<string, unknown>;
        if (typeof tries === 'number' && typeof solved === 'boolean' && typeof answer === 'string')
          kept[id] = { tries, solved, answer };
      }
      return kept;
    } catch {
      return {};
    }
  }
}
