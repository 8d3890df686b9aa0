import { Container, Graphics } from 'pixi.js';
import type { ReadyTable } from '../../program/createProgram';
import { MONO, SANS } from '../createLabel';
import { PALETTE } from '../palette';
import { FRAME_TEXT } from '../stageGeometry';
import { createPanelText, HEADING, type FramePanel, type FramePanelState } from './framePanel';
import { Text } from 'pixi.js';

const ROW = 46;
const LABEL = 136;
const CELL = 53;

/** The worked example in the frame: the DOM table's rows, filling in and lighting up on the same clock. */
export class TableFrameView implements FramePanel {
  readonly view = new Container();
  readonly height: number;
  private readonly lit = new Graphics();
  private readonly cells: { text: Text; lane: number; kind: 'word' | 'bank'; value: string; live: boolean }[] = [];
  private key = '';

  constructor(table: ReadyTable) {
    this.view.addChild(createPanelText(table.title, HEADING));
    const top = 48;
    const grid = new Graphics();
    this.view.addChild(grid, this.lit);
    const rows = table.accesses.flatMap((a) => (['word', 'bank'] as const).map((kind) => ({ a, kind })));
    for (let lane = 0; lane < table.lanes; lane++) {
      const head = new Text({
        text: `L${lane}`,
        style: { fontFamily: MONO, fontSize: FRAME_TEXT.panel, fill: PALETTE.textMuted },
      });
      head.anchor.set(1, 0);
      head.position.set(LABEL + (lane + 1) * CELL - 6, top);
      this.view.addChild(head);
    }
    rows.forEach(({ a, kind }, r) => {
      const y = top + (r + 1) * ROW;
      grid.rect(0, y - 4, LABEL + table.lanes * CELL, 1).fill(PALETTE.rule);
      const name = `${kind === 'word' ? 'Word' : 'Bank'}${a.label === '' ? '' : `, ${a.label.replace(/^pitch /, 'p ')}`}`;
      this.view
        .addChild(
          new Text({
            text: name,
            style: { fontFamily: SANS, fontSize: FRAME_TEXT.panel, fontWeight: '600', fill: PALETTE.text },
          }),
        )
        .position.set(0, y);
      const values = kind === 'word' ? a.words : a.banks;
      values.forEach((value, lane) => {
        const text = new Text({
          text: '·',
          style: { fontFamily: MONO, fontSize: FRAME_TEXT.table, fontWeight: '600', fill: PALETTE.text },
        });
        text.anchor.set(1, 0);
        text.position.set(LABEL + (lane + 1) * CELL - 6, y);
        this.view.addChild(text);
        this.cells.push({ text, lane, kind, value: a.reveal === 'later' ? '' : value, live: a.reveal === 'live' });
      });
    });
    this.height = top + (rows.length + 1) * ROW;
  }

  update({ frame }: FramePanelState): void {
    const named = frame.beat?.highlight?.table ?? [];
    const lanes = frame.beat?.highlight?.lanes;
    const fired = frame.lanes.map((l) => l.state !== 'idle');
    const key = `${fired.join('')}|${named}|${lanes}`;
    if (key === this.key) return;
    this.key = key;
    this.lit.clear();
    for (const cell of this.cells) {
      const shown = cell.value !== '' && (!cell.live || fired[cell.lane]);
      const next = shown ? cell.value : '·';
      if (cell.text.text !== next) cell.text.text = next;
      if (cell.live && named.includes(cell.kind) && (lanes === undefined || lanes.includes(cell.lane))) {
        const { x, y } = cell.text.position;
        this.lit.rect(x - CELL + 8, y - 4, CELL - 4, ROW - 6).fill({ color: PALETTE.serving, alpha: 0.35 });
        this.lit.rect(x - CELL + 8, y - 4, CELL - 4, ROW - 6).stroke({ width: 2, color: PALETTE.serving });
      }
    }
  }
}
