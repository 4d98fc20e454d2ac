import type { SessionResponse } from '@promotor/contract';
import { saveToken } from '../../lib/storage/token.ts';
import { useAppStore } from '../../store/app-store.ts';

export { endSession } from '../../store/app-store.ts';

/**
 * spec §4 Login and session: keep the token and the user. The errors of the tries before (a wrong
 * password) and why the last session ended are over now: they do not follow her to /akcje.
 */
export function startSession(session: SessionResponse): void {
  saveToken(session.token.token);
  const store = useAppStore.getState();
  store.setSession(session);
  store.setSessionEnd(null);
  store.dismissToasts('error');
}
