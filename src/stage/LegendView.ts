import { Container, Graphics, GraphicsContext, Text } from 'pixi.js';
import { createLabel, SANS } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import type { StageLayout } from './stageGeometry';

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

/** A key to the stage's states and the names of its rows, so a recorded clip explains itself. */
export class LegendView {
  readonly view = new Container();

  constructor(layout: StageLayout) {
    const { legend } = layout;
    // The tall layout lays its key out in a grid; the wide one in one line.
    const cellWidth = (layout.width - 2 * legend.x) / legend.perLine;
    let x = legend.x;
    SWATCHES.forEach(([text, draw], i) => {
      const y = legend.y + Math.floor(i / legend.perLine) * legend.lineHeight;
      if (legend.perLine < SWATCHES.length) x = legend.x + (i % legend.perLine) * cellWidth;
      const swatch = new GraphicsContext();
      draw(swatch);
      const shape = new Graphics(swatch);
      shape.position.set(x, y);
      const label = createLabel(text, 24, PALETTE.textMuted, SANS, '500');
      label.anchor.set(0, 0.5);
      label.position.set(x + 40, y);
      this.view.addChild(shape, label);
      x += 40 + label.width + 40;
    });
    // The labels beside the lanes and banks are bare numbers: each row is named once.
    const rows: readonly [string, number][] = [
      ['lane', layout.laneAlong],
      ['queue', layout.name === 'wide' ? layout.badgeAlong : (layout.queueStart + layout.queueEnd) / 2],
      ['bank', layout.bankAlong],
    ];
    for (const [name, along] of rows) {
      const label: Text = createLabel(name, 24, PALETTE.textMuted, SANS, '600');
      const at = layout.rowName(along);
      label.anchor.set(at.anchor, 0.5);
      label.position.set(at.x, at.y);
      this.view.addChild(label);
    }
  }
}
