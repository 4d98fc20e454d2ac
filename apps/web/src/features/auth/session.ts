import type { SessionResponse } from '@promotor/contract';
import { removeToken, saveToken } from '../../lib/storage/token.ts';
import { useAppStore } from '../../store/app-store.ts';

/** spec §4 Login and session: keep the token and the user. */
export function startSession(session: SessionResponse): void {
  saveToken(session.token.token);
  useAppStore.getState().setSession(session);
}

/** Forgets the token and the promoter's data (logout, a rejected token). */
export function endSession(): void {
  removeToken();
  useAppStore.getState().clearSessionData();
}
