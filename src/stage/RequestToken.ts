import { Container, Graphics } from 'pixi.js';
import type { TokenRecord } from '../timeline/getFrame';
import { createLabel, setLabel } from './createLabel';
import { PALETTE } from './palette';
import { columnX, FLIGHT_TOKEN, getSlotY, LANE_SIZE, LANE_Y, MIN_LABELLED_HEIGHT } from './stageGeometry';

const lerp = (a: number, b: number, k: number) => a + (b - a) * k;

/**
 * One distinct word's request: a token labelled with the word, and a link back to every lane it
 * will serve (several links: a broadcast).
 */
export class RequestToken {
  readonly view = new Container();
  readonly links = new Graphics();
  private readonly body = new Graphics();
  private readonly label;
  private readonly originX: number;
  private bodyKey = '';

  constructor(
    private readonly record: Pick<TokenRecord, 'word' | 'bank' | 'lanes'>,
    private readonly slotHeight: number,
  ) {
    this.label = createLabel(String(record.word), record.word > 99999 ? 14 : 20, PALETTE.textOnLight);
    // A broadcast token starts between the lanes it serves, so its links fan out evenly.
    this.originX = record.lanes.reduce((sum, lane) => sum + columnX(lane), 0) / record.lanes.length;
    this.view.addChild(this.body, this.label);
  }

  update(token: TokenRecord): void {
    const visible = token.state !== 'hidden' && token.state !== 'gone';
    this.view.visible = visible;
    this.links.visible = visible;
    if (!visible) return;

    const queuedHeight = this.slotHeight - 3;
    const height = lerp(FLIGHT_TOKEN.height, queuedHeight, token.flight);
    const width = FLIGHT_TOKEN.width - 4 * token.flight;
    const x = lerp(this.originX, columnX(token.bank), token.flight);
    const startY = LANE_Y + LANE_SIZE / 2 + FLIGHT_TOKEN.height / 2 + 8;
    const y = lerp(startY, getSlotY(token.slot, this.slotHeight), token.flight) + token.exit * 40;
    this.view.position.set(x, y);
    this.view.alpha = 1 - token.exit;

    const serving = token.state === 'serving' || token.state === 'leaving';
    const bodyKey = `${Math.round(height * 4)}|${Math.round(width * 4)}|${serving}`;
    if (bodyKey !== this.bodyKey) {
      this.bodyKey = bodyKey;
      this.body
        .clear()
        .roundRect(-width / 2, -height / 2, width, height, Math.min(8, height / 2))
        .fill(serving ? PALETTE.serving : PALETTE.request);
      if (serving) this.body.stroke({ width: 2.5, color: PALETTE.text, alignment: 0 });
    }
    this.label.visible = height >= MIN_LABELLED_HEIGHT;
    setLabel(this.label, this.label.text, PALETTE.textOnLight);

    this.links.clear();
    const top = y - height / 2;
    for (const lane of this.record.lanes) {
      this.links.moveTo(columnX(lane), LANE_Y + LANE_SIZE / 2).lineTo(x, top);
    }
    this.links.stroke({
      width: serving ? 3 : 1.5,
      color: serving ? PALETTE.serving : PALETTE.request,
      alpha: (serving ? 0.95 : token.state === 'flying' ? 0.6 : 0.3) * (1 - token.exit),
    });
  }
}
