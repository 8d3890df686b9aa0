import { Container, Graphics, GraphicsContext, type Point, type Sprite } from 'pixi.js';
import type { LaneRecord, LaneState } from '../timeline/getFrame';
import { createNumberLabel, setNumberLabel } from './createNumberLabel';
import { PALETTE } from './palette';
import { cornerMarks, roundedRect } from './roundedRect';
import { ShapeAtlas } from './ShapeAtlas';
import type { StageLayout } from './stageGeometry';

const LOOK: Record<LaneState, { fill: number; stroke: number; text: number }> = {
  inactive: { fill: PALETTE.inactive, stroke: PALETTE.inactive, text: PALETTE.inactiveText },
  idle: { fill: PALETTE.ground, stroke: PALETTE.request, text: PALETTE.text },
  waiting: { fill: PALETTE.panel, stroke: PALETTE.request, text: PALETTE.text },
  receiving: { fill: PALETTE.serving, stroke: PALETTE.text, text: PALETTE.textOnLight },
  served: { fill: PALETTE.served, stroke: PALETTE.served, text: PALETTE.textOnLight },
};

/** How far the highlight's ring stands out from a lane's marker, on every side. */
const RING_GAP = 6;

type Looks = {
  bodies: Record<LaneState, GraphicsContext>;
  ring: GraphicsContext;
  selection: GraphicsContext;
  race: GraphicsContext;
};

/** One geometry per look and layout, shared by all 32 lanes. */
const looksByLayout = new Map<StageLayout, Looks>();
function getLooks(layout: StageLayout): Looks {
  let looks = looksByLayout.get(layout);
  if (looks) return looks;
  const size = layout.laneSize;
  const half = size / 2;
  // A lane that has its word turns round as well as green: the shape tells it apart where the
  // colours do not (as under red–green colour blindness). The outline is the outer shape filled,
  // under the inner one filled: an inside stroke. Where the outline is the fill's colour the outer
  // shape is the whole picture.
  const body = (state: LaneState) => {
    const { fill, stroke } = LOOK[state];
    const radius = state === 'served' ? half : 9;
    const outer = roundedRect(new GraphicsContext(), -half, -half, size, size, radius).fill(stroke);
    if (fill === stroke) return outer;
    const width = state === 'receiving' ? 4 : 2.5;
    const inner = half - width;
    return roundedRect(outer, -inner, -inner, inner * 2, inner * 2, Math.max(0, radius - width)).fill(fill);
  };
  const ringHalf = half + RING_GAP;
  // The inspected lane: a white bar on the banks' side of the marker, unlike the caption's yellow corners.
  const bar = layout.box(0, size, half + 10, 6);
  looks = {
    bodies: {
      inactive: body('inactive'),
      idle: body('idle'),
      waiting: body('waiting'),
      receiving: body('receiving'),
      served: body('served'),
    },
    ring: cornerMarks(new GraphicsContext(), -ringHalf, -ringHalf, ringHalf * 2, ringHalf * 2, ringHalf * 0.7).stroke({
      width: 4,
      color: PALETTE.pointer,
    }),
    selection: roundedRect(new GraphicsContext(), bar.x, bar.y, bar.width, bar.height, 3).fill(PALETTE.text),
    race: createDiamond(layout, half),
  };
  looksByLayout.set(layout, looks);
  return looks;
}

/**
 * The lanes' bodies, one per state, for a stage to draw at the size it shows them: a lane's body is a
 * sprite of this atlas, and a state change swaps its texture.
 */
export function createLaneBodies(layout: StageLayout): ShapeAtlas<LaneState> {
  return new ShapeAtlas(getLooks(layout).bodies);
}

/** A racing store's mark: a diamond on the lane's corner, away from the banks, so it reads without its colour. */
function createDiamond(layout: StageLayout, half: number): GraphicsContext {
  const centre = layout.point(-half + 4, -half - 4);
  const r = 10;
  return new GraphicsContext()
    .poly([centre.x, centre.y - r, centre.x + r, centre.y, centre.x, centre.y + r, centre.x - r, centre.y])
    .fill(PALETTE.race)
    .stroke({ width: 2, color: PALETTE.text });
}

/**
 * One lane marker (0…31, the row named "lane") on the lanes' side of the stage, coloured and shaped by where its request is.
 * Its body is a sprite of {@link createLaneBodies}, which the stage draws in a layer under the lanes' views
 * so that all 32 share a draw call.
 */
export class LaneView {
  readonly view = new Container();
  readonly body: Sprite;
  private readonly ring: Graphics;
  private readonly selection: Graphics;
  private readonly race: Graphics;
  private readonly label;
  private state: LaneState | null = null;

  constructor(
    lane: number,
    private readonly layout: StageLayout,
    private readonly bodies: ShapeAtlas<LaneState>,
  ) {
    const { ring, selection, race } = getLooks(layout);
    this.body = bodies.createSprite('idle');
    this.ring = new Graphics(ring);
    this.selection = new Graphics(selection);
    this.selection.visible = false;
    this.race = new Graphics(race);
    this.race.visible = false;
    this.label = createNumberLabel(String(lane), layout.labelSize, PALETTE.text);
    const { x, y } = layout.point(layout.across(lane), layout.laneAlong);
    this.view.position.set(x, y);
    this.body.position.set(x, y);
    this.view.addChild(this.ring, this.selection, this.label, this.race);
  }

  /**
   * How far a point of the renderer's screen is from the lane's centre, in the lane's own units
   * (the larger of across and along), where it is within the marker's ring: a tap target a little
   * larger than the marker, for fingers. Null outside.
   */
  distanceTo(at: Point, slack = 0): number | null {
    const local = this.view.toLocal(at);
    const { a, b } = this.view.worldTransform;
    const reach = this.layout.laneSize / 2 + RING_GAP + slack / Math.hypot(a, b);
    if (Math.max(Math.abs(local.x), Math.abs(local.y)) > reach) return null;
    // Ranked by the distance to the centre, so a tap between two markers picks the nearer one.
    return Math.hypot(local.x, local.y);
  }

  /** Marks the lane being inspected. */
  setSelected(selected: boolean): void {
    this.selection.visible = selected;
  }

  update(record: LaneRecord): void {
    this.ring.visible = record.highlighted;
    this.race.visible = record.race;
    if (record.state === this.state) return;
    this.state = record.state;
    this.bodies.show(this.body, record.state);
    setNumberLabel(this.label, { color: LOOK[record.state].text });
    this.view.alpha = this.body.alpha = record.state === 'inactive' ? 0.85 : 1;
  }
}
