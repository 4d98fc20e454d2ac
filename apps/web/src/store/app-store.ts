import { createActionsSlice } from '../features/actions/actions.slice.ts';
import { createUserSlice } from '../features/auth/user.slice.ts';
import { createAvailabilitySlice } from '../features/availability/availability.slice.ts';
import { createMgmSlice } from '../features/mgm/mgm.slice.ts';
import { createReportsSlice } from '../features/reports/reports.slice.ts';
import { createVouchersSlice } from '../features/vouchers/vouchers.slice.ts';
import { createWebformSlice } from '../features/webform/webform.slice.ts';
import { setOutboxOwnerSource } from '../lib/outbox/outbox-owner.ts';
import { STORAGE_KEYS } from '../lib/storage/storage-keys.ts';
import { createAppStore, type SessionActions } from './create-app-store.ts';
import { createScreenSlice } from './screen.slice.ts';
import { listenForRefusedSessions } from './session.ts';
import { defineSlice, type SlicesState } from './slice.ts';
import { createToastsSlice, restoreToasts } from './toasts.slice.ts';

// The one app store of spec §3 (docs/decisions/021-web-app-foundation.md): saved to localStorage on
// every change and restored at start. Adding a slice is one row here (docs/decisions/049-…): it is
// saved, restored and — unless kept on logout — cleared when she logs out, by construction.

export const appSlices = [
  defineSlice('user', createUserSlice),
  defineSlice('actions', createActionsSlice),
  defineSlice('reports', createReportsSlice),
  // Only the toasts still within their 8 s come back (spec §9; decision 043); a logout's toast stays.
  defineSlice('toasts', createToastsSlice, { keptOnLogout: true, restore: restoreToasts }),
  // Why her session ended is said on the login page after it (decision 044).
  defineSlice('screen', createScreenSlice, { keptOnLogout: true }),
  defineSlice('vouchers', createVouchersSlice),
  defineSlice('mgm', createMgmSlice),
  defineSlice('availability', createAvailabilitySlice),
  defineSlice('webform', createWebformSlice),
] as const;

export type AppState = SlicesState<typeof appSlices> & SessionActions;

/** Bump when a persisted shape changes incompatibly; older saved state is then dropped. */
const STATE_VERSION = 1;

export const useAppStore = createAppStore<AppState>(appSlices, { name: STORAGE_KEYS.appState, version: STATE_VERSION });

// The store tells the API client's refusals and the outbox's owner where the session lives (lib/ does
// not import the store): registered here, so before any page can call or queue.
listenForRefusedSessions();
const loggedInIdent = (): string | null => useAppStore.getState().user.profile?.ident ?? null;
setOutboxOwnerSource({ get: loggedInIdent, subscribe: useAppStore.subscribe });
