import { Container, Graphics, Text } from 'pixi.js';
import { MONO, SANS } from '../../stage/createLabel';
import { PALETTE } from '../../stage/palette';
import { createPanelText, HEADING, MUTED } from '../../stage/panels/framePanel';
import { FRAME_TEXT } from '../../stage/stageGeometry';
import type { TableRecord } from './tablePanel';

const ROW = 46;
const LABEL = 136;
const CELL = 53;
/** Room between the last row and the note under the table. */
const NOTE_GAP = 10;

/** The worked example in the frame, laid out from the table panel's record, as the page lays it out. */
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
    first.lanes.forEach((lane, i) => {
      const head = new Text({
        text: lane,
        style: { fontFamily: MONO, fontSize: FRAME_TEXT.panel, fill: PALETTE.textMuted },
      });
      head.anchor.set(1, 0);
      head.position.set(LABEL + (i + 1) * CELL - 6, top);
      this.view.addChild(head);
    });
    // Short names stay on one line ("Word, p 33"); where any is too long for the column of row
    // names, every label goes under its name, wrapped, and the rows grow to fit.
    const style = { fontFamily: SANS, fontSize: FRAME_TEXT.panel, fontWeight: '600', fill: PALETTE.text } as const;
    const fits = (text: string) => {
      const probe = new Text({ text, style });
      const { width } = probe;
      probe.destroy();
      return width <= LABEL - 2;
    };
    const inline = first.rows.every(({ short }) => fits(short));
    let y = top + ROW;
    this.cells = first.rows.map((row) => {
      grid.rect(0, y - 4, LABEL + first.lanes.length * CELL, 1).fill(PALETTE.rule);
      const name = new Text({ text: inline ? row.short : row.name, style });
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
      const cells = row.cells.map((cell) => {
        const text = new Text({
          text: cell.text,
          style: { fontFamily: MONO, fontSize: FRAME_TEXT.table, fontWeight: '600', fill: PALETTE.text },
        });
        text.anchor.set(1, 0);
        text.position.set(LABEL + (cell.lane + 1) * CELL - 6, y);
        this.view.addChild(text);
        return text;
      });
      this.rowHeights.push(height);
      y += height;
      return cells;
    });
    const note = createPanelText(first.note, MUTED, 0, y + NOTE_GAP);
    this.view.addChild(note);
    this.height = note.y + note.height;
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
