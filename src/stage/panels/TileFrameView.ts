import { Container, Graphics, type TextStyleOptions } from 'pixi.js';
import type { TileRecord } from '../../program/panels/tilePanel';
import { getBankColour, PALETTE } from '../palette';
import { BODY, createPanelText, HEADING, MUTED, PANEL_WIDTH } from './framePanel';

/**
 * The tile in memory, in the frame: each word coloured by its bank, padding hatched, the words
 * read outlined, with what the tile costs.
 */
export class TileFrameView {
  readonly view = new Container();
  readonly height: number;

  constructor({ tile, rows, cells: banksOf, read, banks, legend, cost, note }: TileRecord) {
    this.view.addChild(createPanelText('The tile in memory', HEADING));
    const cell = Math.min(PANEL_WIDTH / tile.pitch, 480 / rows, 24);
    const top = 48;
    const cells = new Graphics();
    banksOf.forEach((bank, i) => {
      const x = (i % tile.pitch) * cell;
      const y = top + Math.floor(i / tile.pitch) * cell;
      if (bank === null) {
        cells.rect(x, y, cell - 1, cell - 1).fill(PALETTE.panel);
        cells
          .moveTo(x, y + cell - 1)
          .lineTo(x + cell - 1, y)
          .stroke({ width: 1.5, color: PALETTE.textMuted });
      } else cells.rect(x, y, cell - 1, cell - 1).fill(getBankColour(bank, banks));
    });
    for (const { row, column } of read)
      cells.rect(column * cell, top + row * cell, cell - 1, cell - 1).stroke({ width: 2, color: 0xffffff });
    this.view.addChild(cells);
    let y = top + rows * cell + 12;
    const lines: [string, TextStyleOptions][] = [
      [cost, BODY],
      [legend, MUTED],
      ...(note ? [[note, MUTED] as [string, TextStyleOptions]] : []),
    ];
    for (const [text, style] of lines) {
      const label = createPanelText(text, style, 0, y);
      this.view.addChild(label);
      y += label.height + 8;
    }
    this.height = y;
  }
}
