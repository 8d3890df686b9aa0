import { Container, Graphics, Text } from 'pixi.js';
import { SANS } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { BADGE_Y, LANE_SIZE, LANE_Y, STAGE_WIDTH } from './stageGeometry';

/** Between the lanes and the bank counts, where only the links pass: no token or count is covered. */
const CENTRE_Y = (LANE_Y + LANE_SIZE / 2 + BADGE_Y) / 2;

const MAX_WIDTH = 1600;

/** A caption burned into the frame for exported clips. */
export class CaptionBandView {
  readonly view = new Container();
  private readonly band = new Graphics();
  private readonly text = new Text({
    text: '',
    style: {
      fontFamily: SANS,
      fontSize: 40,
      fontWeight: '600',
      fill: PALETTE.text,
      wordWrap: true,
      wordWrapWidth: MAX_WIDTH,
      align: 'center',
      lineHeight: 50,
    },
  });
  private shown: string | null = null;

  constructor() {
    this.text.anchor.set(0.5, 0.5);
    this.text.position.set(STAGE_WIDTH / 2, CENTRE_Y);
    this.view.addChild(this.band, this.text);
  }

  show(caption: string): void {
    if (caption === this.shown) return;
    this.shown = caption;
    this.text.text = caption;
    this.view.visible = caption !== '';
    const { width, height } = this.text;
    roundedRect(
      this.band.clear(),
      STAGE_WIDTH / 2 - width / 2 - 28,
      CENTRE_Y - height / 2 - 12,
      width + 56,
      height + 24,
      12,
    ).fill({ color: PALETTE.ground, alpha: 0.88 });
  }
}
