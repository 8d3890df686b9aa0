import { describe, expect, it } from 'vitest';
import { chooseLayout, getServingAlong, getSlotAlong, getSlotLength, TALL, WIDE } from '../../src/stage/stageGeometry';

describe.each([WIDE, TALL])('the $name stage layout', (layout) => {
  const inside = (box: { x: number; y: number; width: number; height: number }) =>
    box.x >= 0 && box.y >= 0 && box.x + box.width <= layout.width && box.y + box.height <= layout.height;

  it('keeps every lane, queue and bank of the warp inside the frame', () => {
    for (let i = 0; i < 32; i++) {
      const across = layout.across(i);
      expect(inside(layout.box(across, layout.laneSize, layout.laneAlong - layout.laneSize / 2, layout.laneSize))).toBe(
        true,
      );
      expect(
        inside(layout.box(across, layout.queueWidth, layout.queueStart, layout.queueEnd - layout.queueStart)),
      ).toBe(true);
      const plate = layout.box(
        across,
        layout.queueWidth,
        layout.bankAlong - layout.nameplateAlong / 2,
        layout.nameplateAlong,
      );
      expect(inside(plate)).toBe(true);
    }
  });

  it('gives neighbouring lanes and banks room of their own', () => {
    const pitch = layout.across(1) - layout.across(0);
    expect(pitch).toBeGreaterThanOrEqual(Math.max(layout.laneSize, layout.queueWidth, layout.flight.across));
    // A label fits in its marker and its row: two digits of the monospaced font are 1.2 ems wide.
    expect(layout.labelSize * 1.2).toBeLessThanOrEqual(pitch);
  });

  it('orders the rows from the lanes to the banks, none over another', () => {
    expect(layout.laneAlong + layout.laneSize / 2).toBeLessThan(layout.badgeAlong - layout.badgeSize / 2);
    expect(layout.badgeAlong + layout.badgeSize / 2).toBeLessThanOrEqual(layout.queueStart);
    expect(layout.queueEnd).toBeLessThan(layout.bankAlong - layout.labelSize / 2);
  });

  it('fits every queue slot of every depth, and the served word, inside its bank', () => {
    for (let depth = 1; depth <= 32; depth++) {
      const length = getSlotLength(layout, depth);
      const back = getSlotAlong(layout, depth - 1, length) - length / 2;
      const front = getSlotAlong(layout, 0, length) + length / 2;
      expect(back).toBeGreaterThanOrEqual(layout.queueStart);
      expect(front).toBeLessThanOrEqual(layout.queueEnd);
    }
    expect(getServingAlong(layout) + layout.flight.along / 2).toBeLessThanOrEqual(layout.queueEnd);
  });
});

describe('chooseLayout', () => {
  it('draws wide in a box at least as wide as it is tall, and tall otherwise', () => {
    expect(chooseLayout(1280, 720)).toBe(WIDE);
    expect(chooseLayout(500, 500)).toBe(WIDE);
    expect(chooseLayout(390, 700)).toBe(TALL);
  });

  it('keeps the tall layout’s numbers at least 12 px tall on a 390 px phone', () => {
    expect((TALL.labelSize * 390) / TALL.width).toBeGreaterThanOrEqual(12);
  });
});
