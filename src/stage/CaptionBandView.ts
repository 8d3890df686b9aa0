import { Container, Graphics, Text } from 'pixi.js';
import { SANS } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import type { StageLayout } from './stageGeometry';

const MAX_WIDTH = 1600;

/** Where a caption sits: centred on (x, y), wrapped to a width, at a size. */
export interface CaptionPlace {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly fontSize: number;
}

/**
 * Wide: between the lanes and the bank counts, where only the links pass, so no token or count is
 * covered. Tall: over the middle of the queues, which is the only room wide enough.
 */
export function getStageCaption(layout: StageLayout): CaptionPlace {
  if (layout.name === 'wide') {
    const y = (layout.laneAlong + layout.laneSize / 2 + layout.badgeAlong) / 2;
    return { x: layout.width / 2, y, width: MAX_WIDTH, fontSize: 40 };
  }
  return { x: layout.width / 2, y: layout.height / 2, width: layout.width - 80, fontSize: 34 };
}

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

  private place: CaptionPlace;

  constructor(layout: StageLayout) {
    this.text.anchor.set(0.5, 0.5);
    this.view.addChild(this.band, this.text);
    this.place = getStageCaption(layout);
    this.moveTo(this.place);
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
