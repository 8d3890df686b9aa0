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
    this.cells = first.rows.map((row, r) => {
      const y = top + (r + 1) * ROW;
      grid.rect(0, y - 4, LABEL + first.lanes * CELL, 1).fill(PALETTE.rule);
      const name = `${row.kind === 'word' ? 'Word' : 'Bank'}${row.label === '' ? '' : `, ${row.label.replace(/^pitch /, 'p ')}`}`;
      this.view
        .addChild(
          new Text({
            text: name,
            style: { fontFamily: SANS, fontSize: FRAME_TEXT.panel, fontWeight: '600', fill: PALETTE.text },
          }),
        )
        .position.set(0, y);
      return row.cells.map((_, lane) => {
        const text = new Text({
          text: '·',
          style: { fontFamily: MONO, fontSize: FRAME_TEXT.table, fontWeight: '600', fill: PALETTE.text },
        });
        text.anchor.set(1, 0);
        text.position.set(LABEL + (lane + 1) * CELL - 6, y);
        this.view.addChild(text);
        return text;
      });
    });
    this.height = top + (first.rows.length + 1) * ROW;
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
        this.lit.rect(x - CELL + 8, y - 4, CELL - 4, ROW - 6).fill({ color: PALETTE.serving, alpha: 0.35 });
        this.lit.rect(x - CELL + 8, y - 4, CELL - 4, ROW - 6).stroke({ width: 2, color: PALETTE.serving });
      }),
    );
  }
}
