import { snapTime, type TimelinePlan } from './planTimeline';

/** A caption with its time span, in seconds. */
export interface TimedCaption {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The captions of one plan, each shown until the next begins, shifted by `offset`. */
export function getPlanCaptions(plan: TimelinePlan, offset = 0, from = 0, to = plan.duration): TimedCaption[] {
  return plan.beats
    .map((beat, i) => ({
      start: Math.max(beat.start, from),
      end: Math.min(plan.beats[i + 1]?.start ?? plan.duration, to),
      text: beat.text,
    }))
    .filter((c) => c.end > c.start)
    .map((c) => ({ start: snapTime(c.start - from + offset), end: snapTime(c.end - from + offset), text: c.text }));
}

const stamp = (t: number) => {
  const ms = Math.round(t * 1000);
  const h = Math.floor(ms / 3600000);
  const m = Math.floor(ms / 60000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** Writes captions as a WebVTT file. Text is escaped so a caption can never be read as markup. */
export function createWebVtt(captions: readonly TimedCaption[]): string {
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/-->/g, '--&gt;');
  const cues = captions.map((c, i) => `${i + 1}\n${stamp(c.start)} --> ${stamp(c.end)}\n${escape(c.text)}`);
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}
