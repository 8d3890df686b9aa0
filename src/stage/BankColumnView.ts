import { Container, Graphics, GraphicsContext } from 'pixi.js';
import type { BankRecord } from '../timeline/getFrame';
import { createNumberLabel, setNumberLabel } from './createNumberLabel';
import { PALETTE } from './palette';
import { cornerMarks, roundedRect } from './roundedRect';
import type { StageLayout } from './stageGeometry';

type FrameLook = 'idle' | 'serving' | 'busiest';

type Looks = { frames: Record<FrameLook, GraphicsContext>; pointer: GraphicsContext; nameplate: GraphicsContext };

/** One geometry per look and layout, shared by all 32 banks (see LaneView). */
const looksByLayout = new Map<StageLayout, Looks>();
function getLooks(layout: StageLayout): Looks {
  let looks = looksByLayout.get(layout);
  if (looks) return looks;
  const { queueStart, queueEnd, queueWidth } = layout;
  const column = layout.box(0, queueWidth, queueStart, queueEnd - queueStart);
  const frame = (width: number, color: number) =>
    roundedRect(new GraphicsContext(), column.x, column.y, column.width, column.height, 8).stroke({
      width,
      color,
      alignment: 1,
    });
  const pointer = layout.box(0, queueWidth + 12, queueStart - 6, queueEnd - queueStart + 12);
  const plate = layout.box(0, queueWidth, layout.bankAlong - layout.nameplateAlong / 2, layout.nameplateAlong);
  looks = {
    frames: {
      idle: frame(2.5, PALETTE.rule),
      serving: frame(2.5, PALETTE.serving),
      busiest: frame(4, PALETTE.busiest),
    },
    pointer: cornerMarks(new GraphicsContext(), pointer.x, pointer.y, pointer.width, pointer.height, 22).stroke({
      width: 5,
      color: PALETTE.pointer,
    }),
    nameplate: roundedRect(new GraphicsContext(), plate.x, plate.y, plate.width, plate.height, 8).fill(PALETTE.busiest),
  };
  looksByLayout.set(layout, looks);
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

  constructor(
    bank: number,
    private readonly layout: StageLayout,
  ) {
    const { frames, pointer, nameplate } = getLooks(layout);
    this.frame = new Graphics(frames.idle);
    this.pointer = new Graphics(pointer);
    this.nameplate = new Graphics(nameplate);
    this.badge = createNumberLabel('', layout.badgeSize, PALETTE.text);
    this.name = createNumberLabel(String(bank), layout.labelSize, PALETTE.text);
    const at = (along: number) => layout.point(0, along);
    this.badge.position.copyFrom(at(layout.badgeAlong));
    this.name.position.copyFrom(at(layout.bankAlong));
    this.view.position.copyFrom(layout.point(layout.across(bank), 0));
    this.view.addChild(this.frame, this.pointer, this.nameplate, this.badge, this.name);
  }

  update(record: BankRecord): void {
    const key = `${record.waiting}|${record.serving}|${record.busiest}|${record.highlighted}`;
    if (key === this.key) return;
    this.key = key;
    const { frames } = getLooks(this.layout);
    this.frame.context = record.busiest
      ? frames.busiest
      : record.waiting > 0 && record.serving
        ? frames.serving
        : frames.idle;
    this.pointer.visible = record.highlighted;
    this.nameplate.visible = record.busiest;
    setNumberLabel(this.name, { color: record.busiest ? PALETTE.textOnLight : PALETTE.text });
    setNumberLabel(this.badge, {
      text: record.waiting > 0 ? String(record.waiting) : '',
      color: record.busiest ? PALETTE.busiest : PALETTE.textMuted,
    });
  }
}
