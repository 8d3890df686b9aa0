import { Container, Graphics, type Text, type TextStyleOptions } from 'pixi.js';
import { getBankColour, PALETTE } from '../../stage/palette';
import { BODY, createPanelText, HEADING, MUTED, PANEL_WIDTH } from '../../stage/panels/framePanel';
import type { TileRecord } from './tilePanel';

/**
 * The tile in memory, in the frame: each word coloured by its bank, padding hatched, the words
 * read outlined, with what the tile costs.
 */
export class TileFrameView {
  readonly view = new Container();
  readonly height: number;

  /** What the swizzle makes of this read: its room kept, drawn once no question about it is open. */
  private readonly outcome: Text | null = null;

  constructor(record: TileRecord) {
    const { heading, pitch, rows, cells: banksOf, read, banks, tooWide, legend, cost, note, outcome } = record;
    this.view.addChild(createPanelText(heading, HEADING));
    const top = 48;
    let y = top;
    if (tooWide === null) {
      const cell = Math.min(PANEL_WIDTH / pitch, 400 / rows, 24);
      const cells = new Graphics();
      banksOf.forEach((bank, i) => {
        const x = (i % pitch) * cell;
        const y = top + Math.floor(i / pitch) * cell;
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
      y += rows * cell + 12;
    }
    const lines: [string, TextStyleOptions][] = [
      ...(tooWide === null ? [] : [[tooWide, MUTED] as [string, TextStyleOptions]]),
      [cost, BODY],
      [legend, MUTED],
      ...(note ? [[note, MUTED] as [string, TextStyleOptions]] : []),
    ];
    for (const [text, style] of lines) {
      const label = createPanelText(text, style, 0, y);
      this.view.addChild(label);
      y += label.height + 8;
    }
    if (outcome) {
      this.outcome = createPanelText(outcome, MUTED, 0, y);
      this.view.addChild(this.outcome);
      y += this.outcome.height + 8;
    }
    this.height = y;
    this.draw(record);
  }

  draw({ outcomeShown }: TileRecord): void {
    if (this.outcome) this.outcome.visible = outcomeShown;
  }
}
