// Prints, as JSON, the 10 s windows bench:export records: the lesson's busiest (most frames that
// differ from the one before) and the opening of the column read (a reading hold, like most of a lesson),
// each with its scene's beats and where the window starts once every beat has a take of VOICED seconds.
import { SCENES } from '../scenes';
import { getSchedule } from '../src/engine';
import { createProgram } from '../src/program/createProgram';
import { getFrame, isSamePicture } from '../src/timeline/getFrame';
import { planTimeline, READING_SPEEDS } from '../src/timeline/planTimeline';

const CLIP = Number(process.argv[2] ?? 10);
const FPS = Number(process.argv[3] ?? 30);
const VOICED = Number(process.argv[4] ?? 2);

interface ClipWindow {
  scene: string;
  from: number;
  /** Frames whose picture differs from the frame before. */
  changed: number;
  /** How many beats the scene has. */
  beats: number;
  /**
   * Where the window starts in the scene re-timed by a take on every beat: `from`, moved back where
   * the voiced scene ends before the window does (takes shorter than a reading hold shorten it).
   */
  voicedFrom: number;
}

const windows: ClipWindow[] = [];
for (const entry of createProgram(SCENES)) {
  const plan = planTimeline(getSchedule(entry.access), entry.beats);
  const voiced = planTimeline(
    getSchedule(entry.access),
    entry.beats,
    READING_SPEEDS.normal,
    entry.beats.map(() => VOICED),
  );
  const changes: number[] = [];
  let previous = getFrame(plan, 0);
  for (let i = 0; i * (1 / FPS) < plan.duration; i++) {
    const frame = getFrame(plan, i / FPS);
    changes.push(i === 0 || !isSamePicture(frame, previous) ? 1 : 0);
    previous = frame;
  }
  for (let from = 0; from + CLIP <= plan.duration; from++) {
    const changed = changes.slice(from * FPS, (from + CLIP) * FPS).reduce((a, b) => a + b, 0);
    const voicedFrom = Math.max(0, Math.min(from, Math.floor(voiced.duration - CLIP)));
    windows.push({ scene: entry.id, from, changed, beats: entry.beats.length, voicedFrom });
  }
}
const busiest = windows.reduce((a, b) => (b.changed > a.changed ? b : a));
const opening = windows.find((w) => w.scene === 'column-read' && w.from === 0)!;
console.log(JSON.stringify({ busiest, opening }));
