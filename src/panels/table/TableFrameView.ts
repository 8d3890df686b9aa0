import { Container, Graphics, Text } from 'pixi.js';
import { MONO, SANS } from '../../stage/createLabel';
import { PALETTE } from '../../stage/palette';
import { createPanelText, HEADING, MUTED, PANEL_WIDTH } from '../../stage/panels/framePanel';
import { FRAME_TEXT } from '../../stage/stageGeometry';
import type { TableRecord } from './tablePanel';

const ROW = 46;
/** Monospaced digits are 0.6 em wide. */
const DIGIT = 0.6 * FRAME_TEXT.table;
/** The room between two lanes' numbers: at least this, more where the column has it. */
const MIN_GAP = 10;
const MAX_GAP = 20;
/** Room between the last row and the note under the table. */
const NOTE_GAP = 10;

/**
 * The worked example in the frame, laid out from the table panel's record, as the page lays it out.
 *
 * @remarks
 * Every lane's column is as wide as the longest number it will show and a gap, the columns shaded
 * in turn, so that no two numbers run together ("96 128 160", never "96128160"). What each access's
 * rows are (`pitch 33`, `float tile[32][33]`) is a line of its own over them, across the panel, so
 * the row names stay short and the numbers get the width.
 */
export class TableFrameView {
  readonly view = new Container();
  readonly height: number;
  private readonly lit = new Graphics();
  private readonly cells: Text[][];
  private readonly cell: number;
  /** Where the first lane's column starts. */
  private readonly left: number;
  private key = '';

  constructor(first: TableRecord) {
    this.view.addChild(createPanelText(first.title, HEADING));
    const top = 48;
    const shade = new Graphics();
    const rules = new Graphics();
    this.view.addChild(shade, rules, this.lit);
    const nameStyle = { fontFamily: SANS, fontSize: FRAME_TEXT.panel, fontWeight: '600', fill: PALETTE.text } as const;
    const names = first.rows.map((row) => new Text({ text: row.name, style: nameStyle }));
    const nameWidth = Math.max(...names.map((name) => name.width)) + 12;
    const lanes = first.lanes.length;
    const widest = first.cellChars * DIGIT;
    this.cell = Math.max(widest + MIN_GAP, Math.min(widest + MAX_GAP, (PANEL_WIDTH - nameWidth) / lanes));
    const left = (this.left = PANEL_WIDTH - lanes * this.cell);
    // Numbers are right-aligned, the longest centred in its column.
    const right = (lane: number) => left + (lane + 0.5) * this.cell + widest / 2;
    first.lanes.forEach((lane, i) => {
      const head = new Text({
        text: lane,
        style: { fontFamily: MONO, fontSize: FRAME_TEXT.panel, fill: PALETTE.textMuted },
      });
      head.anchor.set(1, 0);
      head.position.set(right(i), top);
      this.view.addChild(head);
    });
    let y = top + ROW;
    let label = '';
    this.cells = first.rows.map((row, r) => {
      if (row.label !== '' && row.label !== label) {
        const line = createPanelText(
          row.label,
          { ...MUTED, fontSize: FRAME_TEXT.panel - 2, fontStyle: 'italic' },
          0,
          y,
        );
        this.view.addChild(line);
        y += line.height + 4;
      }
      label = row.label;
      rules.rect(0, y - 4, PANEL_WIDTH, 1).fill(PALETTE.rule);
      names[r].position.set(0, y);
      this.view.addChild(names[r]);
      const cells = row.cells.map((cell) => {
        const text = new Text({
          text: cell.text,
          style: { fontFamily: MONO, fontSize: FRAME_TEXT.table, fontWeight: '600', fill: PALETTE.text },
        });
        text.anchor.set(1, 0);
        text.position.set(right(cell.lane), y);
        this.view.addChild(text);
        return text;
      });
      y += ROW;
      return cells;
    });
    for (let lane = 0; lane < lanes; lane += 2)
      shade.rect(left + lane * this.cell, top - 4, this.cell, y - top).fill(PALETTE.panel);
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
        const box = [this.left + cell.lane * this.cell + 2, text.y - 4, this.cell - 4, ROW - 6] as const;
        this.lit.rect(...box).fill({ color: PALETTE.serving, alpha: 0.35 });
        this.lit.rect(...box).stroke({ width: 2, color: PALETTE.serving });
      }),
    );
  }
}
