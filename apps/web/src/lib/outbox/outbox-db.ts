import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import { migrateFailure, migrateItem, type V1Failure, type V1Item } from './outbox-migrate.ts';
import type { OutboxFailure, OutboxItem } from './outbox-types.ts';

// IndexedDB, not localStorage: photos are Blobs of a few hundred KB, which IndexedDB stores as they
// are, and what is written survives a reload or a closed tab.

export const OUTBOX_DB_NAME = 'promotor-outbox';
/**
 * 2: items of registered kinds, ordered by group (outbox-migrate.ts). A new version, not a conversion
 * on each read: a tab still running the old app is then cut off (VersionError) instead of sending
 * items of a shape it does not know.
 */
const DB_VERSION = 2;

interface OutboxSchema extends DBSchema {
  /** Keyed by seq, which the key generator hands out in increasing order and never reuses. */
  items: { key: number; value: OutboxItem; indexes: { byGroup: [string, number] } };
  failures: { key: string; value: OutboxFailure };
}

export type OutboxDb = IDBPDatabase<OutboxSchema>;

/** An item before the database gives it its seq. */
export type NewOutboxItem = Omit<OutboxItem, 'seq'>;

export function openOutboxDb(onVersionChange: () => void): Promise<OutboxDb> {
  return openDB<OutboxSchema>(OUTBOX_DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('items', { keyPath: 'seq', autoIncrement: true }).createIndex('byGroup', ['group', 'seq']);
        db.createObjectStore('failures', { keyPath: 'id' });
      } else if (oldVersion < 2) {
        // The upgrade's transaction stays open while these requests run; open() resolves after them.
        void migrateFromV1(tx);
      }
    },
    // A newer version of the app (another tab) wants to upgrade: let it, and reopen when next needed.
    blocking: onVersionChange,
    terminated: onVersionChange,
  });
}

async function migrateFromV1(tx: IDBPTransaction<OutboxSchema, ('items' | 'failures')[], 'versionchange'>): Promise<void> {
  const items = tx.objectStore('items');
  // Version 1's index, on the old field name: the new one orders by group.
  items.deleteIndex('byAction');
  items.createIndex('byGroup', ['group', 'seq']);
  for (let cursor = await items.openCursor(); cursor; cursor = await cursor.continue()) {
    const item = migrateItem(cursor.value as unknown as V1Item);
    if (item) await cursor.update(item);
    else {
      console.warn('outbox: an item of an unknown path is dropped', cursor.value);
      await cursor.delete();
    }
  }
  const failures = tx.objectStore('failures');
  for (let cursor = await failures.openCursor(); cursor; cursor = await cursor.continue()) {
    await cursor.update(migrateFailure(cursor.value as unknown as V1Failure));
  }
}

/** Adds the items in one transaction: all of them are stored, or none. */
export async function addItems(db: OutboxDb, items: NewOutboxItem[]): Promise<void> {
  // 'strict': the promise resolves only once the data is on disk, not just in the OS cache.
  const tx = db.transaction('items', 'readwrite', { durability: 'strict' });
  const requests: Promise<unknown>[] = [tx.done];
  try {
    // The key generator fills in seq (keyPath + autoIncrement).
    for (const item of items) requests.push(tx.store.add(item as OutboxItem));
  } catch (error) {
    // A value that cannot be stored (DataCloneError) throws here without aborting the transaction:
    // the items added before it would be committed, so abort by hand.
    tx.abort();
    await Promise.allSettled(requests);
    throw error;
  }
  await Promise.all(requests);
}

export const allItems = (db: OutboxDb): Promise<OutboxItem[]> => db.getAll('items');

/** The oldest item of a group that `mine` accepts: the only one of that group she may send now. */
export async function headItemOf(db: OutboxDb, group: string, mine: (item: OutboxItem) => boolean): Promise<OutboxItem | undefined> {
  const range = IDBKeyRange.bound([group, -Infinity], [group, Infinity]);
  // Another promoter's items of the same group are skipped, not waited for (outbox-owner.ts).
  for (let cursor = await db.transaction('items').store.index('byGroup').openCursor(range); cursor; cursor = await cursor.continue()) {
    if (mine(cursor.value)) return cursor.value;
  }
  return undefined;
}

/** The items of other groups that `mine` accepts, stored before `item` and still waiting. */
export async function itemsOfOtherGroupsBefore(db: OutboxDb, item: OutboxItem, mine: (item: OutboxItem) => boolean): Promise<OutboxItem[]> {
  const earlier = await db.getAll('items', IDBKeyRange.upperBound(item.seq, true));
  return earlier.filter((other) => other.group !== item.group && mine(other));
}

/** The items of `group` that `mine` accepts, oldest first. */
export async function groupItems(db: OutboxDb, group: string, mine: (item: OutboxItem) => boolean): Promise<OutboxItem[]> {
  const range = IDBKeyRange.bound([group, -Infinity], [group, Infinity]);
  return (await db.getAllFromIndex('items', 'byGroup', range)).filter(mine);
}

export async function updateItem(db: OutboxDb, item: OutboxItem): Promise<void> {
  // Only if it is still there: another tab may have sent it meanwhile.
  const tx = db.transaction('items', 'readwrite');
  if (await tx.store.get(item.seq)) await tx.store.put(item);
  await tx.done;
}

export async function removeItem(db: OutboxDb, seq: number): Promise<void> {
  await db.delete('items', seq);
}

/** Removes a refused item and records its failure together, so neither can happen without the other. */
export async function replaceItemWithFailure(db: OutboxDb, seq: number, failure: OutboxFailure | null): Promise<void> {
  const tx = db.transaction(['items', 'failures'], 'readwrite');
  await Promise.all([tx.objectStore('items').delete(seq), failure ? tx.objectStore('failures').put(failure) : undefined, tx.done]);
}

/** Removes the items of `group` that `mine` accepts (what followed a refusal that ends its group). */
export async function removeGroupItems(db: OutboxDb, group: string, mine: (item: OutboxItem) => boolean): Promise<void> {
  const range = IDBKeyRange.bound([group, -Infinity], [group, Infinity]);
  const tx = db.transaction('items', 'readwrite');
  for (let cursor = await tx.store.index('byGroup').openCursor(range); cursor; cursor = await cursor.continue()) {
    if (mine(cursor.value)) await cursor.delete();
  }
  await tx.done;
}

export const allFailures = (db: OutboxDb): Promise<OutboxFailure[]> => db.getAll('failures');

export async function removeFailure(db: OutboxDb, id: string): Promise<void> {
  await db.delete('failures', id);
}
