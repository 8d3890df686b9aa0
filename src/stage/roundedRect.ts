import type { Graphics, GraphicsContext } from 'pixi.js';

/** Segments per quarter circle: the arc strays under half a pixel from a true circle even at 4K. */
export const CORNER_SEGMENTS = 4;

/**
 * Adds a rounded rectangle to `g` as a polygon with {@link CORNER_SEGMENTS} segments per corner.
 *
 * @remarks
 * Pixi's `roundRect` spends about ten segments on each corner of these small radii, and software
 * WebGL pays per triangle: the 32 lanes and 32 banks alone came to some 8,600 triangles a frame,
 * which cost more than everything else drawn. With four segments they are about 3,300.
 */
export function roundedRect<G extends Graphics | GraphicsContext>(
  g: G,
  x: number,
  y: number,
  width: number,
  height: number,
  radius: number,
): G {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  const corners: [number, number, number][] = [
    [x + width - r, y + r, -Math.PI / 2],
    [x + width - r, y + height - r, 0],
    [x + r, y + height - r, Math.PI / 2],
    [x + r, y + r, Math.PI],
  ];
  const points: number[] = [];
  for (const [cx, cy, start] of corners) {
    for (let k = 0; k <= CORNER_SEGMENTS; k++) {
      const angle = start + (k / CORNER_SEGMENTS) * (Math.PI / 2);
      points.push(cx + r * Math.cos(angle), cy + r * Math.sin(angle));
    }
  }
  return g.poly(points, true) as G;
}

/**
 * Adds the four corners of a box to `g` as brackets, each `arm` long: the caption's pointer,
 * whose open outline reads apart from the solid outlines of the stage's states.
 */
export function cornerMarks<G extends Graphics | GraphicsContext>(
  g: G,
  x: number,
  y: number,
  width: number,
  height: number,
  arm: number,
): G {
  const [right, bottom] = [x + width, y + height];
  g.moveTo(x, y + arm)
    .lineTo(x, y)
    .lineTo(x + arm, y);
  g.moveTo(right - arm, y)
    .lineTo(right, y)
    .lineTo(right, y + arm);
  g.moveTo(right, bottom - arm)
    .lineTo(right, bottom)
    .lineTo(right - arm, bottom);
  g.moveTo(x + arm, bottom)
    .lineTo(x, bottom)
    .lineTo(x, bottom - arm);
  return g;
}
