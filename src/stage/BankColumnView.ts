import { Container, Graphics, GraphicsContext } from 'pixi.js';
import type { BankRecord } from '../timeline/getFrame';
import { createLabel, setLabel } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { BADGE_Y, BANK_LABEL_Y, COLUMN_BOTTOM, COLUMN_TOP, COLUMN_WIDTH, columnX, LABEL_SIZE } from './stageGeometry';

type FrameLook = 'idle' | 'serving' | 'busiest';

/** One geometry per look, shared by all 32 banks (see LaneView). */
let looks: { frames: Record<FrameLook, GraphicsContext>; pointer: GraphicsContext; nameplate: GraphicsContext } | null =
  null;
function getLooks() {
  if (looks) return looks;
  const half = COLUMN_WIDTH / 2;
  const frame = (width: number, color: number) =>
    roundedRect(new GraphicsContext(), -half, COLUMN_TOP, COLUMN_WIDTH, COLUMN_BOTTOM - COLUMN_TOP, 8).stroke({
      width,
      color,
      alignment: 1,
    });
  looks = {
    frames: {
      idle: frame(2.5, PALETTE.rule),
      serving: frame(2.5, PALETTE.serving),
      busiest: frame(4, PALETTE.busiest),
    },
    pointer: roundedRect(
      new GraphicsContext(),
      -half - 6,
      COLUMN_TOP - 6,
      COLUMN_WIDTH + 12,
      COLUMN_BOTTOM - COLUMN_TOP + 12,
      12,
    ).stroke({ width: 4, color: PALETTE.pointer }),
    nameplate: roundedRect(new GraphicsContext(), -half, BANK_LABEL_Y - 20, COLUMN_WIDTH, 40, 8).fill(PALETTE.busiest),
  };
  return looks;
}

/**
 * One bank column: its frame, the count of words still in its queue, and its number. The busiest
 * bank gets a heavier outline and a filled nameplate, not only a colour.
 */
export class BankColumnView {
  readonly view = new Container();
  private readonly frame: Graphics;
  private readonly pointer: Graphics;
  private readonly nameplate: Graphics;
  private readonly badge;
  private readonly name;
  private key = '';

  constructor(bank: number) {
    const { frames, pointer, nameplate } = getLooks();
    this.frame = new Graphics(frames.idle);
    this.pointer = new Graphics(pointer);
    this.nameplate = new Graphics(nameplate);
    this.badge = createLabel('', 28, PALETTE.text);
    this.name = createLabel(String(bank), LABEL_SIZE, PALETTE.text);
    this.badge.position.set(0, BADGE_Y);
    this.name.position.set(0, BANK_LABEL_Y);
    this.view.x = columnX(bank);
    this.view.addChild(this.frame, this.pointer, this.nameplate, this.badge, this.name);
  }

  update(record: BankRecord): void {
    const key = `${record.waiting}|${record.serving}|${record.busiest}|${record.highlighted}`;
    if (key === this.key) return;
    this.key = key;
    const { frames } = getLooks();
    this.frame.context = record.busiest
      ? frames.busiest
      : record.waiting > 0 && record.serving
        ? frames.serving
        : frames.idle;
    this.pointer.visible = record.highlighted;
    this.nameplate.visible = record.busiest;
    setLabel(this.name, this.name.text, record.busiest ? PALETTE.textOnLight : PALETTE.text);
    setLabel(
      this.badge,
      record.waiting > 0 ? String(record.waiting) : '',
      record.busiest ? PALETTE.busiest : PALETTE.textMuted,
    );
  }
}
