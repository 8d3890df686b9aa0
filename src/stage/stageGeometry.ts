/**
 * Where things sit on the stage, in logical pixels of a fixed frame.
 *
 * @remarks
 * Lane `i` and bank `i` share a column so a conflict-free read draws straight lines, and a
 * conflict draws a fan into one bank. Two layouts draw the same frame records: the wide one
 * (1920×1080: lanes along the top, queues falling to the banks) and a tall one for portrait
 * screens (lanes down the left, queues running right to the banks), so a phone held upright gets
 * the whole width for 32 rows of labels instead of a 360 px strip. Views place things by two
 * coordinates, `across` (which lane or bank) and `along` (how far from the lanes towards the banks);
 * a layout turns them into x and y.
 */
export interface StageLayout {
  readonly name: 'wide' | 'tall';
  readonly width: number;
  readonly height: number;
  /** The centre of lane and bank `index`, across the frame. */
  across(index: number): number;
  /** The frame point at (`across`, `along`). */
  point(across: number, along: number): { x: number; y: number };
  /** A box given across and along: its left, top, width and height in the frame. */
  box(
    acrossCentre: number,
    acrossSize: number,
    alongStart: number,
    alongSize: number,
  ): { x: number; y: number; width: number; height: number };
  /** Lane and bank numbers. */
  readonly labelSize: number;
  readonly laneSize: number;
  readonly laneAlong: number;
  /** The count of words left in a bank's queue. */
  readonly badgeAlong: number;
  readonly badgeSize: number;
  readonly queueStart: number;
  readonly queueEnd: number;
  /** A bank column's thickness across. */
  readonly queueWidth: number;
  readonly bankAlong: number;
  /** The busiest bank's filled nameplate, along the flow. */
  readonly nameplateAlong: number;
  /** A token while it flies, across and along: large enough for its word to read. */
  readonly flight: { readonly across: number; readonly along: number };
  /** The longest a queue slot gets, along. */
  readonly maxSlot: number;
  readonly title: { readonly x: number; readonly y: number; readonly size: number; readonly maxWidth: number };
  readonly counter: { readonly x: number; readonly y: number; readonly size: number; readonly anchor: number };
  /** Under the counter: the phase on stage ("phase 2 of 4") and a store's races, for a request of several phases. */
  readonly phaseNote: { readonly x: number; readonly y: number; readonly size: number; readonly anchor: number };
  /** The brackets that group the lanes by phase: where they run along, their labels, and the labels' size. */
  readonly phaseGroups: { readonly along: number; readonly labelAlong: number; readonly size: number };
  /** Where the name of each row (lane, queue, bank) is written, and how it is aligned. */
  readonly rowName: (along: number) => { x: number; y: number; anchor: number };
  /** The key to the stage's states: where it starts and its spacing; `null`: the page shows the key instead. */
  readonly legend: {
    readonly x: number;
    readonly y: number;
    readonly perLine: number;
    readonly lineHeight: number;
  } | null;
}

/** The wide frame's constants, kept as names the tests use to find things on the stage. */
export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;
/** The left gutter holds each row's name (lane, queue, bank), so labels can be bare numbers. */
export const GUTTER = 96;
const CELL = 56;
export const columnX = (index: number) => GUTTER + CELL / 2 + index * CELL;
/** Lane and bank numbers: at least 14 px tall in a 720p clip even when a panel shares the frame. */
export const LABEL_SIZE = 36;
export const LANE_Y = 150;
export const LANE_SIZE = 46;
const BADGE_Y = 306;
const COLUMN_TOP = 330;
const COLUMN_BOTTOM = 960;
const BANK_LABEL_Y = 990;

export const WIDE: StageLayout = {
  name: 'wide',
  width: STAGE_WIDTH,
  height: STAGE_HEIGHT,
  across: columnX,
  point: (across, along) => ({ x: across, y: along }),
  box: (acrossCentre, acrossSize, alongStart, alongSize) => ({
    x: acrossCentre - acrossSize / 2,
    y: alongStart,
    width: acrossSize,
    height: alongSize,
  }),
  labelSize: LABEL_SIZE,
  laneSize: LANE_SIZE,
  laneAlong: LANE_Y,
  badgeAlong: BADGE_Y,
  badgeSize: 36,
  queueStart: COLUMN_TOP,
  queueEnd: COLUMN_BOTTOM,
  queueWidth: 50,
  bankAlong: BANK_LABEL_Y,
  nameplateAlong: 40,
  flight: { across: 50, along: 40 },
  maxSlot: 44,
  title: { x: GUTTER, y: 52, size: 36, maxWidth: 1380 },
  counter: { x: STAGE_WIDTH - 32, y: 52, size: 40, anchor: 1 },
  phaseNote: { x: STAGE_WIDTH - 32, y: 98, size: 30, anchor: 1 },
  phaseGroups: { along: LANE_Y + LANE_SIZE / 2 + 12, labelAlong: LANE_Y + LANE_SIZE / 2 + 36, size: 30 },
  rowName: (along) => ({ x: 12, y: along, anchor: 0 }),
  legend: { x: GUTTER, y: 1026, perLine: 3, lineHeight: 38 },
};

