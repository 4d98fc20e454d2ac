import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { ACTION_DRAFTS_DB_NAME } from './drafts-db.ts';

// What she entered in a start or end form and has not sent, photos included (decision 076). IndexedDB
// like the webform's receipt photo: two camera photos are too big for localStorage. One draft per
// promoter, form and action (the key); deleted when the form is sent or discarded, and at logout.

const DB_VERSION = 1;

interface DraftSchema extends DBSchema {
  drafts: { key: string; value: { key: string; draft: unknown; savedAt: string } };
}

let opening: Promise<IDBPDatabase<DraftSchema>> | null = null;

function database(): Promise<IDBPDatabase<DraftSchema>> {
  opening ??= openDB<DraftSchema>(ACTION_DRAFTS_DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: 'key' });
    },
    // A logout deletes the database, another tab upgrades it, or the browser closed it: open anew next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

// Writes and deletions run one after another in the order asked: a save still under way never lands
// after the deletion that follows it (a form sent right after a keystroke).
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

/** Whether drafts can be kept at all (a browser without IndexedDB: the form works as before). */
export const draftsAvailable = (): boolean => globalThis.indexedDB !== undefined;

export function loadDraft<D>(key: string): Promise<D | null> {
  return inOrder(async () => ((await (await database()).get('drafts', key))?.draft as D | undefined) ?? null);
}

export function saveDraft(key: string, draft: unknown): Promise<void> {
  return inOrder(async () => {
    // 'strict': on disk before she leaves, so a reload or a closed app right after keeps it.
    const tx = (await database()).transaction('drafts', 'readwrite', { durability: 'strict' });
    await Promise.all([tx.store.put({ key, draft, savedAt: new Date().toISOString() }), tx.done]);
  });
}

export function deleteDraft(key: string): Promise<void> {
  return inOrder(async () => (await database()).delete('drafts', key));
}

/** For tests that swap in a fresh IndexedDB: the next call opens the database anew. */
export async function closeDraftDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}
