/** A take as kept in IndexedDB: the audio as recorded or imported, and how to play it. */
export interface StoredTake {
  /** `lesson/scene/beat`. */
  readonly key: string;
  readonly lesson: string;
  readonly scene: string;
  readonly beat: number;
  readonly text: string;
  readonly audio: Blob;
  /** What plays, in seconds into the decoded audio. */
  readonly span: { readonly start: number; readonly end: number };
  readonly thresholdDb: number;
  readonly complete: boolean;
}

/** A piece of a take still being recorded, saved as it arrives. */
interface StoredChunk {
  readonly key: string;
  readonly seq: number;
  readonly data: Blob;
  readonly meta: Omit<StoredTake, 'audio' | 'span' | 'complete'>;
}

const DB = 'bank-conflict-player-voice';

const request = <T>(r: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });

/**
 * Keeps every take in IndexedDB as it is made: a recording is saved piece by piece while it runs,
 * so a reload or a crash mid-take keeps what was captured until then, and finished takes outlive
 * the page.
 */
export class TakeStore {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<TakeStore> {
    const open = indexedDB.open(DB, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('takes', { keyPath: 'key' });
      open.result.createObjectStore('chunks', { keyPath: ['key', 'seq'] });
    };
    return new TakeStore(await request(open));
  }

  /**
   * Every take of a lesson; a recording that never finished (the page stopped mid-take) comes back
   * as an incomplete take of what had arrived.
   */
  async load(lesson: string): Promise<StoredTake[]> {
    const tx = this.db.transaction(['takes', 'chunks'], 'readwrite');
    const takes = ((await request(tx.objectStore('takes').getAll())) as StoredTake[]).filter(
      (t) => t.lesson === lesson,
    );
    const chunks = ((await request(tx.objectStore('chunks').getAll())) as StoredChunk[]).filter(
      (c) => c.meta.lesson === lesson,
    );
    const byKey = new Map<string, StoredChunk[]>();
    for (const chunk of chunks) byKey.set(chunk.key, [...(byKey.get(chunk.key) ?? []), chunk]);
    for (const [key, pieces] of byKey) {
      pieces.sort((a, b) => a.seq - b.seq);
      const recovered: StoredTake = {
        ...pieces[0].meta,
        audio: new Blob(
          pieces.map((p) => p.data),
          { type: pieces[0].data.type },
        ),
        span: { start: 0, end: Infinity },
        complete: false,
      };
      tx.objectStore('takes').put(recovered);
      for (const piece of pieces) tx.objectStore('chunks').delete([key, piece.seq]);
      const i = takes.findIndex((t) => t.key === key);
      if (i >= 0) takes[i] = recovered;
      else takes.push(recovered);
    }
    await done(tx);
    return takes;
  }

  async save(take: StoredTake): Promise<void> {
    const tx = this.db.transaction(['takes', 'chunks'], 'readwrite');
    tx.objectStore('takes').put(take);
    tx.objectStore('chunks').delete(IDBKeyRange.bound([take.key, 0], [take.key, Infinity]));
    await done(tx);
  }

  async remove(key: string): Promise<void> {
    const tx = this.db.transaction('takes', 'readwrite');
    tx.objectStore('takes').delete(key);
    await done(tx);
  }

  /** Saves one piece of a recording in progress. */
  async append(meta: StoredChunk['meta'], seq: number, data: Blob): Promise<void> {
    const tx = this.db.transaction('chunks', 'readwrite');
    tx.objectStore('chunks').put({ key: meta.key, seq, data, meta } satisfies StoredChunk);
    await done(tx);
  }
}
