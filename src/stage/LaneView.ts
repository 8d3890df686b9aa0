import { Container, Graphics, GraphicsContext } from 'pixi.js';
import type { LaneRecord, LaneState } from '../timeline/getFrame';
import { createLabel, setLabel } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { columnX, LABEL_SIZE, LANE_SIZE, LANE_Y } from './stageGeometry';

const LOOK: Record<LaneState, { fill: number; stroke: number; text: number }> = {
  inactive: { fill: PALETTE.inactive, stroke: PALETTE.inactive, text: PALETTE.inactiveText },
  idle: { fill: PALETTE.ground, stroke: PALETTE.request, text: PALETTE.text },
  waiting: { fill: PALETTE.panel, stroke: PALETTE.request, text: PALETTE.text },
  receiving: { fill: PALETTE.serving, stroke: PALETTE.text, text: PALETTE.textOnLight },
  served: { fill: PALETTE.served, stroke: PALETTE.served, text: PALETTE.textOnLight },
};

/**
 * One geometry per look, shared by all 32 lanes: a state change swaps the context a lane points
 * at instead of clearing and re-tessellating its own.
 */
let looks: { bodies: Record<LaneState, GraphicsContext>; ring: GraphicsContext; selection: GraphicsContext } | null =
  null;
function getLooks() {
  if (looks) return looks;
  const half = LANE_SIZE / 2;
  // A lane that has its word turns round as well as green: the shape tells it apart where the
  // colours do not (as under red–green colour blindness).
  const body = (state: LaneState) =>
    roundedRect(new GraphicsContext(), -half, -half, LANE_SIZE, LANE_SIZE, state === 'served' ? half : 9)
      .fill(LOOK[state].fill)
      .stroke({
        width: state === 'inactive' ? 1 : state === 'receiving' ? 4 : 2.5,
        color: LOOK[state].stroke,
        alignment: 1,
      });
  const ringHalf = half + 6;
  looks = {
    bodies: {
      inactive: body('inactive'),
      idle: body('idle'),
      waiting: body('waiting'),
      receiving: body('receiving'),
      served: body('served'),
    },
    ring: roundedRect(new GraphicsContext(), -ringHalf, -ringHalf, ringHalf * 2, ringHalf * 2, 12).stroke({
      width: 4,
      color: PALETTE.pointer,
    }),
    // The inspected lane: a white bar under the marker, unlike the caption's yellow ring.
    selection: roundedRect(new GraphicsContext(), -half, half + 10, LANE_SIZE, 6, 3).fill(PALETTE.text),
  };
  return looks;
}

/** One lane marker (0…31, the row named "lane") at the top of the stage, coloured and shaped by where its request is. */
export class LaneView {
  readonly view = new Container();
  private readonly body: Graphics;
  private readonly ring: Graphics;
  private readonly selection: Graphics;
  private readonly label;
  private state: LaneState | null = null;

  constructor(lane: number, onPick: (lane: number) => void) {
    const { bodies, ring, selection } = getLooks();
    this.body = new Graphics(bodies.idle);
    this.ring = new Graphics(ring);
    this.selection = new Graphics(selection);
    this.selection.visible = false;
    this.label = createLabel(String(lane), LABEL_SIZE, PALETTE.text);
    this.view.position.set(columnX(lane), LANE_Y);
    this.view.addChild(this.ring, this.selection, this.body, this.label);
    this.view.eventMode = 'static';
    this.view.cursor = 'pointer';
    this.view.on('pointertap', () => onPick(lane));
  }

  /** Marks the lane being inspected. */
  setSelected(selected: boolean): void {
    this.selection.visible = selected;
  }

  update(record: LaneRecord): void {
    this.ring.visible = record.highlighted;
    if (record.state === this.state) return;
    this.state = record.state;
    this.body.context = getLooks().bodies[record.state];
    setLabel(this.label, this.label.text, LOOK[record.state].text);
    this.view.alpha = record.state === 'inactive' ? 0.85 : 1;
  }
}
