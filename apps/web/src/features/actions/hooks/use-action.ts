import type { Action } from '@promotor/contract';
import { useRequest } from '../../../lib/requests/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { currentActionsRequest } from '../actions-store.ts';

export type ActionLookup = { state: 'loading' } | { state: 'missing' } | { state: 'found'; action: Action };

/**
 * One action of her list: from the store, or — when it is not there (opened from a link, a stale
 * list) — after one reload of /action/list (a failed one shows its toast). Mount it with key={actionId}.
 */
export function useAction(actionId: string | undefined): ActionLookup {
  const action = useAppStore((state) => state.actions.list.find((item) => item.uuid === actionId) ?? null);
  const { status } = useRequest(currentActionsRequest, { enabled: action === null });

  if (action) return { state: 'found', action };
  return status === 'loading' ? { state: 'loading' } : { state: 'missing' };
}
