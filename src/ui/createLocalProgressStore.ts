import type { ProgressStore, SavedProgress } from '../session/PlayerSession';

const isRecordOfStrings = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

/** Reads saved progress back, or `null` for anything that is not what this player wrote. */
function parseProgress(text: string | null): SavedProgress | null {
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data !== 'object' || data === null) return null;
    const { predictions, answers, place } = data as Record<string, unknown>;
    const { scene, time } = (place ?? {}) as Record<string, unknown>;
    if (!isRecordOfStrings(predictions) || !isRecordOfStrings(answers)) return null;
    if (typeof scene !== 'string' || typeof time !== 'number' || !Number.isFinite(time) || time < 0) return null;
    return { predictions, answers, place: { scene, time } };
  } catch {
    return null;
  }
}

/** How long the place in the lesson may wait to be written while the learner scrubs or steps. */
const PLACE_DELAY_MS = 400;

/**
 * Keeps a lesson's progress (answers, and where the lesson was left) in localStorage, so a reload,
 * or a visit to Explore and back, loses nothing. Where storage is refused (private modes, full
 * quotas) the player simply forgets.
 *
 * @remarks
 * An answer is written at once. A new place alone (every seek and step has one) is written once
 * the learner stops for a moment, and when the page is hidden or left: a synchronous write a seek
 * was a tenth of a round step's JavaScript.
 */
export function createLocalProgressStore(lessonKey: string): ProgressStore {
  const key = `bank-conflict-player:progress:${lessonKey}`;
  let pending: SavedProgress | null = null;
  let written = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    clearTimeout(timer);
    if (pending === null) return;
    try {
      localStorage.setItem(key, JSON.stringify(pending));
    } catch {
      // Storage refused: the session carries on without it.
    }
    pending = null;
  };
  addEventListener('pagehide', write);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && write());
  return {
    load: () => {
      try {
        return parseProgress(localStorage.getItem(key));
      } catch {
        return null;
      }
    },
    save: (progress) => {
      pending = progress;
      const answers = JSON.stringify([progress.predictions, progress.answers]);
      if (answers !== written) {
        written = answers;
        write();
      } else {
        clearTimeout(timer);
        timer = setTimeout(write, PLACE_DELAY_MS);
      }
    },
  };
}
