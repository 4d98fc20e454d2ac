import type { SessionActions } from './create-app-store.ts';
import type { ScreenSlice } from './screen.slice.ts';
import type { SliceEntry, SliceRow, UnionToIntersection } from './slice.ts';
import type { ToastsSlice } from './toasts.slice.ts';

// What the features hand to the store (docs/decisions/082-the-store-knows-no-feature.md), the way they
// hand their item kinds to the outbox: the store imports no feature, app/store-slices.ts registers them
// all. Nothing here imports the store itself, so the registrations are in before it is built.

/**
 * The app store's slices by their state key: the store's own here, each feature's added by its slice
 * file (`declare module '../../store/registry.ts' { interface AppSlices { user: UserSlice } }`), so the
 * store's type knows every slice without importing one.
 */
export interface AppSlices {
  toasts: ToastsSlice;
  screen: ScreenSlice;
}

/** The store's state and actions: every slice together. */
export type AppState = UnionToIntersection<AppSlices[keyof AppSlices]> & SessionActions;

type FeatureKey = Exclude<keyof AppSlices, 'toasts' | 'screen'>;
type FeatureRow = { [K in FeatureKey]: SliceEntry<K, AppSlices[K]> }[FeatureKey];
/** Checked when compiling: a slice a feature declared but did not register is named here. */
type EveryFeature<Rows extends readonly FeatureRow[]> = [Exclude<FeatureKey, Rows[number]['key']>] extends [never]
  ? unknown
  : { unregisteredSlices: Exclude<FeatureKey, Rows[number]['key']> };

const featureSlices: SliceRow[] = [];
const sessionEndCleanUps: (() => void)[] = [];
let storeBuilt = false;

/** The features' rows of the store's slice table (app/store-slices.ts), each declared in AppSlices. */
export function registerSlices<const Rows extends readonly FeatureRow[]>(rows: Rows & EveryFeature<Rows>): void {
  // A row added after the store was built would be typed but missing: said at start, not at first use
  // (checked in development and tests, where imports change: the login page's budget).
  if (import.meta.env.DEV && storeBuilt)
    throw new Error('Store slices are registered before the store is built: import app/store-slices.ts first.');
  featureSlices.push(...rows);
}

/** The feature rows, taken once, by the store as it is built (store/app-store.ts). */
export function takeFeatureSlices(): readonly SliceRow[] {
  if (import.meta.env.DEV && featureSlices.length === 0)
    throw new Error('No feature registered its slice: import app/store-slices.ts before the store.');
  storeBuilt = true;
  return featureSlices;
}

/**
 * What a feature keeps of the promoter outside the store (an IndexedDB database) and forgets when her
 * session ends, with the store's slices (endSession).
 */
export function whenSessionEnds(cleanUp: () => void): void {
  sessionEndCleanUps.push(cleanUp);
}

export function runSessionEndCleanUps(): void {
  for (const cleanUp of sessionEndCleanUps) cleanUp();
}
