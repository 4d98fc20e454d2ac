// The start and end forms' drafts (draft-store.ts), named here without the idb library: a logout deletes
// the database (app/store-slices.ts, whenSessionEnds), which is in the entry chunk (the login page's budget).

export const ACTION_DRAFTS_DB_NAME = 'promotor-action-drafts';

/**
 * Forgets every start and end form she left unsent (logout): her checklist, reasons and photos stay on
 * a shared phone no longer than she does. A connection this tab holds closes itself (draft-store.ts).
 */
export function deleteActionDrafts(): void {
  globalThis.indexedDB?.deleteDatabase(ACTION_DRAFTS_DB_NAME);
}
