import type { LaneCallout } from '../program/describeLane';
import type { StageLayout } from './stageGeometry';

/** Callout text: as tall as the lane numbers, so it reads wherever they do (14 px in a 720p clip). */
export const getCalloutFontSize = (layout: StageLayout) => layout.labelSize;
export const CALLOUT_PAD = 12;
const GAP = 10;
/** JetBrains Mono's advance is 0.6 em: boxes are sized from it, so placing them needs no measuring. */
const ADVANCE = 0.6;

/** A callout's box in the frame. */
export interface CalloutBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The size of a callout's box. */
function measure(layout: StageLayout, callout: LaneCallout) {
  const size = getCalloutFontSize(layout);
  const chars = Math.max(...callout.lines.map((line) => line.length));
  return {
    width: Math.ceil(chars * size * ADVANCE) + 2 * CALLOUT_PAD,
    height: Math.ceil(size * 1.25 * callout.lines.length) + 2 * CALLOUT_PAD,
  };
}

/**
 * Where the callouts of the inspected lanes go: wide, in the band under the lane row, each as near
 * its lane as it can be without covering another; tall, beside its lane, over the queues, stacked
 * the same way. Pure, so tests can find them on the canvas.
 */
export function placeCallouts(layout: StageLayout, callouts: readonly LaneCallout[]): CalloutBox[] {
  const sized = callouts
    .map((callout, i) => ({ i, at: layout.across(callout.lane), ...measure(layout, callout) }))
    .sort((a, b) => a.at - b.at);
  const boxes: CalloutBox[] = new Array(callouts.length);
  if (layout.name === 'wide') {
    const top = layout.laneAlong + layout.laneSize / 2 + 14;
    const [left, right] = [layout.rowName(0).x + 84, layout.width - 24];
    // Left to right, each clear of the one before; then back, if the last ran off the right edge.
    const xs: number[] = [];
    sized.forEach((c, k) => {
      const wanted = Math.min(Math.max(c.at - c.width / 2, left), right - c.width);
      xs.push(k === 0 ? wanted : Math.max(wanted, xs[k - 1] + sized[k - 1].width + GAP));
    });
    for (let k = sized.length - 1; k >= 0; k--) {
      const limit = k === sized.length - 1 ? right - sized[k].width : xs[k + 1] - GAP - sized[k].width;
      xs[k] = Math.max(left, Math.min(xs[k], limit));
    }
    sized.forEach((c, k) => (boxes[c.i] = { x: xs[k], y: top, width: c.width, height: c.height }));
    return boxes;
  }
  const x = layout.laneAlong + layout.laneSize / 2 + 18;
  let below = -Infinity;
  for (const c of sized) {
    const y = Math.max(c.at - c.height / 2, below + GAP, 8);
    boxes[c.i] = { x, y: Math.min(y, layout.height - c.height - 8), width: c.width, height: c.height };
    below = boxes[c.i].y + c.height;
  }
  return boxes;
}
