import type { SliceCreator } from '../../store/slice.ts';

// spec §3 persisted state: actions (list, currentAction). The field-actions issue types the items
// with the contract's Action schema and adds the loading and check-in logic.
export type ActionsState = {
  list: unknown[];
  /** The action whose user status is 'started' (spec §4), or null. */
  currentAction: unknown;
};

export type ActionsSlice = { actions: ActionsState };

export const initialActionsState: ActionsState = { list: [], currentAction: null };

export const createActionsSlice: SliceCreator<ActionsSlice> = () => ({ actions: initialActionsState });
