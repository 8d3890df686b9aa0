import { Container, Graphics, GraphicsContext, Sprite, Texture } from 'pixi.js';
import type { TokenRecord } from '../timeline/getFrame';
import type { TokenGroup } from './groupTokens';
import { createNumberLabel, setNumberLabel } from './createNumberLabel';
import { PALETTE } from './palette';
import { roundedRect } from './roundedRect';
import { ShapeAtlas } from './ShapeAtlas';
import { getLaunchAlong, getServingAlong, getSlotAlong, type StageLayout } from './stageGeometry';

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

/**
 * The smallest word label drawn, as a share of the lane numbers' size: smaller than this (a queue
 * so deep its slots are thin bars) the word goes unlabelled, and the mirror lists every word.
 */
const MIN_LABEL = 0.83;

/** The narrowest a word's digits are set, as a share of their width: narrower than this goes unlabelled. */
const MIN_SQUEEZE = 0.45;

/** How far through its flight a lane's several words begin to fan out to their banks, and the stack's step between them. */
const FAN_FROM = 0.72;
const STACK_STEP = 6;

/** Eases in and out between 0 and 1. */
const smooth = (k: number) => (k <= 0 ? 0 : k >= 1 ? 1 : k * k * (3 - 2 * k));

type Box = { x: number; y: number; width: number; height: number };

/** Whether two boxes overlap by more than a pixel's antialiasing. */
const overlaps = (a: Box, b: Box) =>
  a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width && a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height;

const ALONE = (bank: number, place: number): TokenGroup => ({ index: 0, banks: [bank], places: [place] });

/**
 * One distinct word's request: a token labelled with the word, and a link back to every lane it
 * will serve (several links: a broadcast).
 *
 * @remarks
 * The body is drawn once at flight size and scaled, and links are sprites, so a frame only sets
 * transforms and tints: tokens move every frame while requests fly.
 *
 * Every word is labelled at the lane numbers' height, whatever its digits: a word too wide for its
 * token has its digits set narrower instead of smaller. A lane that asks for several words (a
 * vector load) sends them as one stack labelled with its first word, which fans out to their
 * banks near the end of the flight, each then labelled with its own word: never several labels
 * over one another.
 */
export class RequestToken {
  readonly view = new Container();
  readonly links = new Container();
  private readonly body: Sprite;
  private readonly ring: Graphics;
  private readonly label;
  private readonly origin: number;
  private readonly digits: number;
  /** Where the stack of this token's group heads, across and in queue places, before it fans out. */
  private readonly groupAcross: number;
  private readonly groupPlace: number;
  /** Where its body is drawn in the frame now; `null`: not drawn. */
  private box: Box | null = null;

  constructor(
    private readonly record: Pick<TokenRecord, 'word' | 'bank' | 'lanes'>,
    private readonly slotLength: number,
    private readonly layout: StageLayout,
    bodies: ShapeAtlas<'body'>,
    private readonly group: TokenGroup = ALONE(record.bank, 0),
    /** Where its flight starts, along (see getLaunchAlong). */
    private readonly launchAlong = getLaunchAlong(layout, false),
  ) {
    this.body = bodies.createSprite('body');
    this.ring = new Graphics(getLooks(layout).ring);
    this.digits = String(record.word).length;
    this.label = createNumberLabel(String(record.word), layout.labelSize, PALETTE.textOnLight);
    // A broadcast token starts between the lanes it serves, so its links fan out evenly.
    this.origin = record.lanes.reduce((sum, lane) => sum + layout.across(lane), 0) / record.lanes.length;
    const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
    this.groupAcross = mean(group.banks.map((bank) => layout.across(bank)));
    this.groupPlace = mean(group.places);
    for (let i = 0; i < record.lanes.length; i++) this.links.addChild(createLink());
    this.view.addChild(this.body, this.ring, this.label);
  }

  /**
   * Sizes the word's label for a token `across` × `along`: the lane numbers' height where the token
   * is tall enough, its digits narrowed to its width (monospaced digits are 0.6 em wide); a word
   * being served whose neighbouring banks are empty may spread over them. False: too small to label.
   */
  private fitLabel(across: number, along: number, roomy: boolean): boolean {
    const { layout } = this;
    const wide = layout.name === 'wide';
    // Wide, a queue's slots shorten the token along, and with them the word; tall, its thickness
    // across barely changes as it lands, and the word keeps the flight's size.
    const size = Math.min(layout.labelSize, (wide ? along : layout.flight.across) - 4);
    const room = wide ? (roomy ? 3 * (layout.across(1) - layout.across(0)) - 12 : across - 4) : along - 6;
    const squeeze = Math.min(1, room / (0.6 * this.digits * size));
    if (size < layout.labelSize * MIN_LABEL || squeeze < MIN_SQUEEZE) return false;
    setNumberLabel(this.label, { size: Math.floor(size) });
    this.label.scale.set(squeeze, 1);
    return true;
  }

