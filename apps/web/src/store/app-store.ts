import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { createActionsSlice, initialActionsState, type ActionsSlice } from '../features/actions/actions.slice.ts';
import { createUserSlice, initialUserState, type UserSlice } from '../features/auth/user.slice.ts';
import {
  createAvailabilitySlice,
  initialAvailabilityState,
  type AvailabilitySlice,
} from '../features/availability/availability.slice.ts';
import { createMgmSlice, initialMgmState, type MgmSlice } from '../features/mgm/mgm.slice.ts';
import { createReportsSlice, initialReportsState, type ReportsSlice } from '../features/reports/reports.slice.ts';
import { createVouchersSlice, initialVouchersState, type VouchersSlice } from '../features/vouchers/vouchers.slice.ts';
import { STORAGE_KEYS } from '../lib/storage/storage-keys.ts';
import { createScreenSlice, type ScreenSlice } from './screen.slice.ts';
import { createToastsSlice, restoreToasts, type ToastsSlice } from './toasts.slice.ts';

// The one app store of spec §3 (docs/decisions/021-web-app-foundation.md): slices user, actions,
// reports, toasts, screen, vouchers, mgm, availability; saved to localStorage on every change and
// restored at start.

export type AppState = UserSlice &
  ActionsSlice &
  ReportsSlice &
  ToastsSlice &
  ScreenSlice &
  VouchersSlice &
  MgmSlice &
  AvailabilitySlice & {
    /** Forgets everything that belongs to the logged-in promoter (logout). Toasts stay on screen. */
    clearSessionData: () => void;
  };

export const PERSISTED_SLICES = ['user', 'actions', 'reports', 'toasts', 'screen', 'vouchers', 'mgm', 'availability'] as const;
type PersistedSlice = (typeof PERSISTED_SLICES)[number];
export type PersistedState = Pick<AppState, PersistedSlice>;

/** Bump when a persisted shape changes incompatibly; older saved state is then dropped. */
const STATE_VERSION = 1;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Restores each slice over its initial value, so a slice that gained a field since the state was
 * saved still has it; a saved value of the wrong kind is ignored.
 */
function mergePersisted(persisted: unknown, current: AppState): AppState {
  if (!isPlainObject(persisted)) return current;
  const merged: Record<string, unknown> = { ...current };
  for (const key of PERSISTED_SLICES) {
    const saved = persisted[key];
    const initial: unknown = current[key];
    if (Array.isArray(initial) && Array.isArray(saved)) merged[key] = saved;
    else if (isPlainObject(initial) && isPlainObject(saved)) merged[key] = { ...initial, ...saved };
  }
  // Only the toasts still within their 8 s come back (spec §9; decision 043).
  merged.toasts = restoreToasts(persisted.toasts);
  return merged as AppState;
}

export const useAppStore = create<AppState>()(
  persist(
    (...args) => ({
      ...createUserSlice(...args),
      ...createActionsSlice(...args),
      ...createReportsSlice(...args),
      ...createToastsSlice(...args),
      ...createScreenSlice(...args),
      ...createVouchersSlice(...args),
      ...createMgmSlice(...args),
      ...createAvailabilitySlice(...args),
      clearSessionData: () =>
        args[0]({
          user: initialUserState,
          actions: initialActionsState,
          reports: initialReportsState,
          vouchers: initialVouchersState,
          mgm: initialMgmState,
          availability: initialAvailabilityState,
        }),
    }),
    {
      name: STORAGE_KEYS.appState,
      version: STATE_VERSION,
      storage: createJSONStorage(() => localStorage),
      partialize: (state): PersistedState => {
        const { user, actions, reports, toasts, screen, vouchers, mgm, availability } = state;
        return { user, actions, reports, toasts, screen, vouchers, mgm, availability };
      },
      merge: mergePersisted,
    },
  ),
);
