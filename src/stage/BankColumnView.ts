import { Container, Graphics, GraphicsContext, type Sprite } from 'pixi.js';
import type { BankRecord } from '../timeline/getFrame';
import { createNumberLabel, setNumberLabel } from './createNumberLabel';
import { PALETTE } from './palette';
import { cornerMarks, CORNER_SEGMENTS, roundedRect } from './roundedRect';
import { ShapeAtlas } from './ShapeAtlas';
import type { StageLayout } from './stageGeometry';

export type FrameLook = 'idle' | 'serving' | 'busiest';

/** A frame's outline: its four straight sides, and the top-left of its rounded corners (the others are it mirrored). */
type Frame = { sides: GraphicsContext; corner: GraphicsContext };

type Looks = { frames: Record<FrameLook, Frame>; pointer: GraphicsContext; nameplate: GraphicsContext };

const RADIUS = 8;
/** How far a corner runs on over the sides: a pixel's width at a quarter of the frame's scale. */
const CORNER_OVERLAP = 4;

/** A bank column's box: about `across`, or in the bank's own coordinates. */
const getColumnBox = (layout: StageLayout, across = 0) =>
  layout.box(across, layout.queueWidth, layout.queueStart, layout.queueEnd - layout.queueStart);

/**
 * A bank column's outline, `width` thick inside its box: the same picture as a stroke of its rounded
 * rectangle, in two parts. The sides are four rectangles; the corner, with its origin at the box's
 * corner, is drawn into an atlas (see {@link createBankCorners}): far fewer triangles a bank than the
 * stroke, which software WebGL pays for on every frame.
 */
function createFrame(layout: StageLayout, width: number, color: number): Frame {
  const { x, y, width: across, height: along } = getColumnBox(layout);
  const r = RADIUS;
  const sides = new GraphicsContext()
    .rect(x, y + r, width, along - 2 * r)
    .rect(x + across - width, y + r, width, along - 2 * r)
    .rect(x + r, y, across - 2 * r, width)
    .rect(x + r, y + along - width, across - 2 * r, width)
    .fill(color);
  const arc = (radius: number) =>
    Array.from({ length: CORNER_SEGMENTS + 1 }, (_, k) => {
      const angle = Math.PI + (k / CORNER_SEGMENTS) * (Math.PI / 2);
      return [r + radius * Math.cos(angle), r + radius * Math.sin(angle)];
    });
  // The corner runs on into both sides, over them: drawn at another sub-pixel offset than the sides, a
  // corner that only met them could leave a pixel's gap.
  const end = r + CORNER_OVERLAP;
  const corner = new GraphicsContext()
    .poly([[0, end], ...arc(r), [end, 0], [end, width], ...arc(r - width).reverse(), [width, end]].flat(), true)
    .fill(color);
  return { sides, corner };
}

/** One geometry per look and layout, shared by all 32 banks (see LaneView). */
const looksByLayout = new Map<StageLayout, Looks>();
function getLooks(layout: StageLayout): Looks {
  let looks = looksByLayout.get(layout);
  if (looks) return looks;
  const { queueStart, queueEnd, queueWidth } = layout;
  const pointer = layout.box(0, queueWidth + 12, queueStart - 6, queueEnd - queueStart + 12);
  const plate = layout.box(0, queueWidth, layout.bankAlong - layout.nameplateAlong / 2, layout.nameplateAlong);
  looks = {
    frames: {
      idle: createFrame(layout, 2.5, PALETTE.rule),
      serving: createFrame(layout, 2.5, PALETTE.serving),
      busiest: createFrame(layout, 4, PALETTE.busiest),
    },
    pointer: cornerMarks(new GraphicsContext(), pointer.x, pointer.y, pointer.width, pointer.height, 22).stroke({
      width: 5,
      color: PALETTE.pointer,
    }),
    nameplate: roundedRect(new GraphicsContext(), plate.x, plate.y, plate.width, plate.height, RADIUS).fill(
      PALETTE.busiest,
    ),
  };
  looksByLayout.set(layout, looks);
  return looks;
}

/**
 * The banks' frame corners, one per look, for a stage to draw at the size it shows them: each bank's
 * four corners are sprites of this atlas, which the stage draws in a layer of their own so that all
 * 128 share a draw call (see ShapeAtlas).
 */
export function createBankCorners(layout: StageLayout): ShapeAtlas<FrameLook> {
  const { frames } = getLooks(layout);
  return new ShapeAtlas({ idle: frames.idle.corner, serving: frames.serving.corner, busiest: frames.busiest.corner });
}

/**
 * One bank column: its frame, the count of words still in its queue, and its number. The busiest
 * bank gets a heavier outline and a filled nameplate, not only a colour.
 */
export class BankColumnView {
  readonly view = new Container();
  /** The frame's sides; its corners are sprites of the stage's corner atlas, drawn in a layer above the banks. */
  private readonly sides: Graphics;
  readonly corners: Sprite[];
  private readonly pointer: Graphics;
  private readonly nameplate: Graphics;
  private readonly badge;
  private readonly name;
  private key = '';

  constructor(
    bank: number,
    private readonly layout: StageLayout,
    private readonly cornerAtlas: ShapeAtlas<FrameLook>,
  ) {
    const { frames, pointer, nameplate } = getLooks(layout);
    this.sides = new Graphics(frames.idle.sides);
    this.pointer = new Graphics(pointer);
    this.nameplate = new Graphics(nameplate);
    this.badge = createNumberLabel('', layout.badgeSize, PALETTE.text);
    this.name = createNumberLabel(String(bank), layout.labelSize, PALETTE.text);
    const at = (along: number) => layout.point(0, along);
    this.badge.position.copyFrom(at(layout.badgeAlong));
    this.name.position.copyFrom(at(layout.bankAlong));
    this.view.position.copyFrom(layout.point(layout.across(bank), 0));
    this.view.addChild(this.sides, this.pointer, this.nameplate, this.badge, this.name);
    const { x, y, width, height } = getColumnBox(layout, layout.across(bank));
    // The top-left corner, and mirrored, the other three.
    this.corners = [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ].map(([right, bottom]) => {
      const corner = cornerAtlas.createSprite('idle');
      corner.position.set(x + right * width, y + bottom * height);
      corner.scale.set(right ? -1 : 1, bottom ? -1 : 1);
      return corner;
    });
  }

  update(record: BankRecord): void {
    const key = `${record.waiting}|${record.serving}|${record.busiest}|${record.highlighted}`;
    if (key === this.key) return;
    this.key = key;
    const look: FrameLook = record.busiest ? 'busiest' : record.waiting > 0 && record.serving ? 'serving' : 'idle';
    this.sides.context = getLooks(this.layout).frames[look].sides;
    for (const corner of this.corners) this.cornerAtlas.show(corner, look);
    this.pointer.visible = record.highlighted;
    this.nameplate.visible = record.busiest;
    setNumberLabel(this.name, { color: record.busiest ? PALETTE.textOnLight : PALETTE.text });
    setNumberLabel(this.badge, {
      text: record.waiting > 0 ? String(record.waiting) : '',
      color: record.busiest ? PALETTE.busiest : PALETTE.textMuted,
    });
  }
}
