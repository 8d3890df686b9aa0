import { Container, Graphics } from 'pixi.js';
import type { LaneRecord, LaneState } from '../timeline/getFrame';
import { createLabel, setLabel } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { columnX, LANE_SIZE, LANE_Y } from './stageGeometry';

const LOOK: Record<LaneState, { fill: number; stroke: number; text: number }> = {
  inactive: { fill: PALETTE.inactive, stroke: PALETTE.inactive, text: PALETTE.inactiveText },
  idle: { fill: PALETTE.ground, stroke: PALETTE.request, text: PALETTE.text },
  waiting: { fill: PALETTE.panel, stroke: PALETTE.request, text: PALETTE.text },
  receiving: { fill: PALETTE.serving, stroke: PALETTE.text, text: PALETTE.textOnLight },
  served: { fill: PALETTE.served, stroke: PALETTE.served, text: PALETTE.textOnLight },
};

/** One lane marker (`L0`…`L31`) at the top of the stage, coloured by where its request is. */
export class LaneView {
  readonly view = new Container();
  private readonly body = new Graphics();
  private readonly ring = new Graphics();
  private readonly label;
  private state: LaneState | null = null;

  constructor(lane: number, onPick: (lane: number) => void) {
    this.label = createLabel(`L${lane}`, 20, PALETTE.text);
    this.view.position.set(columnX(lane), LANE_Y);
    const half = LANE_SIZE / 2 + 6;
    roundedRect(this.ring, -half, -half, half * 2, half * 2, 12).stroke({ width: 4, color: PALETTE.pointer });
    this.view.addChild(this.ring, this.body, this.label);
    this.view.eventMode = 'static';
    this.view.cursor = 'pointer';
    this.view.on('pointertap', () => onPick(lane));
  }

  update(record: LaneRecord): void {
    this.ring.visible = record.highlighted;
    if (record.state === this.state) return;
    this.state = record.state;
    const look = LOOK[record.state];
    const half = LANE_SIZE / 2;
    roundedRect(this.body.clear(), -half, -half, LANE_SIZE, LANE_SIZE, 9)
      .fill(look.fill)
      .stroke({ width: record.state === 'inactive' ? 1 : 2.5, color: look.stroke, alignment: 1 });
    setLabel(this.label, this.label.text, look.text);
    this.view.alpha = record.state === 'inactive' ? 0.85 : 1;
  }
}
