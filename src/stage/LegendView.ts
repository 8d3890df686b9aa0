import { Container, Graphics, GraphicsContext, Text } from 'pixi.js';
import { createLabel, SANS } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { BADGE_Y, BANK_LABEL_Y, GUTTER, LANE_Y, LEGEND_Y } from './stageGeometry';

/** Each state as the stage draws it, shape and all, so the key still reads without its colours. */
const SWATCHES: readonly [string, (g: GraphicsContext) => void][] = [
  ['request waiting', (g) => roundedRect(g, 0, -9, 30, 18, 5).fill(PALETTE.request)],
  ['queue: words left in a bank', (g) => roundedRect(g, 4, -14, 22, 28, 4).stroke({ width: 2.5, color: PALETTE.rule })],
  [
    'served this round',
    (g) => roundedRect(g, 0, -13, 30, 26, 6).fill(PALETTE.serving).stroke({ width: 2.5, color: PALETTE.text }),
  ],
  ['lane has its word', (g) => roundedRect(g, 2, -13, 26, 26, 13).fill(PALETTE.served)],
  [
    'busiest bank: sets the count',
    (g) => roundedRect(g, 0, -13, 30, 26, 6).fill(PALETTE.busiest).stroke({ width: 3, color: PALETTE.busiest }),
  ],
];

/** The names of the stage's rows, in the left gutter: the labels beside them are bare numbers. */
const ROWS: readonly [string, number][] = [
  ['lane', LANE_Y],
  ['queue', BADGE_Y],
  ['bank', BANK_LABEL_Y],
];

/** A one-line key to the stage's states and the names of its rows, so a recorded clip explains itself. */
export class LegendView {
  readonly view = new Container();

  constructor() {
    let x = GUTTER;
    for (const [text, draw] of SWATCHES) {
      const swatch = new GraphicsContext();
      draw(swatch);
      const shape = new Graphics(swatch);
      shape.position.set(x, LEGEND_Y);
      const label = createLabel(text, 24, PALETTE.textMuted, SANS, '500');
      label.anchor.set(0, 0.5);
      label.position.set(x + 40, LEGEND_Y);
      this.view.addChild(shape, label);
      x += 40 + label.width + 40;
    }
    for (const [name, y] of ROWS) {
      const label: Text = createLabel(name, 24, PALETTE.textMuted, SANS, '600');
      label.anchor.set(0, 0.5);
      label.position.set(12, y);
      this.view.addChild(label);
    }
  }
}
