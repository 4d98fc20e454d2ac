import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { RECEIPT_DB_NAME } from './receipt-db.ts';

// The receipt photo of a registration in progress (spec §2 Webform: the camera modal photographs the
// receipt). IndexedDB, not the persisted store: a 1100×1600 JPEG is too big for localStorage, and kept
// here it survives a reload at step 3. One photo per form, keyed by the form's uuid (trace.uuid); the
// form's values hold only the reference 'receipt:<uuid>' (its recieptURL). Deleted at logout (receipt-db.ts).

const DB_VERSION = 1;
const PREFIX = 'receipt:';

interface ReceiptSchema extends DBSchema {
  receipts: { key: string; value: { formUuid: string; photo: Blob; savedAt: string } };
}

let opening: Promise<IDBPDatabase<ReceiptSchema>> | null = null;

function database(): Promise<IDBPDatabase<ReceiptSchema>> {
  opening ??= openDB<ReceiptSchema>(RECEIPT_DB_NAME, DB_VERSION, {
    upgrade(db) {
      db.createObjectStore('receipts', { keyPath: 'formUuid' });
    },
    // A newer app (another tab) upgrades the database, a logout deletes it, or the browser closed it:
    // open it again next time.
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

/** The form's uuid of a recieptURL, or null when it is not one of ours ('' when none was taken). */
const formUuidOf = (recieptURL: string): string | null =>
  recieptURL.startsWith(PREFIX) && recieptURL.length > PREFIX.length ? recieptURL.slice(PREFIX.length) : null;

/** Keeps (or replaces) the form's receipt photo; answers the recieptURL to keep in the form's values. */
export async function saveReceipt(formUuid: string, blob: Blob): Promise<string> {
  const db = await database();
  // 'strict': written to disk before she moves on, so a reload right after keeps it.
  const tx = db.transaction('receipts', 'readwrite', { durability: 'strict' });
  await Promise.all([tx.store.put({ formUuid, photo: blob, savedAt: new Date().toISOString() }), tx.done]);
  return `${PREFIX}${formUuid}`;
}

/** The photo a recieptURL refers to, or null (none taken, or no longer stored). */
export async function loadReceipt(recieptURL: string): Promise<Blob | null> {
  const formUuid = formUuidOf(recieptURL);
  if (formUuid === null) return null;
  const stored = await (await database()).get('receipts', formUuid);
  return stored?.photo ?? null;
}

/** Forgets the photo (queued for sending, or the form reset); nothing happens when there is none. */
export async function deleteReceipt(recieptURL: string): Promise<void> {
  const formUuid = formUuidOf(recieptURL);
  if (formUuid === null) return;
  await (await database()).delete('receipts', formUuid);
}

/** For tests that swap in a fresh IndexedDB: the next call opens the database anew. */
export async function closeReceiptDb(): Promise<void> {
  const current = opening;
  opening = null;
  if (current) (await current.catch(() => null))?.close();
}
