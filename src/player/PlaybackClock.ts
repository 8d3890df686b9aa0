import { buildTimeline } from '../timeline/buildTimeline';
import type { TimelinePlan } from '../timeline/planTimeline';
import { FRAME_TICKER, type Ticker } from './Ticker';

/**
 * The player's one clock: the paused gsap timeline of the scene on stage, and the drivers that move it.
 *
 * @remarks
 * The timeline never runs on gsap's own; while playing, a {@link Ticker} moves it (the display's
 * frames live, a test's hand in Node), and seeking and stepping set its time directly. Either way
 * {@link onFrame} hears the new time and everything visible is drawn from it. Only the session's
 * timeline actor drives it.
 */
export class PlaybackClock {
  private timeline: ReturnType<typeof buildTimeline> | null = null;
  private speed = 1;
  private onEnded: () => void = () => {};
  /** Where playing stops by itself (a clicker's step to the next beat), and who hears it. */
  private stop: { at: number; reached: () => void } | null = null;
  /** Stops the ticker's calls; set while playing. */
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly onFrame: (time: number) => void,
    private readonly ticker: Ticker = FRAME_TICKER,
  ) {}

  /** Puts a new plan on the clock, paused at `time`; `onEnded` hears when playback reaches the end. */
  load(plan: TimelinePlan, time = 0, onEnded: () => void = this.onEnded): void {
    this.pause();
    this.timeline?.kill();
    this.onEnded = onEnded;
    this.timeline = buildTimeline(plan);
    this.seek(time);
  }

  get duration(): number {
    return this.timeline?.duration() ?? 0;
  }

  get time(): number {
    return this.timeline?.time() ?? 0;
  }

  /** Whether the clock is running (live playback), as opposed to standing at a time. */
  get playing(): boolean {
    return this.unsubscribe !== null;
  }

  play(): void {
    const timeline = this.timeline;
    if (!timeline || this.playing) return;
    if (timeline.time() >= timeline.duration()) this.seek(0);
    this.unsubscribe = this.ticker.add((seconds) => this.advance(seconds));
  }

  pause(): void {
    this.stop = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Where playing stops by itself (a clicker's step under way: its beat's cue), or `null`. */
  get stopTime(): number | null {
    return this.playing ? (this.stop?.at ?? null) : null;
  }

  /** Makes playing stop by itself at `time` (exactly there), calling `reached`. */
  stopAt(time: number, reached: () => void): void {
    this.stop = { at: time, reached };
  }

  /**
   * Ends a step under way at once: jumps to where it was going and stops there, as if it had
   * played there (a clicker's second press). Returns whether there was one.
   */
  finishStep(): boolean {
    const stop = this.stop;
    if (!stop || !this.playing) return false;
    this.pause();
    this.seek(stop.at);
    stop.reached();
    return true;
  }

  /** Moves to `time` (clamped) and draws it, whether or not the time changed. */
  seek(time: number): void {
    const timeline = this.timeline;
    if (!timeline) return;
    timeline.seek(Math.min(Math.max(time, 0), timeline.duration()), true);
    this.onFrame(timeline.time());
  }

  setSpeed(speed: number): void {
    this.speed = speed;
  }

  /** One tick of playback: `seconds` of wall time at the clock's speed, up to a stop or the end. */
  private advance(seconds: number): void {
    const timeline = this.timeline;
    if (!timeline) return;
    const next = timeline.time() + seconds * this.speed;
    const stop = this.stop;
    if (stop && next >= stop.at) {
      this.pause();
      this.seek(stop.at);
      stop.reached();
    } else if (next >= timeline.duration()) {
      this.pause();
      this.seek(timeline.duration());
      this.onEnded();
    } else this.seek(next);
  }
}
