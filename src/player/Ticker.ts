import gsap from 'gsap/gsap-core';

/**
 * What moves a playing clock: it calls its listeners with the seconds that passed since the last tick.
 *
 * @remarks
 * Live playback ticks on the display's frames ({@link FRAME_TICKER}); tests advance a
 * {@link ManualTicker} by hand, so a session plays in Node exactly as in a page, with no timers.
 */
export interface Ticker {
  /** Starts calling `listener` on every tick; returns the function that stops it. */
  add(listener: (seconds: number) => void): () => void;
}

/** gsap's ticker: one call per animation frame, its lag smoothed (a long stall is not a jump). */
export const FRAME_TICKER: Ticker = {
  add(listener) {
    const onTick = (_time: number, deltaMs: number) => listener(deltaMs / 1000);
    gsap.ticker.add(onTick);
    return () => gsap.ticker.remove(onTick);
  },
};

/** A ticker that moves only when told: `advance(seconds)` is one tick. */
export class ManualTicker implements Ticker {
  private readonly listeners = new Set<(seconds: number) => void>();

  add(listener: (seconds: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Whether anything is listening: a clock is playing. */
  get running(): boolean {
    return this.listeners.size > 0;
  }

  /** One tick of `seconds`; the clock plays that far (times its speed). */
  advance(seconds: number): void {
    for (const listener of [...this.listeners]) listener(seconds);
  }

  /** Ticks at `fps` until `done()` holds or `limit` seconds have passed; returns the seconds ticked. */
  runUntil(done: () => boolean, limit = 120, fps = 60): number {
    let elapsed = 0;
    while (!done() && elapsed < limit) {
      this.advance(1 / fps);
      elapsed += 1 / fps;
    }
    return elapsed;
  }
}
