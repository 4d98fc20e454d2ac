import type { BlobStore } from '../plugins/blob-store.ts';

// The demo seed writes its rows in one transaction. BlobStore.put registers each file (blob_objects)
// through the app's own connection, not the transaction's: on SQLite, one connection, that insert
// waits for the transaction, which waits for it — the start stopped silently with the event loop
// empty (issue 35). The seed's files are queued while its rows are written and kept once they are
// committed; a seed is run again on an empty database if that fails.

export type SeedFiles = Pick<BlobStore, 'put'>;

/** A store for inside the transaction, and `keep` to call after it has committed. */
export function filesAfterCommit(store: SeedFiles): { files: SeedFiles; keep: () => Promise<void> } {
  const queued: { key: string; data: Buffer; contentType?: string }[] = [];
  return {
    files: {
      put: async (key, data, contentType) => {
        queued.push({ key, data, contentType });
      },
    },
    keep: async () => {
      for (const { key, data, contentType } of queued.splice(0)) await store.put(key, data, contentType);
    },
  };
}