const TALL_CELL = 38;
const TALL_TOP = 104;
/**
 * Portrait: as short as 32 rows allow, so that on an upright 390 × 844 phone the stage, the caption
 * and the transport share the first screen (the stage about 500 px tall) with numbers still 12 px
 * tall. Its key is in the page under the transport instead (see the phone legend), where it reads
 * at the page's own size.
 */
export const TALL: StageLayout = {
  name: 'tall',
  width: 1000,
  height: TALL_TOP + 32 * TALL_CELL + 16,
  across: (index) => TALL_TOP + TALL_CELL / 2 + index * TALL_CELL,
  point: (across, along) => ({ x: along, y: across }),
  box: (acrossCentre, acrossSize, alongStart, alongSize) => ({
    x: alongStart,
    y: acrossCentre - acrossSize / 2,
    width: alongSize,
    height: acrossSize,
  }),
  labelSize: 31,
  laneSize: 36,
  laneAlong: 34,
  badgeAlong: 150,
  badgeSize: 36,
  queueStart: 180,
  queueEnd: 900,
  queueWidth: 32,
  bankAlong: 950,
  nameplateAlong: 62,
  flight: { across: 32, along: 64 },
  maxSlot: 64,
  title: { x: 20, y: 34, size: 36, maxWidth: 640 },
  counter: { x: 980, y: 34, size: 36, anchor: 1 },
  // Between the row names of the queue and the banks.
  phaseNote: { x: 905, y: 80, size: 20, anchor: 1 },
  phaseGroups: { along: 62, labelAlong: 96, size: 22 },
  rowName: (along) => ({ x: along, y: 80, anchor: 0.5 }),
  legend: null,
};

/** The wide layout when the box is at least as wide as it is tall, else the tall one. */
export function chooseLayout(width: number, height: number): StageLayout {
  return height > width ? TALL : WIDE;
}

/**
 * Where a request's token starts its flight, along: just past the lanes, or, for a request served
 * in phases, past the phases' brackets and names, so that its words never cover them.
 */
export function getLaunchAlong(layout: StageLayout, phased: boolean): number {
  const { phaseGroups } = layout;
  const past = phased ? phaseGroups.labelAlong + phaseGroups.size / 2 : layout.laneAlong + layout.laneSize / 2;
  return past + layout.flight.along / 2 + 8;
}

/** Where along the token a bank is serving is centred: full size, resting at the front of its queue. */
export function getServingAlong(layout: StageLayout): number {
  return layout.queueEnd - 6 - layout.flight.along / 2;
}

/** Where the words waiting behind the one being served begin, along: clear of its full size. */
const behindServing = (layout: StageLayout) => layout.queueEnd - 6 - layout.flight.along - 3;

/**
 * The length along of one queue slot when the deepest queue holds `depth` words: the front word
 * takes a served word's full size, and the rest share what is left, so none hides behind it.
 */
export function getSlotLength(layout: StageLayout, depth: number): number {
  if (depth <= 1) return layout.maxSlot;
  return Math.min(layout.maxSlot, (behindServing(layout) - layout.queueStart - 2) / (depth - 1));
}

/**
 * Where along queue slot `slot` (0 = front, where the served word sits) is centred; a fractional
 * slot is a word moving up as the queue closes.
 */
export function getSlotAlong(layout: StageLayout, slot: number, slotLength: number): number {
  const behind = (k: number) => behindServing(layout) - (k - 0.5) * slotLength;
  return slot >= 1 ? behind(slot) : getServingAlong(layout) + (behind(1) - getServingAlong(layout)) * slot;
}

/** The wide frame's serving token centre (tests look for its pixels). */
export const getServingY = () => getServingAlong(WIDE);

/** The panel column of a composed frame (presenting, snapshots, clips): the width panels are drawn at. */
export const PANEL_WIDTH = 560;
/**
 * Where the stage sits in a composed frame that has panels: scaled down at the top left, as large
 * as lane and bank numbers need to be at least 24 px tall at 1080p, with the caption below it.
 */
export const COMPOSED_SCALE = 0.68;
export const COMPOSED_X = 16;
export const COMPOSED_Y = 24;
/** The panel column beside it: its left edge, and the room it has (panels are scaled into it). */
export const PANEL_X = COMPOSED_X + STAGE_WIDTH * COMPOSED_SCALE + 24;
export const PANEL_ROOM = STAGE_WIDTH - PANEL_X - 24;
/** A composed frame's caption band: its height at the bottom of the frame, never over the picture. */
export const CAPTION_BAND = 200;
/** A composed frame without panels: the stage as large as the room above the caption band allows. */
export const BARE_SCALE = (STAGE_HEIGHT - CAPTION_BAND - COMPOSED_Y) / STAGE_HEIGHT;

/**
 * Text sizes of the frame, in its logical pixels: chosen so that in a presented 1080p frame (the
 * stage at {@link COMPOSED_SCALE}, panels scaled into {@link PANEL_ROOM}) every number is at least
 * 24 px tall and the key and row names at least 20 px (test/unit/composedFrame.test.ts).
 */
export const FRAME_TEXT = Object.freeze({
  /** The key to the stage's states, and the names of its rows (lane, queue, bank). */
  legend: 30,
  rowName: 30,
  /** Panels' body text, the worked example's cells and headings, and code. */
  panel: 25,
  table: 26,
  code: 25,
  /** A composed frame's caption, in its band below the picture. */
  caption: 44,
});
