import type { Action } from '@promotor/contract';
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

let loading: Promise<boolean> | null = null;

/**
 * Reloads the current list into the store; a failure shows its Polish message as a toast (spec §8).
 * Calls made while one is under way share it. Answers whether the list was loaded.
 */
export function reloadActions(): Promise<boolean> {
  loading ??= listCurrentActions()
    .then((list) => {
      storeActions(list);
      return true;
    })
    .catch((error: unknown) => {
      toastError(error);
      return false;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}
