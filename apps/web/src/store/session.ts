import { deleteActionDrafts } from '../features/actions/drafts/drafts-db.ts';
import { deleteReceiptPhotos } from '../features/webform/receipt/receipt-db.ts';
import { whenSessionRejected, type SessionEndCode } from '../lib/api-client.ts';
import { removeToken } from '../lib/storage/token.ts';
import { useAppStore } from './app-store.ts';

/**
 * Forgets the token and everything of the promoter logged in: her user, her cached actions, reports,
 * vouchers…, the webform and its receipt photos, her unsent start and end forms (logout, a token the server refused). The offline
 * outbox keeps her items in IndexedDB: they wait, unsent and unseen, for her next login. With a
 * `reason` the login page says why she is back there (docs/decisions/044-session-end.md).
 */
export function endSession(reason: SessionEndCode | null = null): void {
  removeToken();
  const store = useAppStore.getState();
  store.clearSessionData();
  deleteReceiptPhotos();
  deleteActionDrafts();
  if (reason) store.setSessionEnd(reason);
}

/**
 * E_UNAUTHORIZED / E_EXPIRED on any call end the session (decision 044). Registered when the store is
 * loaded (app-store.ts imports this module), before any call can be made.
 */
export function listenForRefusedSessions(): void {
  whenSessionRejected((code, hadToken) => endSession(hadToken ? code : null));
}
