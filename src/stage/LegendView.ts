import { Container, Graphics } from 'pixi.js';
import { createLabel, SANS } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { LEGEND_Y } from './stageGeometry';

const ENTRIES: readonly [number, string][] = [
  [PALETTE.request, 'request waiting in its bank'],
  [PALETTE.serving, 'served this round'],
  [PALETTE.served, 'lane has its word'],
  [PALETTE.busiest, 'busiest bank: sets the round count'],
];

/** A one-line key to the stage's colours, so a recorded clip explains itself. */
export class LegendView {
  readonly view = new Container();

  constructor() {
    let x = 64;
    for (const [color, text] of ENTRIES) {
      const swatch = roundedRect(new Graphics(), x, LEGEND_Y - 11, 22, 22, 5).fill(color);
      const label = createLabel(text, 22, PALETTE.textMuted, SANS, '500');
      label.anchor.set(0, 0.5);
      label.position.set(x + 32, LEGEND_Y);
      this.view.addChild(swatch, label);
      x += 32 + label.width + 48;
    }
  }
}
