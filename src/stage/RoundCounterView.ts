import { Container } from 'pixi.js';
import { createLabel, SANS, setLabel } from './createLabel';
import { createNumberLabel, setNumberLabel } from './createNumberLabel';
import { PALETTE } from './palette';
import type { StageLayout } from './stageGeometry';

/** The smallest a long title is drawn, against its size: smaller than this, it is cut instead. */
const MIN_TITLE_SCALE = 0.8;

/**
 * The stage's header: the scene's title, and "Round k / N".
 *
 * @remarks
 * "k / N" comes from the numbers' glyph atlas, so a step to another round only lays out glyphs
 * again, where a canvas text was measured, drawn, uploaded and given a draw call of its own.
 */
export class RoundCounterView {
  readonly view = new Container();
  private readonly word;
  private readonly counter;
  private readonly title;
  /** The gap between "Round" and the count: one space of the monospaced font. */
  private readonly space: number;

  private readonly maxTitleWidth: number;

  constructor(layout: StageLayout) {
    const { counter, title } = layout;
    this.counter = createNumberLabel('', counter.size, PALETTE.text);
    this.counter.anchor.set(counter.anchor, 0.5);
    this.counter.position.set(counter.x, counter.y);
    this.word = createLabel('Round', counter.size, PALETTE.text);
    this.word.anchor.set(1, 0.5);
    this.word.y = counter.y;
    this.space = 0.6 * counter.size;
    this.title = createLabel('', title.size, PALETTE.text, SANS, '700');
    this.title.anchor.set(0, 0.5);
    this.title.position.set(title.x, title.y);
    this.maxTitleWidth = title.maxWidth;
    this.view.addChild(this.title, this.word, this.counter);
  }

  /** `rounds` is `null` while a question about it is still open. */
  update(round: number, rounds: number | null, title: string): void {
    setNumberLabel(this.counter, { text: `${round} / ${rounds ?? '?'}` });
    this.word.x = this.counter.x - this.counter.anchor.x * this.counter.width - this.space;
    if (title !== this.shownTitle) this.fitTitle(title);
  }

  private shownTitle: string | null = null;

  /**
   * A long title (Explore's for a kernel's access, a lesson file's) is made smaller, never squashed:
   * down to four fifths of its size, then cut with an ellipsis, so it never runs under the counter.
   */
  private fitTitle(title: string): void {
    this.shownTitle = title;
    this.title.scale.set(1);
    setLabel(this.title, title);
    const scale = Math.max(MIN_TITLE_SCALE, Math.min(1, this.maxTitleWidth / Math.max(1, this.title.width)));
    this.title.scale.set(scale);
    if (this.title.width <= this.maxTitleWidth) return;
    // The longest start of the title that fits with its ellipsis, found by halving.
    let [fits, over] = [0, title.length];
    while (over - fits > 1) {
      const mid = (fits + over) >> 1;
      setLabel(this.title, `${title.slice(0, mid).trimEnd()}…`);
      if (this.title.width <= this.maxTitleWidth) fits = mid;
      else over = mid;
    }
    setLabel(this.title, `${title.slice(0, fits).trimEnd()}…`);
  }
}
