import { Container, Graphics, Text } from 'pixi.js';
import type { LaneCallout } from '../program/describeLane';
import { MONO } from './createLabel';
import { PALETTE } from './palette';
import { CALLOUT_PAD, getCalloutFontSize, type CalloutBox } from './placeCallouts';
import { roundedRect } from './roundedRect';
import type { StageLayout } from './stageGeometry';

/** An inspected lane's callout on the stage: its word, bank and round, on a box tied to its lane. */
export class LaneCalloutView {
  readonly view = new Container();
  private readonly shape = new Graphics();
  private readonly text: Text;

  constructor(private readonly layout: StageLayout) {
    const size = getCalloutFontSize(layout);
    this.text = new Text({
      text: '',
      style: { fontFamily: MONO, fontSize: size, fontWeight: '600', fill: PALETTE.text, lineHeight: size * 1.25 },
    });
    this.view.addChild(this.shape, this.text);
  }

  show(callout: LaneCallout, box: CalloutBox): void {
    const text = callout.lines.join('\n');
    if (this.text.text !== text) this.text.text = text;
    this.text.position.set(box.x + CALLOUT_PAD, box.y + CALLOUT_PAD);
    const lane = this.layout.point(this.layout.across(callout.lane), this.layout.laneAlong);
    const edge = this.layout.laneSize / 2 + 4;
    // A leader from the lane marker to the box, so two callouts side by side say whose each is.
    const [from, to] =
      this.layout.name === 'wide'
        ? [
            { x: lane.x, y: lane.y + edge },
            { x: Math.min(Math.max(lane.x, box.x + 12), box.x + box.width - 12), y: box.y },
          ]
        : [
            { x: lane.x + edge, y: lane.y },
            { x: box.x, y: Math.min(Math.max(lane.y, box.y + 12), box.y + box.height - 12) },
          ];
    this.shape.clear();
    this.shape.moveTo(from.x, from.y).lineTo(to.x, to.y).stroke({ width: 3, color: PALETTE.text });
    roundedRect(this.shape, box.x, box.y, box.width, box.height, 10)
      .fill({ color: PALETTE.panel, alpha: 0.96 })
      .stroke({ width: 3, color: PALETTE.text });
  }
}
