/** A lesson opened from a file, as kept in this browser: its name and its text. */
export interface OpenedLesson {
  readonly name: string;
  readonly text: string;
}

const DB = 'bank-conflict-player-lessons';
/** How a link names a lesson that was opened from a file: it lives in this browser, not at an address. */
export const OPENED_PREFIX = 'opened:';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

async function openDb(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore('opened', { keyPath: 'name' });
  return request(open);
}

/**
 * Keeps the lessons opened from files (picked or dropped) in IndexedDB, by file name, so a reload,
 * or a link to a moment of one (`lesson=opened:<name>`), opens it again in this browser.
 */
export const OpenedLessonStore = {
  async keep(lesson: OpenedLesson): Promise<void> {
    const db = await openDb();
    const tx = db.transaction('opened', 'readwrite');
    tx.objectStore('opened').put(lesson);
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  },

  /** The lesson kept under `name`, or `null` (another browser, or storage refused). */
  async find(name: string): Promise<OpenedLesson | null> {
    try {
      const db = await openDb();
      const found = (await request(db.transaction('opened').objectStore('opened').get(name))) as
        OpenedLesson | undefined;
      db.close();
      return found ?? null;
    } catch {
      return null;
    }
  },
};
