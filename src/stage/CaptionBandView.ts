import { Container, Graphics, Text } from 'pixi.js';
import { SANS } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { BADGE_Y, LANE_SIZE, LANE_Y, STAGE_WIDTH } from './stageGeometry';

/** Between the lanes and the bank counts, where only the links pass: no token or count is covered. */
const CENTRE_Y = (LANE_Y + LANE_SIZE / 2 + BADGE_Y) / 2;

const MAX_WIDTH = 1600;

/** Where a caption sits: centred on (x, y), wrapped to a width, at a size. */
export interface CaptionPlace {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly fontSize: number;
}

/** Between the lanes and the bank counts, across the stage. */
export const STAGE_CAPTION: CaptionPlace = { x: STAGE_WIDTH / 2, y: CENTRE_Y, width: MAX_WIDTH, fontSize: 40 };

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

  private place: CaptionPlace = STAGE_CAPTION;

  constructor() {
    this.text.anchor.set(0.5, 0.5);
    this.view.addChild(this.band, this.text);
    this.moveTo(STAGE_CAPTION);
  }

  /** Puts the caption somewhere else in the frame (below a stage that shares the frame with panels). */
  moveTo(place: CaptionPlace): void {
    this.place = place;
    this.text.position.set(place.x, place.y);
    this.text.style.wordWrapWidth = place.width;
    this.text.style.fontSize = place.fontSize;
    this.text.style.lineHeight = place.fontSize * 1.25;
    const shown = this.shown;
    this.shown = null;
    this.show(shown ?? '');
  }

  show(caption: string): void {
    if (caption === this.shown) return;
    this.shown = caption;
    this.text.text = caption;
    this.view.visible = caption !== '';
    const { width, height } = this.text;
    const { x, y } = this.place;
    roundedRect(this.band.clear(), x - width / 2 - 28, y - height / 2 - 12, width + 56, height + 24, 12).fill({
      color: PALETTE.ground,
      alpha: 0.88,
    });
  }
}
