import type { PlayerSession, SessionSnapshot } from '../session/PlayerSession';

/** Tells the learner whether a part of the page (named as they know it) loaded, or could not. */
export type LoadReport = (part: string, loaded: boolean) => void;

/**
 * A part of the page that most visits never use (the export dialog, the recorder, Explore's
 * panel), so its code is not in the first load: the function returned loads and makes it the first
 * time it is called, and gives the same part after. A load that fails is reported and tried again
 * at the next call; one that then succeeds is reported too, so the failure is no longer shown.
 */
export function loadOnFirstUse<T>(part: string, load: () => Promise<T>, report: LoadReport): () => Promise<T | null> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      loading = load();
      loading.then(
        () => report(part, true),
        () => undefined,
      );
    }
    return loading.catch(() => {
      loading = null;
      report(part, false);
      return null;
    });
  };
}

/** Makes a part of the page (see {@link loadOnFirstUse}) the first time `wanted` holds of the session. */
export function mountWhenWanted(
  session: PlayerSession,
  wanted: (snapshot: SessionSnapshot) => boolean,
  mount: () => Promise<unknown>,
): void {
  session.select(wanted, (yes) => void (yes && mount()));
}

/**
 * Fetches the code of the parts loaded on first use once the page has shown its first scene and is
 * idle, so that opening one later shows no wait. Only the code: each part is made when used.
 */
export function prefetchWhenIdle(session: PlayerSession, imports: readonly (() => Promise<unknown>)[]): void {
  // A failed fetch here is said when the part is opened, and tried again then.
  void whenIdleAfterFirstScene(session, 5000).then(() => imports.forEach((load) => void load().catch(() => undefined)));
}

/** Settles once the page has shown its first scene and is idle (or `wait` ms later at most). */
export function whenIdleAfterFirstScene(session: PlayerSession, wait: number): Promise<void> {
  let asked = false;
  return new Promise((resolve) => {
    session.on('scene', () => {
      if (asked) return;
      asked = true;
      // Safari has no idle callback: a second after the first scene is as good a guess.
      if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: wait });
      else setTimeout(resolve, Math.min(wait, 1000));
    });
  });
}
