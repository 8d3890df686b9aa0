import type { Listener, SessionEvents, SessionSnapshot } from './sessionTypes';

/** The kinds of news that say what is shown now, which a late listener hears at once. */
const CURRENT_NEWS = new Set<keyof SessionEvents>(['scene', 'frame', 'state', 'program', 'alerts']);

/**
 * The session's news and who listens to it. A listener that comes once the player has booted hears
 * at once what is shown now (the scene, frame, state, program and alerts; never a past prediction
 * or end), so a view loaded on first use starts in step with the others; one that comes while it
 * boots (the stage) hears the first scene when it is shown, as one that came before.
 */
export class SessionNews {
  private readonly listeners = new Map<keyof SessionEvents, Set<Listener<keyof SessionEvents>>>();
  private readonly latest = new Map<keyof SessionEvents, unknown>();
  /** Whether the player has left booting: only then is anything shown to tell a late listener. */
  private shown = false;

  /** `now`: the session's state as it is now, whose time and frame move on between changes of state. */
  constructor(private readonly now: () => SessionSnapshot) {}

  /** Listens for one kind of news; returns the function that stops listening. */
  on<K extends keyof SessionEvents>(kind: K, listener: Listener<K>): () => void {
    const set = this.listeners.get(kind) ?? new Set();
    set.add(listener as Listener<keyof SessionEvents>);
    this.listeners.set(kind, set);
    if (this.shown && this.latest.has(kind))
      listener((kind === 'state' ? this.now() : this.latest.get(kind)) as SessionEvents[K]);
    return () => set.delete(listener as Listener<keyof SessionEvents>);
  }

  emit<K extends keyof SessionEvents>(kind: K, value: SessionEvents[K]): void {
    if (CURRENT_NEWS.has(kind)) this.latest.set(kind, value);
    if (kind === 'state') this.shown ||= (value as SessionSnapshot).state !== 'booting';
    for (const listener of this.listeners.get(kind) ?? []) (listener as Listener<K>)(value);
  }

  /**
   * Calls `listener` with what `selector` picks from the session's snapshot each time that changes
   * (an array is compared element by element), so a view keeps no change keys of its own. The
   * first state the session reaches is always news.
   */
  select<T>(
    selector: (snapshot: SessionSnapshot) => T,
    listener: (value: T, snapshot: SessionSnapshot) => void,
  ): () => void {
    let last: { readonly value: T } | null = null;
    return this.on('state', (snapshot) => {
      const value = selector(snapshot);
      if (last && isSame(last.value, value)) return;
      last = { value };
      listener(value, snapshot);
    });
  }
}

function isSame(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));
}
