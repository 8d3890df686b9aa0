import { describe, expect, it } from 'vitest';
import {
  BARE_SCALE,
  CAPTION_BAND,
  COMPOSED_SCALE,
  COMPOSED_Y,
  FRAME_TEXT,
  PANEL_ROOM,
  PANEL_WIDTH,
  PANEL_X,
  STAGE_HEIGHT,
  STAGE_WIDTH,
  WIDE,
} from '../../src/stage/stageGeometry';

// The back of the hall: a presented 1080p frame is 1920 × 1080 pixels, one per logical pixel of the
// frame; the stage is drawn in it at COMPOSED_SCALE beside panels (BARE_SCALE without), and panels
// at PANEL_ROOM / PANEL_WIDTH. 720p is two thirds of each.
describe('the presented frame, read from the back of a room', () => {
  const stage = Math.min(COMPOSED_SCALE, BARE_SCALE);
  const panels = PANEL_ROOM / PANEL_WIDTH;

  it('draws every number of the stage at least 24 px tall at 1080p, and 14 px at 720p', () => {
    for (const [what, size] of [
      ['lane and bank numbers', WIDE.labelSize],
      ['queue counts', WIDE.badgeSize],
      // A served word of one or two digits fills its token: its height is the token's less a margin.
      ['words on tokens', WIDE.flight.along - 4],
    ] as const) {
      expect(size * stage, what).toBeGreaterThanOrEqual(24);
      expect((size * stage * 2) / 3, what).toBeGreaterThanOrEqual(14);
    }
  });

  it('draws the numbers of panels and the caption at least 24 px, and the key and row names 20 px', () => {
    expect(FRAME_TEXT.panel * panels).toBeGreaterThanOrEqual(24);
    expect(FRAME_TEXT.table * panels).toBeGreaterThanOrEqual(24);
    expect(FRAME_TEXT.code * panels).toBeGreaterThanOrEqual(24);
    expect(FRAME_TEXT.caption).toBeGreaterThanOrEqual(24);
    expect(FRAME_TEXT.legend * stage).toBeGreaterThanOrEqual(20);
    expect(FRAME_TEXT.rowName * stage).toBeGreaterThanOrEqual(20);
  });

  it('keeps the caption in a band of its own below the picture, and the panels beside it in the frame', () => {
    expect(COMPOSED_Y + STAGE_HEIGHT * COMPOSED_SCALE).toBeLessThanOrEqual(STAGE_HEIGHT - CAPTION_BAND);
    expect(COMPOSED_Y + STAGE_HEIGHT * BARE_SCALE).toBeLessThanOrEqual(STAGE_HEIGHT - CAPTION_BAND);
    expect(PANEL_X + PANEL_ROOM).toBeLessThanOrEqual(STAGE_WIDTH);
  });
});
