// The receipt photos' IndexedDB database (receipt-store.ts), named here without the idb library: a
// logout deletes it (app/store-slices.ts, whenSessionEnds), which is in the entry chunk (the login page's budget).

export const RECEIPT_DB_NAME = 'promotor-webform-receipts';

/**
 * Forgets every receipt photo kept in the phone (logout): each belongs to a form not yet registered,
 * and the form is cleared with her data; the photo of a registered one already waits in the outbox,
 * which keeps its items per promoter. A connection this tab holds closes itself (receipt-store.ts).
 */
export function deleteReceiptPhotos(): void {
  globalThis.indexedDB?.deleteDatabase(RECEIPT_DB_NAME);
}
