import { Container, Graphics, GraphicsContext, Sprite, Texture } from 'pixi.js';
import type { TokenRecord } from '../timeline/getFrame';
import { createNumberLabel, setNumberLabel } from './createNumberLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { ShapeAtlas } from './ShapeAtlas';
import { getServingAlong, getSlotAlong, type StageLayout } from './stageGeometry';

const lerp = (a: number, b: number, k: number) => a + (b - a) * k;

/** One link from a lane to its token: a stretched white texel, so moving it costs no re-tessellation. */
function createLink(): Sprite {
  const link = new Sprite(Texture.WHITE);
  link.anchor.set(0, 0.5);
  return link;
}

type Looks = { body: GraphicsContext; ring: GraphicsContext };

/** The token's body and its serving ring at flight size, drawn once per layout and shared by every token (see LaneView). */
const looksByLayout = new Map<StageLayout, Looks>();
function getLooks(layout: StageLayout): Looks {
  let looks = looksByLayout.get(layout);
  if (looks) return looks;
  const { x, y, width, height } = layout.box(0, layout.flight.across, -layout.flight.along / 2, layout.flight.along);
  looks = {
    body: roundedRect(new GraphicsContext(), x, y, width, height, 8).fill(0xffffff),
    ring: roundedRect(new GraphicsContext(), x, y, width, height, 8).stroke({
      width: 2.5,
      color: PALETTE.text,
      alignment: 0,
    }),
  };
  looksByLayout.set(layout, looks);
  return looks;
}

/** The tokens' body, for a stage to draw at the size it shows them: every token's body is a sprite of it (see LaneView). */
export function createTokenBodies(layout: StageLayout): ShapeAtlas<'body'> {
  return new ShapeAtlas({ body: getLooks(layout).body });
}

/** How strongly a word of a phase not yet on stage is drawn: there, and plainly not this phase's. */
const LATER_ALPHA = 0.3;

/** Below this length along, a queued token of the wide layout shows no label; the mirror lists every word. */
const MIN_LABELLED_ALONG = 26;

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
  private readonly body: Sprite;
  private readonly ring: Graphics;
  private readonly label;
  private readonly origin: number;
  /** The label's room along: its height in the wide layout, its width in the tall one. */
  private readonly labelAlong: number;

  constructor(
    private readonly record: Pick<TokenRecord, 'word' | 'bank' | 'lanes'>,
    private readonly slotLength: number,
    private readonly layout: StageLayout,
    bodies: ShapeAtlas<'body'>,
  ) {
    this.body = bodies.createSprite('body');
    this.ring = new Graphics(getLooks(layout).ring);
    this.label = createNumberLabel(String(record.word), this.labelSize(false), PALETTE.textOnLight);
    // A broadcast token starts between the lanes it serves, so its links fan out evenly.
    this.origin = record.lanes.reduce((sum, lane) => sum + layout.across(lane), 0) / record.lanes.length;
    this.labelAlong = layout.name === 'wide' ? MIN_LABELLED_ALONG : this.label.width + 6;
    for (let i = 0; i < record.lanes.length; i++) this.links.addChild(createLink());
    this.view.addChild(this.body, this.ring, this.label);
  }

  /**
   * The word's size: as large as its digits allow inside the token (monospaced digits are 0.6 em
   * wide), no taller than the token: 24 px in a presented 1080p frame for up to two digits. A word
   * being served whose neighbouring banks are empty may spread over them: three digits at 24 px.
   */
  private labelSize(roomy: boolean): number {
    const { layout } = this;
    const digits = String(this.record.word).length;
    const across = roomy ? 3 * (layout.across(1) - layout.across(0)) - 12 : layout.flight.across - 6;
    const room = layout.name === 'wide' ? across : layout.flight.along - 6;
    const tall = (layout.name === 'wide' ? layout.flight.along : layout.flight.across) - 4;
    return Math.floor(Math.min(tall, room / (0.6 * digits)));
  }

  /** `roomy`: the banks either side are empty, so a served word's label may spread over them. */
  update(token: TokenRecord, roomy = false): void {
    const visible = token.state !== 'hidden' && token.state !== 'gone';
    this.view.visible = visible;
    this.links.visible = visible;
    if (!visible) return;

    const serving = token.state === 'serving' || token.state === 'leaving';
    const { flight } = this.layout;
    // The word being served grows back to full size at the front of its queue, so its label reads
    // even when a deep queue has squeezed every waiting token into a thin bar.
    const along = serving ? flight.along : lerp(flight.along, this.slotLength - 3, token.flight);
    const acrossSize = serving ? flight.across : flight.across - 4 * token.flight;
    const across = lerp(this.origin, this.layout.across(token.bank), token.flight);
    const start = this.layout.laneAlong + this.layout.laneSize / 2 + flight.along / 2 + 8;
    const centre = serving
      ? getServingAlong(this.layout) + token.exit * 40
      : lerp(start, getSlotAlong(this.layout, token.slot, this.slotLength), token.flight);
    this.view.position.copyFrom(this.layout.point(across, centre));
    // A word of a later phase waits apart, dimmed, until the phases before it have been served.
    const dim = token.later ? LATER_ALPHA : 1;
    this.view.alpha = (1 - token.exit) * dim;
    const scale = this.layout.point(acrossSize / flight.across, along / flight.along);
    this.body.scale.set(scale.x, scale.y);
    this.body.tint = serving ? PALETTE.serving : PALETTE.request;
    this.ring.visible = serving;
    // Drawn above the thin queue it rises out of.
    this.view.zIndex = serving ? 1 : 0;
    this.label.visible = along >= this.labelAlong;
    const size = this.labelSize(serving && roomy);
    setNumberLabel(this.label, { size });

    const near = centre - along / 2;
    // Flights and waiting links strong enough to see from the back of a room.
    const alpha = (serving ? 0.95 : token.state === 'flying' ? 0.8 : 0.4) * (1 - token.exit) * dim;
    this.record.lanes.forEach((lane, i) => {
      const link = this.links.children[i] as Sprite;
      const from = this.layout.point(this.layout.across(lane), this.layout.laneAlong + this.layout.laneSize / 2);
      const to = this.layout.point(across, near);
      link.position.copyFrom(from);
      link.width = Math.hypot(to.x - from.x, to.y - from.y);
      link.height = serving ? 4 : 3;
      link.rotation = Math.atan2(to.y - from.y, to.x - from.x);
      link.tint = serving ? PALETTE.serving : PALETTE.request;
      link.alpha = alpha;
    });
  }
}
