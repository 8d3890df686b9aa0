import gsap from 'gsap';
import { buildTimeline } from '../timeline/buildTimeline';
import type { TimelinePlan } from '../timeline/planTimeline';

/**
 * The player's one clock: the paused gsap timeline of the scene on stage, and the drivers that move it.
 *
 * @remarks
 * Live playback lets gsap's ticker advance the timeline; seeking and stepping set its time directly.
 * Either way {@link onFrame} hears the new time and everything visible is drawn from it. Only the
 * session's timeline actor drives it.
 */
export class PlaybackClock {
  private timeline: gsap.core.Timeline | null = null;
  private speed = 1;
  private onEnded: () => void = () => {};
  /** Where playing stops by itself (a clicker's step to the next beat), and who hears it. */
  private stop: { at: number; reached: () => void } | null = null;

  constructor(private readonly onFrame: (time: number) => void) {}

  /** Puts a new plan on the clock, paused at `time`; `onEnded` hears when playback reaches the end. */
  load(plan: TimelinePlan, time = 0, onEnded: () => void = this.onEnded): void {
    this.timeline?.kill();
    this.stop = null;
    this.onEnded = onEnded;
    const timeline = buildTimeline(plan);
    timeline.timeScale(this.speed);
    timeline.eventCallback('onUpdate', () => {
      const stop = this.stop;
      if (stop && timeline.time() >= stop.at) {
        this.stop = null;
        timeline.pause();
        timeline.seek(stop.at, true);
        this.onFrame(stop.at);
        stop.reached();
        return;
      }
      this.onFrame(timeline.time());
    });
    timeline.eventCallback('onComplete', onEnded);
    this.timeline = timeline;
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
    return this.timeline !== null && !this.timeline.paused() && this.timeline.progress() < 1;
  }

  play(): void {
    const timeline = this.timeline;
    if (!timeline) return;
    if (timeline.time() >= timeline.duration()) timeline.seek(0, true);
    timeline.play();
  }

  pause(): void {
    this.stop = null;
    this.timeline?.pause();
  }

  /** Makes playing stop by itself at `time` (exactly there), calling `reached`. */
  stopAt(time: number, reached: () => void): void {
    this.stop = { at: time, reached };
  }

  /** Moves to `time` (clamped) and draws it, whether or not the time changed. */
  seek(time: number): void {
    const timeline = this.timeline;
    if (!timeline) return;
    const clamped = Math.min(Math.max(time, 0), timeline.duration());
    timeline.seek(clamped, true);
    // gsap may skip rendering a seek to the time it already has; draw explicitly.
    this.onFrame(timeline.time());
  }

  setSpeed(speed: number): void {
    this.speed = speed;
    this.timeline?.timeScale(speed);
  }
}
