import fc from 'fast-check';
import type { Graphics } from 'pixi.js';
import { describe, expect, it } from 'vitest';
import { roundedRect } from '../../src/stage/roundedRect';

/** Records the polygon `roundedRect` hands to Pixi. */
function polygonOf(x: number, y: number, width: number, height: number, radius: number): [number, number][] {
  let points: number[] = [];
  const g = { poly: (p: number[]) => ((points = p), g) } as unknown as Graphics;
  roundedRect(g, x, y, width, height, radius);
  return Array.from({ length: points.length / 2 }, (_, i) => [points[2 * i], points[2 * i + 1]]);
}

describe('roundedRect', () => {
  it('stays inside its box, touches all four sides, and rounds each corner on a circle of its radius', () => {
    const box = fc.record({
      x: fc.integer({ min: -500, max: 500 }),
      y: fc.integer({ min: -500, max: 500 }),
      width: fc.integer({ min: 1, max: 1000 }),
      height: fc.integer({ min: 1, max: 1000 }),
      radius: fc.integer({ min: 0, max: 40 }),
    });
    fc.assert(
      fc.property(box, ({ x, y, width, height, radius }) => {
        const points = polygonOf(x, y, width, height, radius);
        const r = Math.min(radius, width / 2, height / 2);
        const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
        for (const [px, py] of points) {
          expect(px).toBeGreaterThanOrEqual(x - 1e-9);
          expect(px).toBeLessThanOrEqual(x + width + 1e-9);
          expect(py).toBeGreaterThanOrEqual(y - 1e-9);
          expect(py).toBeLessThanOrEqual(y + height + 1e-9);
          // A point off the straight edges sits on the circle of its corner.
          const cx = px < x + r ? x + r : px > x + width - r ? x + width - r : null;
          const cy = py < y + r ? y + r : py > y + height - r ? y + height - r : null;
          if (cx !== null && cy !== null) expect(Math.hypot(px - cx, py - cy)).toBeCloseTo(r, 9);
        }
        expect(points.some(([px]) => near(px, x))).toBe(true);
        expect(points.some(([px]) => near(px, x + width))).toBe(true);
        expect(points.some(([, py]) => near(py, y))).toBe(true);
        expect(points.some(([, py]) => near(py, y + height))).toBe(true);
      }),
    );
  });
});
