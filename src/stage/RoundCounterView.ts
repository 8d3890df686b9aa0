import { Container } from 'pixi.js';
import { createLabel, SANS, setLabel } from './createLabel';
import { PALETTE } from './palette';
import { GUTTER, HEADER_Y, STAGE_WIDTH } from './stageGeometry';

/** The stage's header: the scene's title on the left, "Round k / N" on the right. */
export class RoundCounterView {
  readonly view = new Container();
  private readonly counter;
  private readonly title;

  constructor() {
    this.counter = createLabel('', 40, PALETTE.text);
    this.counter.anchor.set(1, 0.5);
    this.counter.position.set(STAGE_WIDTH - 32, HEADER_Y);
    this.title = createLabel('', 36, PALETTE.text, SANS, '700');
    this.title.anchor.set(0, 0.5);
    this.title.position.set(GUTTER, HEADER_Y);
    this.view.addChild(this.title, this.counter);
  }

  /** `rounds` is `null` while a question about it is still open. */
  update(round: number, rounds: number | null, title: string): void {
    setLabel(this.counter, `Round ${round} / ${rounds ?? '?'}`);
    setLabel(this.title, title);
  }
}
