import { useSyncExternalStore } from 'react';
import { readLocal, removeLocal, writeLocal } from '../../lib/storage/browser-storage.ts';
import { setStaffTokenSource } from '../api/admin-api.ts';
import type { Staff } from '../api/admin-types.ts';

// The staff member's session in the back office: kept under its own key, apart from a promoter's
// token, so logging in at /biuro never logs anyone in or out of the promoter app on the same browser
// (decision 089).

/** `expiresAt`: when the server ends it (ISO); the session ends here then too. */
export type StaffSession = { token: string; expiresAt?: string; staff: Staff };
/** Why the last session ended, said once on the login page. */
export type SessionEnd = 'logout' | 'expired' | null;

/** localStorage: the token and staff member; here, not in lib/storage/storage-keys.ts, which the app's entry carries. */
const STAFF_SESSION_KEY = 'biuroSession';

type State = { session: StaffSession | null; ended: SessionEnd };

function readKept(): StaffSession | null {
  try {
    const kept = JSON.parse(readLocal(STAFF_SESSION_KEY) ?? 'null') as StaffSession | null;
    return kept && typeof kept.token === 'string' && kept.staff ? kept : null;
  } catch {
    return null;
  }
}

let state: State = { session: readKept(), ended: null };
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  if (next.session) writeLocal(STAFF_SESSION_KEY, JSON.stringify(next.session));
  else removeLocal(STAFF_SESSION_KEY);
  listeners.forEach((listener) => listener());
}

export const staffSession = {
  get: (): State => state,
  start: (session: StaffSession): void => set({ session, ended: null }),
  /** The session's staff as the server now sees it (roles and territories may have changed). */
  refresh: (staff: Staff): void => {
    if (state.session) set({ ...state, session: { ...state.session, staff } });
  },
  end: (why: SessionEnd): void => set({ session: null, ended: why }),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

setStaffTokenSource({ read: () => state.session?.token ?? null, rejected: () => staffSession.end('expired') });

export const useStaffSession = (): State => useSyncExternalStore(staffSession.subscribe, staffSession.get);
