import { snapTime } from '../timeline/planTimeline';

/** What the URL records of the moment on stage. */
export interface Moment {
  readonly scene: string | null;
  readonly time: number;
  readonly speed: number;
}

/** The page's URL with `moment` written in, every other parameter (the access, `present`…) kept. */
export function getMomentUrl(moment: Moment, href = location.href): string {
  const url = new URL(href);
  const params = url.searchParams;
  if (moment.scene === null) params.delete('scene');
  else params.set('scene', moment.scene);
  params.delete('round');
  params.set('t', String(snapTime(moment.time)));
  if (moment.speed === 1) params.delete('speed');
  else params.set('speed', String(moment.speed));
  return url.toString();
}

/**
 * Keeps the address bar on the moment on stage with `history.replaceState`, at most every 150 ms
 * (browsers throttle faster replacements), so a reload restores the same frame.
 */
export class UrlSync {
  private pending: Moment | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  write(moment: Moment): void {
    this.pending = moment;
    this.timer ??= setTimeout(() => this.flush(), 150);
  }

  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    const url = getMomentUrl(this.pending);
    this.pending = null;
    if (url !== location.href) history.replaceState(null, '', url);
  }
}
