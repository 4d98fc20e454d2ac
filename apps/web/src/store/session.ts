import type { SessionEndCode } from '../lib/api-client.ts';
import { removeToken } from '../lib/storage/token.ts';
import { useAppStore } from './app-store.ts';

/**
 * Forgets the token and everything of the promoter logged in: her user, her cached actions, reports,
 * vouchers… (logout, a token the server refused). The offline outbox keeps her items in IndexedDB:
 * they wait, unsent and unseen, for her next login. With a `reason` the login page says why she is
 * back there (docs/decisions/044-session-end.md).
 */
export function endSession(reason: SessionEndCode | null = null): void {
  removeToken();
  const store = useAppStore.getState();
  store.clearSessionData();
  if (reason) store.setSessionEnd(reason);
}
