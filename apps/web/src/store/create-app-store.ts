import { create, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { SliceRow } from './slice.ts';

// The app store built from its slice table (docs/decisions/049-request-state-and-store-slices.md): what
// is saved, restored and cleared at logout follows each row, so adding a slice is one row and no list
// of slices is written anywhere else.

export type SessionActions = {
  /** Resets every slice not kept on logout to its initial state: all that belongs to the promoter. */
  clearSessionData: () => void;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Restores each persisted slice over its initial value, so a slice that gained a field since the state
 * was saved still has it; a saved value of the wrong kind is ignored; a slice with `restore` decides.
 */
export function mergePersisted<S>(entries: readonly SliceRow[], persisted: unknown, current: S): S {
  if (!isPlainObject(persisted)) return current;
  const merged: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const { key, restore } of entries) {
    const saved = persisted[key];
    const initial = merged[key];
    if (restore) merged[key] = restore(saved);
    else if (Array.isArray(initial) && Array.isArray(saved)) merged[key] = saved;
    else if (isPlainObject(initial) && isPlainObject(saved)) merged[key] = { ...initial, ...saved };
  }
  return merged as S;
}

type AnyCreator = StateCreator<Record<string, unknown>, [], [], Record<string, unknown>>;

/** Every slice's creator in one state; two slices claiming the same name is a mistake caught at start. */
function createSlices(entries: readonly SliceRow[], ...args: Parameters<AnyCreator>): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  for (const entry of entries) {
    const slice = (entry.create as unknown as AnyCreator)(...args);
    // Checked in development and tests only (where a slice is added): the login page's budget.
    const clash = import.meta.env.DEV ? Object.keys(slice).find((name) => name in state) : undefined;
    if (clash) throw new Error(`Store slice '${entry.key}' redefines '${clash}'.`);
    Object.assign(state, slice);
  }
  return state;
}

export type AppStoreOptions = {
  /** The localStorage key. */
  name: string;
  /** Bump when a persisted shape changes incompatibly; older saved state is then dropped. */
  version: number;
};

/** The one store of the app (spec §3), saved to localStorage on every change and restored at start. */
export function createAppStore<S extends SessionActions>(entries: readonly SliceRow[], { name, version }: AppStoreOptions) {
  const persisted = entries.filter((entry) => entry.persisted);
  const cleared = entries.filter((entry) => !entry.keptOnLogout).map((entry) => entry.key);

  const creator: StateCreator<S, [], []> = (set, get, api) => {
    const slices = createSlices(entries, ...([set, get, api] as unknown as Parameters<AnyCreator>));
    // The values the slices start with are what a logout goes back to.
    const reset = Object.fromEntries(cleared.map((key) => [key, slices[key]]));
    return { ...slices, clearSessionData: () => set(reset as Partial<S>) } as S;
  };

  return create<S>()(
    persist(creator, {
      name,
      version,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => Object.fromEntries(persisted.map(({ key }) => [key, (state as Record<string, unknown>)[key]])),
      merge: (saved, current) => mergePersisted(persisted, saved, current),
    }),
  );
}
