import type { Action } from '@promotor/contract';
import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: actions (list, currentAction). Kept free of runtime logic: the store is
// in the entry chunk (scripts/check-bundle-size.mjs); features/actions/actions-store.ts writes it.
export type ActionsState = {
  /** The current-use list of /action/list (spec §9). */
  list: Action[];
  /** The action whose user status is 'started' (spec §4), or null. */
  currentAction: Action | null;
};

export type ActionsSlice = { actions: ActionsState };

const initialActionsState: ActionsState = { list: [], currentAction: null };

export const createActionsSlice: SliceCreator<ActionsSlice> = () => ({ actions: initialActionsState });

// The store's type knows this slice through this declaration; app/store-slices.ts registers it.
declare module '../../store/registry.ts' {
  interface AppSlices {
    actions: ActionsSlice;
  }
}
