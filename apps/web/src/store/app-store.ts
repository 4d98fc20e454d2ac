import { whenSessionRejected, type SessionEndCode } from '../lib/api-client.ts';
import { setOutboxOwnerSource } from '../lib/outbox/outbox-owner.ts';
import { STORAGE_KEYS } from '../lib/storage/storage-keys.ts';
import { removeToken } from '../lib/storage/token.ts';
import { createAppStore } from './create-app-store.ts';
import { runSessionEndCleanUps, takeFeatureSlices, type AppState } from './registry.ts';
import { createScreenSlice } from './screen.slice.ts';
import { defineSlice } from './slice.ts';
import { createToastsSlice, restoreToasts } from './toasts.slice.ts';

export type { AppState } from './registry.ts';

// The one app store of spec §3 (docs/decisions/021-web-app-foundation.md): saved to localStorage on
// every change and restored at start. Adding a slice is one row (docs/decisions/049-…): it is saved,
// restored and — unless kept on logout — cleared when she logs out, by construction. The features'
// rows are registered in app/store-slices.ts (decision 082): the store imports no feature.

/** The store's own rows: what belongs to the phone, not to the promoter, is kept on logout. */
const storeSlices = [
  // Saved (spec §3) but not shown again after a reload (decision 075); a logout's toast stays.
  defineSlice('toasts', createToastsSlice, { keptOnLogout: true, restore: restoreToasts }),
  // Why her session ended is said on the login page after it (decision 044).
  defineSlice('screen', createScreenSlice, { keptOnLogout: true }),
];

/** The whole table: the store's rows and every feature's. */
export const appSlices = [...storeSlices, ...takeFeatureSlices()];

/** Bump when a persisted shape changes incompatibly; older saved state is then dropped. */
const STATE_VERSION = 1;

export const useAppStore = createAppStore<AppState>(appSlices, { name: STORAGE_KEYS.appState, version: STATE_VERSION });

/**
 * Forgets the token and everything of the promoter logged in: her user, her cached actions, reports,
 * vouchers…, the webform, and what the features keep of her outside the store (its receipt photos, her
 * unsent start and end forms: whenSessionEnds) — on logout, or a token the server refused. The offline
 * outbox keeps her items in IndexedDB: they wait, unsent and unseen, for her next login. With a
 * `reason` the login page says why she is back there (docs/decisions/044-session-end.md).
 */
export function endSession(reason: SessionEndCode | null = null): void {
  removeToken();
  const store = useAppStore.getState();
  store.clearSessionData();
  runSessionEndCleanUps();
  if (reason) store.setSessionEnd(reason);
}

// The store tells the API client's refusals and the outbox's owner where the session lives (lib/ does
// not import the store): registered here, so before any page can call or queue. E_UNAUTHORIZED /
// E_EXPIRED on any call end the session (decision 044).
whenSessionRejected((code, hadToken) => endSession(hadToken ? code : null));
const loggedInIdent = (): string | null => useAppStore.getState().user.profile?.ident ?? null;
setOutboxOwnerSource({ get: loggedInIdent, subscribe: useAppStore.subscribe });
