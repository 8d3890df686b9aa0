import { Container, Graphics } from 'pixi.js';
import type { TableRecord } from '../../program/panels/tablePanel';
import { MONO, SANS } from '../createLabel';
import { PALETTE } from '../palette';
import { FRAME_TEXT } from '../stageGeometry';
import { createPanelText, HEADING } from './framePanel';
import { Text } from 'pixi.js';

const ROW = 46;
const LABEL = 136;
const CELL = 53;

/** The worked example in the frame, drawn from the table panel's record, as the page draws it. */
export class TableFrameView {
  readonly view = new Container();
  readonly height: number;
  private readonly lit = new Graphics();
  private readonly cells: Text[][];
  private readonly rowHeights: number[] = [];
  private key = '';

  constructor(first: TableRecord) {
    this.view.addChild(createPanelText(first.title, HEADING));
    const top = 48;
    const grid = new Graphics();
    this.view.addChild(grid, this.lit);
    for (let lane = 0; lane < first.lanes; lane++) {
      const head = new Text({
        text: `L${lane}`,
        style: { fontFamily: MONO, fontSize: FRAME_TEXT.panel, fill: PALETTE.textMuted },
      });
      head.anchor.set(1, 0);
      head.position.set(LABEL + (lane + 1) * CELL - 6, top);
      this.view.addChild(head);
    }
    // Short labels stay on their row name's line ("Word, p 33"); where any is too long for the label
    // column, every label goes under its name, wrapped, and the rows grow to fit.
    const style = { fontFamily: SANS, fontSize: FRAME_TEXT.panel, fontWeight: '600', fill: PALETTE.text } as const;
    const names = first.rows.map((row) => {
      const kind = row.kind === 'word' ? 'Word' : 'Bank';
      return { kind, short: row.label === '' ? kind : `${kind}, ${row.label.replace(/^pitch /, 'p ')}` };
    });
    const fits = (text: string) => {
      const probe = new Text({ text, style });
      const { width } = probe;
      probe.destroy();
      return width <= LABEL - 2;
    };
    const inline = names.every(({ short }) => fits(short));
    let y = top + ROW;
    this.cells = first.rows.map((row, r) => {
      grid.rect(0, y - 4, LABEL + first.lanes * CELL, 1).fill(PALETTE.rule);
      const name = new Text({ text: inline ? names[r].short : names[r].kind, style });
      name.position.set(0, y);
      this.view.addChild(name);
      let height = ROW;
      if (!inline && row.label !== '') {
        const label = new Text({
          text: row.label,
          style: {
            fontFamily: SANS,
            fontSize: FRAME_TEXT.panel - 5,
            fill: PALETTE.textMuted,
            wordWrap: true,
            breakWords: true,
            wordWrapWidth: LABEL - 10,
          },
        });
        label.position.set(0, y + FRAME_TEXT.panel + 2);
        this.view.addChild(label);
        height = Math.max(ROW, FRAME_TEXT.panel + label.height + 10);
      }
      const cells = row.cells.map((_, lane) => {
        const text = new Text({
          text: '·',
          style: { fontFamily: MONO, fontSize: FRAME_TEXT.table, fontWeight: '600', fill: PALETTE.text },
        });
        text.anchor.set(1, 0);
        text.position.set(LABEL + (lane + 1) * CELL - 6, y);
        this.view.addChild(text);
        return text;
      });
      this.rowHeights.push(height);
      y += height;
      return cells;
    });
    this.height = y;
    this.draw(first);
  }

  draw(record: TableRecord): void {
    const key = JSON.stringify(record.rows);
    if (key === this.key) return;
    this.key = key;
    this.lit.clear();
    record.rows.forEach((row, r) =>
      row.cells.forEach((cell, c) => {
        const text = this.cells[r][c];
        if (text.text !== cell.text) text.text = cell.text;
        if (!cell.lit) return;
        const { x, y } = text.position;
        const box = [x - CELL + 8, y - 4, CELL - 4, this.rowHeights[r] - 6] as const;
        this.lit.rect(...box).fill({ color: PALETTE.serving, alpha: 0.35 });
        this.lit.rect(...box).stroke({ width: 2, color: PALETTE.serving });
      }),
    );
  }
}
