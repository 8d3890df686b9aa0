import { Container, Graphics } from 'pixi.js';
import type { BankRecord } from '../timeline/getFrame';
import { createLabel, setLabel } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { BADGE_Y, BANK_LABEL_Y, COLUMN_BOTTOM, COLUMN_TOP, COLUMN_WIDTH, columnX } from './stageGeometry';

/** One bank column (`B0`…`B31`): its frame, the count of words still waiting, and its name. */
export class BankColumnView {
  readonly view = new Container();
  private readonly frame = new Graphics();
  private readonly tag = new Graphics();
  private readonly badge;
  private readonly name;
  private key = '';

  constructor(bank: number) {
    this.badge = createLabel('', 20, PALETTE.text);
    this.name = createLabel(`B${bank}`, 20, PALETTE.text);
    this.badge.position.set(0, BADGE_Y);
    this.name.position.set(0, BANK_LABEL_Y);
    this.view.x = columnX(bank);
    this.view.addChild(this.frame, this.tag, this.badge, this.name);
  }

  update(record: BankRecord): void {
    const key = `${record.waiting}|${record.serving}|${record.busiest}|${record.highlighted}`;
    if (key === this.key) return;
    this.key = key;
    const half = COLUMN_WIDTH / 2;
    const stroke = record.busiest
      ? { width: 4, color: PALETTE.busiest }
      : { width: 2.5, color: record.waiting > 0 && record.serving ? PALETTE.serving : PALETTE.rule };
    roundedRect(this.frame.clear(), -half, COLUMN_TOP, COLUMN_WIDTH, COLUMN_BOTTOM - COLUMN_TOP, 8).stroke({
      ...stroke,
      alignment: 1,
    });
    this.tag.clear();
    if (record.highlighted) {
      roundedRect(this.tag, -half - 6, COLUMN_TOP - 6, COLUMN_WIDTH + 12, COLUMN_BOTTOM - COLUMN_TOP + 12, 12).stroke({
        width: 4,
        color: PALETTE.pointer,
      });
    }
    if (record.busiest) roundedRect(this.tag, -half, BANK_LABEL_Y - 16, COLUMN_WIDTH, 32, 8).fill(PALETTE.busiest);
    setLabel(this.name, this.name.text, record.busiest ? PALETTE.textOnLight : PALETTE.text);
    setLabel(
      this.badge,
      record.waiting > 0 ? String(record.waiting) : '',
      record.busiest ? PALETTE.busiest : PALETTE.textMuted,
    );
  }
}
