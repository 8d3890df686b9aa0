import { Container } from 'pixi.js';
import { createLabel, SANS, setLabel } from './createLabel';
import { PALETTE } from './palette';
import type { StageLayout } from './stageGeometry';

/** The stage's header: the scene's title, and "Round k / N". */
export class RoundCounterView {
  readonly view = new Container();
  private readonly counter;
  private readonly title;

  private readonly maxTitleWidth: number;

  constructor(layout: StageLayout) {
    const { counter, title } = layout;
    this.counter = createLabel('', counter.size, PALETTE.text);
    this.counter.anchor.set(counter.anchor, 0.5);
    this.counter.position.set(counter.x, counter.y);
    this.title = createLabel('', title.size, PALETTE.text, SANS, '700');
    this.title.anchor.set(0, 0.5);
    this.title.position.set(title.x, title.y);
    this.maxTitleWidth = title.maxWidth;
    this.view.addChild(this.title, this.counter);
  }

  /** `rounds` is `null` while a question about it is still open. */
  update(round: number, rounds: number | null, title: string): void {
    setLabel(this.counter, `Round ${round} / ${rounds ?? '?'}`);
    setLabel(this.title, title);
    // A long title (a lesson file's) is narrowed to its room rather than run under the counter.
    this.title.scale.set(1);
    this.title.scale.x = Math.min(1, this.maxTitleWidth / Math.max(1, this.title.width));
  }
}
