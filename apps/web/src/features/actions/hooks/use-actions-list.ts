import type { ActionResponse } from '@promotor/contract';
import { useCallback, useEffect, useState } from 'react';
import { onOutboxSent, type OutboxItem } from '../../../lib/outbox/index.ts';
import { dropAction, reloadActions, storeActionUpdate } from '../actions-store.ts';

/** Applies an accepted status change to the store; answers false for items that change no status. */
function applyStatusSent(item: OutboxItem, data: unknown): boolean {
  if (item.label === 'cancel') {
    dropAction(item.actionUuid);
    return true;
  }
  if (item.label !== 'check-in' && item.label !== 'check-out') return false;
  const action = (data as Partial<ActionResponse> | null)?.action;
  if (action) storeActionUpdate(action);
  return true;
}

/**
 * Follows the server's acceptance of a check-in, check-out or cancel from the outbox (spec §4: the
 * list is reloaded after each). Its answer is applied at once, so the current action (and location
 * tracking) changes without waiting for the reload.
 */
export function useReloadOnStatusSent(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    return onOutboxSent((item, data) => {
      if (applyStatusSent(item, data)) void reloadActions();
    });
  }, [enabled]);
}

export type ListLoadState = 'loading' | 'loaded' | 'failed';

/** The list page: reload on mount and after status changes; the list itself is read from the store. */
export function useActionsList(): { loadState: ListLoadState; reload: () => void } {
  const [loadState, setLoadState] = useState<ListLoadState>('loading');

  const reload = useCallback(() => {
    setLoadState('loading');
    void reloadActions().then((ok) => setLoadState(ok ? 'loaded' : 'failed'));
  }, []);

  useEffect(reload, [reload]);
  useReloadOnStatusSent();
  return { loadState, reload };
}
