import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPartFrames, type ClipFrame } from '../../src/program/clipFrames';

const framesOf = (count: number): ClipFrame[] =>
  Array.from({ length: count }, (_, index) => ({ segment: 0, time: index / 30, index }));

describe('a clip cut into parts to render side by side', () => {
  it('gives every frame to exactly one part, in order, the parts a frame apart in length at most', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 8 }), (length, count) => {
        const frames = framesOf(length);
        const parts = Array.from({ length: count }, (_, index) => getPartFrames(frames, { index, count }));
        expect(parts.flat()).toEqual(frames);
        const sizes = parts.map((p) => p.length);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }),
    );
  });
});
