// Prints, as JSON, the 10 s windows bench:export records: the lesson's busiest (most frames that
// differ from the one before) and the opening of the column read (a reading hold, like most of a lesson).
import { SCENES } from '../scenes';
import { getSchedule } from '../src/engine';
import { createProgram } from '../src/program/createProgram';
import { getFrame, isSamePicture } from '../src/timeline/getFrame';
import { planTimeline } from '../src/timeline/planTimeline';

const CLIP = Number(process.argv[2] ?? 10);
const FPS = Number(process.argv[3] ?? 30);

interface ClipWindow {
  scene: string;
  from: number;
  /** Frames whose picture differs from the frame before. */
  changed: number;
}

const windows: ClipWindow[] = [];
for (const entry of createProgram(SCENES)) {
  const plan = planTimeline(getSchedule(entry.access), entry.beats);
  const changes: number[] = [];
  let previous = getFrame(plan, 0);
  for (let i = 0; i * (1 / FPS) < plan.duration; i++) {
    const frame = getFrame(plan, i / FPS);
    changes.push(i === 0 || !isSamePicture(frame, previous) ? 1 : 0);
    previous = frame;
  }
  for (let from = 0; from + CLIP <= plan.duration; from++) {
    const changed = changes.slice(from * FPS, (from + CLIP) * FPS).reduce((a, b) => a + b, 0);
    windows.push({ scene: entry.id, from, changed });
  }
}
const busiest = windows.reduce((a, b) => (b.changed > a.changed ? b : a));
const opening = windows.find((w) => w.scene === 'column-read' && w.from === 0)!;
console.log(JSON.stringify({ busiest, opening }));
