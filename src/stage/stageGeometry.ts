/**
 * Where things sit on the stage, in logical pixels of a fixed 1920×1080 frame.
 *
 * @remarks
 * Lane `i` and bank `i` share a column so a conflict-free read draws straight lines, and a
 * conflict draws a fan into one bank.
 */
export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** The left gutter holds each row's name (lane, queue, bank), so labels can be bare numbers. */
export const GUTTER = 96;
const CELL = 56;

export const columnX = (index: number) => GUTTER + CELL / 2 + index * CELL;

/** Lane and bank numbers: at least 14 px tall in a 720p clip even when a panel shares the frame. */
export const LABEL_SIZE = 34;

export const HEADER_Y = 52;
export const LANE_Y = 150;
export const LANE_SIZE = 46;
export const BADGE_Y = 306;
export const COLUMN_TOP = 330;
export const COLUMN_BOTTOM = 960;
export const COLUMN_WIDTH = 50;
export const BANK_LABEL_Y = 990;
export const LEGEND_Y = 1044;

/** A token's size while it flies: large enough for its word to read in a 720p recording. */
export const FLIGHT_TOKEN = Object.freeze({ width: 50, height: 34 });
/** Below this height a queued token shows no label; the mirror lists every word. */
export const MIN_LABELLED_HEIGHT = 26;

/** The height of one queue slot when the deepest queue holds `depth` words. */
export function getSlotHeight(depth: number): number {
  return Math.min(44, (COLUMN_BOTTOM - COLUMN_TOP - 8) / Math.max(1, depth));
}

/** The centre of queue slot `slot` (0 = front, at the bottom of the column). */
export function getSlotY(slot: number, slotHeight: number): number {
  return COLUMN_BOTTOM - 4 - (slot + 0.5) * slotHeight;
}

/** The centre of the token a bank is serving: full size, resting on the bottom of its column. */
export function getServingY(): number {
  return COLUMN_BOTTOM - 6 - FLIGHT_TOKEN.height / 2;
}

/** The panel column of a composed frame (presenting, snapshots, clips): its width and left edge. */
export const PANEL_WIDTH = 600;
export const PANEL_X = STAGE_WIDTH - PANEL_WIDTH - 32;
/** Where the stage sits in a composed frame that has panels: scaled down at the top left. */
export const COMPOSED_SCALE = (STAGE_WIDTH - PANEL_WIDTH - 72) / STAGE_WIDTH;
export const COMPOSED_X = 16;
export const COMPOSED_Y = 24;
