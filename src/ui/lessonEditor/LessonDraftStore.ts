/** A lesson being written, as this browser keeps it. */
export interface LessonDraft {
  /** The lesson it began as: its link address (`opened:<name>`, a URL), or `built-in`. */
  readonly source: string;
  /** The text as typed, errors and all. */
  readonly text: string;
  /** The last text that read with no error: what the stage plays while an error stands. */
  readonly good: string;
  /** The file name "Save as…" suggests. */
  readonly name: string;
}

const DB = 'bank-conflict-player-drafts';
const STORE = 'drafts';
/** How the built-in lesson is named as a draft's source (no link address names it). */
export const BUILT_IN_SOURCE = 'built-in';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

async function withStore<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const open = indexedDB.open(DB, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE, { keyPath: 'source' });
  const db = await request(open);
  try {
    const tx = db.transaction(STORE, mode);
    const result = await request(use(tx.objectStore(STORE)));
    // A write is kept once its transaction commits, not when its request succeeds.
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

/**
 * Keeps lesson drafts in IndexedDB, one per lesson they began as, written as they are typed, so a
 * reload or a crash reopens the draft where it was.
 */
export const LessonDraftStore = {
  /** The draft of the lesson `source`, or `null` (none, or storage refused). */
  async find(source: string): Promise<LessonDraft | null> {
    try {
      return ((await withStore('readonly', (store) => store.get(source))) as LessonDraft | undefined) ?? null;
    } catch {
      return null;
    }
  },

  async keep(draft: LessonDraft): Promise<void> {
    await withStore('readwrite', (store) => store.put(draft));
  },

  async discard(source: string): Promise<void> {
    await withStore('readwrite', (store) => store.delete(source));
  },
};
