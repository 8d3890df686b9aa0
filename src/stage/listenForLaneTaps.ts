import { Point } from 'pixi.js';

/**
 * A lane marker as a tap target: how near a point of the renderer's screen is to its centre, or null
 * if the point is not on it (its marker widened by `slack` pixels of the screen each way).
 */
interface LaneTarget {
  distanceTo(at: Point, slack?: number): number | null;
}

/**
 * How far past a marker a finger's tap still picks its lane, in CSS pixels: on an upright phone the
 * markers are 14 px apart and about as wide, smaller than a fingertip, so the nearest one is taken.
 */
const TOUCH_SLACK = 16;

/** The lane whose marker's centre is nearest `at`, of those it is on, or null. */
function findLane(lanes: readonly LaneTarget[], at: Point, slack: number): number | null {
  let found: number | null = null;
  let nearest = Infinity;
  lanes.forEach((lane, index) => {
    const distance = lane.distanceTo(at, slack);
    if (distance !== null && distance < nearest) [found, nearest] = [index, distance];
  });
  return found;
}

/**
 * Calls `onPick` with the lane a click or tap lands on (pressed and released over the same lane, as a
 * tap is), and shows a pointing hand over the lanes. `getLanes` gives the markers in lane order.
 *
 * @remarks
 * Plain DOM listeners on the canvas rather than Pixi's event system: that one would hit-test the whole
 * stage on every pointer move anywhere on the page, and it sets `touch-action: none` on the canvas, so a
 * finger that lands on the stage could not scroll a phone's page. It would also weigh on the first load.
 */
export function listenForLaneTaps(
  canvas: HTMLCanvasElement,
  getResolution: () => number,
  getLanes: () => readonly LaneTarget[],
  onPick: (lane: number) => void,
): void {
  let touch = false;
  const laneAt = (event: MouseEvent): number | null => {
    const rect = canvas.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return null;
    const perPixel = 1 / getResolution();
    const at = new Point(
      (event.clientX - rect.left) * (canvas.width / rect.width) * perPixel,
      (event.clientY - rect.top) * (canvas.height / rect.height) * perPixel,
    );
    return findLane(getLanes(), at, touch ? TOUCH_SLACK : 0);
  };
  let pressed: number | null = null;
  canvas.addEventListener('pointerdown', (event) => {
    touch = event.pointerType === 'touch';
    pressed = event.isPrimary ? laneAt(event) : null;
  });
  canvas.addEventListener('click', (event) => {
    const lane = laneAt(event);
    if (lane !== null && lane === pressed) onPick(lane);
    pressed = null;
  });
  canvas.addEventListener('pointermove', (event) => {
    if (event.pointerType !== 'mouse') return;
    touch = false;
    canvas.style.cursor = laneAt(event) === null ? '' : 'pointer';
  });
}
