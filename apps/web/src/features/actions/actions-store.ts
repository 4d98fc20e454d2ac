import type { Action } from '@promotor/contract';
import { createRequest } from '../../lib/requests/index.ts';
import { toastError } from '../../store/notify.ts';
import { useAppStore } from '../../store/app-store.ts';
import { findCurrentAction } from './action-rules.ts';
import { listCurrentActions } from './api/actions.api.ts';

/** Keeps the list and derives the current action from it (spec §3 actions slice, §4). */
export function storeActions(list: Action[]): void {
  useAppStore.setState({ actions: { list, currentAction: findCurrentAction(list) } });
}

/** Puts the server's answer of a check-in or check-out in place of the stored action, before the reload. */
export function storeActionUpdate(action: Action): void {
  const { list } = useAppStore.getState().actions;
  storeActions(list.map((item) => (item.uuid === action.uuid ? action : item)));
}

/** Her cancelled participation: the action leaves her list (decision 012). */
export function dropAction(actionUuid: string): void {
  storeActions(useAppStore.getState().actions.list.filter((item) => item.uuid !== actionUuid));
}

/**
 * The current list of /action/list (spec §9 current use), kept in the store. A failure shows its
 * Polish message as a toast (spec §8); calls made while one is under way share it; after a
 * check-in, check-out or cancel, refresh() (lib/requests).
 */
export const currentActionsRequest = createRequest({ call: () => listCurrentActions(), onSuccess: storeActions, onError: toastError });
