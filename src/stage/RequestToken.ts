import { Container, Graphics, GraphicsContext, Sprite, Texture } from 'pixi.js';
import type { TokenRecord } from '../timeline/getFrame';
import { createLabel } from './createLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { columnX, FLIGHT_TOKEN, getServingY, getSlotY, LANE_SIZE, LANE_Y, MIN_LABELLED_HEIGHT } from './stageGeometry';

const lerp = (a: number, b: number, k: number) => a + (b - a) * k;

/** One link from a lane to its token: a stretched white texel, so moving it costs no re-tessellation. */
function createLink(): Sprite {
  const link = new Sprite(Texture.WHITE);
  link.anchor.set(0, 0.5);
  return link;
}

/** The token's body and its serving ring, drawn once and shared by every token (see LaneView). */
let looks: { body: GraphicsContext; ring: GraphicsContext } | null = null;
function getLooks() {
  if (looks) return looks;
  const { width, height } = FLIGHT_TOKEN;
  looks = {
    body: roundedRect(new GraphicsContext(), -width / 2, -height / 2, width, height, 8).fill(0xffffff),
    ring: roundedRect(new GraphicsContext(), -width / 2, -height / 2, width, height, 8).stroke({
      width: 2.5,
      color: PALETTE.text,
      alignment: 0,
    }),
  };
  return looks;
}

/**
 * One distinct word's request: a token labelled with the word, and a link back to every lane it
 * will serve (several links: a broadcast).
 *
 * @remarks
 * The body is drawn once at flight size and scaled, and links are sprites, so a frame only sets
 * transforms and tints: tokens move every frame while requests fly.
 */
export class RequestToken {
  readonly view = new Container();
  readonly links = new Container();
  private readonly body = new Graphics(getLooks().body);
  private readonly ring = new Graphics(getLooks().ring);
  private readonly label;
  private readonly originX: number;

  constructor(
    private readonly record: Pick<TokenRecord, 'word' | 'bank' | 'lanes'>,
    private readonly slotHeight: number,
  ) {
    // As large as the word's digits allow inside a token.
    const digits = String(record.word).length;
    this.label = createLabel(
      String(record.word),
      digits <= 3 ? 24 : digits === 4 ? 20 : digits === 5 ? 16 : 13,
      PALETTE.textOnLight,
    );
    // A broadcast token starts between the lanes it serves, so its links fan out evenly.
    this.originX = record.lanes.reduce((sum, lane) => sum + columnX(lane), 0) / record.lanes.length;
    for (let i = 0; i < record.lanes.length; i++) this.links.addChild(createLink());
    this.view.addChild(this.body, this.ring, this.label);
  }

  update(token: TokenRecord): void {
    const visible = token.state !== 'hidden' && token.state !== 'gone';
    this.view.visible = visible;
    this.links.visible = visible;
    if (!visible) return;

    const serving = token.state === 'serving' || token.state === 'leaving';
    // The word being served grows back to full size at the front of its queue, so its label reads
    // even when a deep queue has squeezed every waiting token into a thin bar.
    const height = serving ? FLIGHT_TOKEN.height : lerp(FLIGHT_TOKEN.height, this.slotHeight - 3, token.flight);
    const width = serving ? FLIGHT_TOKEN.width : FLIGHT_TOKEN.width - 4 * token.flight;
    const x = lerp(this.originX, columnX(token.bank), token.flight);
    const startY = LANE_Y + LANE_SIZE / 2 + FLIGHT_TOKEN.height / 2 + 8;
    const y = serving
      ? getServingY() + token.exit * 40
      : lerp(startY, getSlotY(token.slot, this.slotHeight), token.flight);
    this.view.position.set(x, y);
    this.view.alpha = 1 - token.exit;
    this.body.scale.set(width / FLIGHT_TOKEN.width, height / FLIGHT_TOKEN.height);
    this.body.tint = serving ? PALETTE.serving : PALETTE.request;
    this.ring.visible = serving;
    // Drawn above the thin queue it rises out of.
    this.view.zIndex = serving ? 1 : 0;
    this.label.visible = height >= MIN_LABELLED_HEIGHT;

    const top = y - height / 2;
    const alpha = (serving ? 0.95 : token.state === 'flying' ? 0.6 : 0.3) * (1 - token.exit);
    this.record.lanes.forEach((lane, i) => {
      const link = this.links.children[i] as Sprite;
      const fromX = columnX(lane);
      const fromY = LANE_Y + LANE_SIZE / 2;
      link.position.set(fromX, fromY);
      link.width = Math.hypot(x - fromX, top - fromY);
      link.height = serving ? 3 : 2;
      link.rotation = Math.atan2(top - fromY, x - fromX);
      link.tint = serving ? PALETTE.serving : PALETTE.request;
      link.alpha = alpha;
    });
  }
}