  /** Where its word is written in the frame now; `null`: not written. */
  private get labelBox(): Box | null {
    if (!this.box || !this.label.visible) return null;
    const { width, height } = this.label;
    return { x: this.view.x - width / 2, y: this.view.y - height / 2, width, height };
  }

  /**
   * Leaves unlabelled every token whose word another token drawn over it covers (tokens flying
   * past one another, a queue that is closing up), so that each word written on the stage reads
   * whole; the mirror lists every word. `tokens` in the order they were added to their layer.
   */
  static uncoverLabels(tokens: readonly RequestToken[]): void {
    const drawn = tokens
      .map((token, order) => ({ token, order }))
      .filter(({ token }) => token.box)
      .sort((a, b) => a.token.view.zIndex - b.token.view.zIndex || a.order - b.order)
      .map(({ token }) => token);
    drawn.forEach((token, i) => {
      const label = token.labelBox;
      if (!label) return;
      for (let j = i + 1; j < drawn.length; j++)
        if (overlaps(label, drawn[j].box!)) {
          token.label.visible = false;
          return;
        }
    });
  }

  /** `roomy`: the banks either side are empty, so a served word's label may spread over them. */
  update(token: TokenRecord, roomy = false): void {
    const visible = token.state !== 'hidden' && token.state !== 'gone';
    this.view.visible = visible;
    this.links.visible = visible;
    this.box = null;
    if (!visible) return;

    const serving = token.state === 'serving' || token.state === 'leaving';
    const { flight } = this.layout;
    // A lane's words fly as one stack, then fan out to their banks before they land.
    const fan = this.group.banks.length > 1 ? smooth((token.flight - FAN_FROM) / (1 - FAN_FROM)) : 1;
    const stacked = (1 - fan) * STACK_STEP * this.group.index;
    // The word being served grows back to full size at the front of its queue, so its label reads
    // even when a deep queue has squeezed every waiting token into a thin bar.
    const along = serving ? flight.along : lerp(flight.along, this.slotLength - 3, token.flight);
    const acrossSize = serving ? flight.across : flight.across - 4 * token.flight;
    const across = lerp(this.origin, lerp(this.groupAcross, this.layout.across(token.bank), fan), token.flight);
    const slot = lerp(this.groupPlace, token.slot, fan);
    const centre = serving
      ? getServingAlong(this.layout) + token.exit * 40
      : lerp(this.launchAlong, getSlotAlong(this.layout, slot, this.slotLength), token.flight) + stacked;
    this.view.position.copyFrom(this.layout.point(across, centre));
    // A word of a later phase waits apart, dimmed, until the phases before it have been served.
    const dim = token.later ? LATER_ALPHA : 1;
    this.view.alpha = (1 - token.exit) * dim;
    this.body.tint = serving ? PALETTE.serving : PALETTE.request;
    this.ring.visible = serving;
    // Drawn above the thin queue it rises out of, the phase on stage over later ones; in a stack, the
    // first word on top.
    this.view.zIndex = (serving ? 2 : token.later ? -1 : 0) - (fan < 1 ? this.group.index / 8 : 0);
    // In a stack only the first word is labelled; the others once they have fanned out clear of it.
    const clear = this.group.index === 0 || fan * (this.layout.across(1) - this.layout.across(0)) >= acrossSize;
    const spread = serving && roomy && this.layout.name === 'wide';
    this.label.visible = clear && this.fitLabel(acrossSize, along, spread);
    // A served word spread over its empty neighbours widens its token with it: its dark digits
    // past the token's edge fell on the dark stage, and "1088" read "08".
    const drawnAcross = spread && this.label.visible ? Math.max(acrossSize, this.label.width + 8) : acrossSize;
    const scale = this.layout.point(drawnAcross / flight.across, along / flight.along);
    this.body.scale.set(scale.x, scale.y);
    this.ring.scale.set(scale.x, scale.y);
    this.box = this.layout.box(across, drawnAcross, centre - along / 2, along);

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
