import type { PlayerSession } from '../session/PlayerSession';
import { createPlayerSearch } from '../session/playerUrl';

/** The address of the moment on stage: this page with the session's link state as its query. */
export function getMomentUrl(session: PlayerSession, href = location.href): string {
  const url = new URL(href);
  url.search = createPlayerSearch(session.getSnapshot().url).toString();
  return url.toString();
}

/**
 * The one writer of `history`: keeps the address bar on what the session's link says, so a reload
 * shows the same frame. While playing it waits (the time changes every frame); otherwise it
 * writes at most every 150 ms (browsers throttle faster replacements), and at once on pagehide.
 */
export class UrlWriter {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly session: PlayerSession) {
    const schedule = () => {
      const state = session.getSnapshot().state;
      if (state !== 'playing' && state !== 'held' && state !== 'booting')
        this.timer ??= setTimeout(() => this.flush(), 150);
    };
    session.on('state', schedule);
    session.on('frame', schedule);
    addEventListener('pagehide', () => this.flush());
  }

  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const url = getMomentUrl(this.session);
    if (url !== location.href) history.replaceState(null, '', url);
  }
}
