import type { StateCreator } from 'zustand';

/**
 * A slice of the one app store (zustand "slices" pattern). It sees and sets its own part only: the
 * store's type is derived from the slices' table (store/registry.ts), so a slice typed against the whole
 * state would define itself; code that joins slices reads useAppStore outside the store.
 */
export type SliceCreator<T> = StateCreator<T, [['zustand/persist', unknown]], [], T>;

/** How the store treats a slice's state; the defaults are the safe ones. */
export type SliceOptions<V> = {
  /** Saved to localStorage and restored at start (spec §3 persisted state). Default: true. */
  persisted?: boolean;
  /**
   * Survives a logout: only what belongs to the phone, not to the promoter (the toasts on screen, the
   * screen's note of why a session ended). Default: false — a forgotten flag clears her data rather
   * than leaking it to the next promoter on a shared phone.
   */
  keptOnLogout?: boolean;
  /** Turns the saved value into the state to start with. Default: merged over the initial value. */
  restore?: (saved: unknown) => V;
};

/** One row of the store's slice table (store/app-store.ts, app/store-slices.ts), whatever its slice. */
export type SliceRow = {
  /** The key of the slice's state in the store (the part saved, restored and cleared). */
  key: string;
  create: (...args: never[]) => unknown;
  persisted: boolean;
  keptOnLogout: boolean;
  restore?: (saved: unknown) => unknown;
};

export type SliceEntry<K extends string, T> = SliceRow & { key: K; create: SliceCreator<T> };

/** A row of the slice table: the state key, its creator and how it is kept. */
export function defineSlice<K extends string, T extends Record<K, unknown>>(
  key: K,
  create: SliceCreator<T>,
  { persisted = true, keptOnLogout = false, restore }: SliceOptions<T[K]> = {},
): SliceEntry<K, T> {
  return { key, create, persisted, keptOnLogout, restore };
}

/** `A | B` as `A & B`: the slices of the store's table together (store/registry.ts). */
export type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;
