import type { ActionResponse } from '@promotor/contract';
import { useEffect } from 'react';
import { onOutboxRefused, onOutboxSent, type OutboxItem } from '../../../lib/outbox/index.ts';
import { useRequest, type RequestStatus } from '../../../lib/requests/index.ts';
import { currentActionsRequest, dropAction, storeActionUpdate } from '../actions-store.ts';

/** Applies an accepted status change to the store; answers false for items that change no status. */
function applyStatusSent(item: OutboxItem, data: unknown): boolean {
  if (item.kind === 'cancel') {
    dropAction(item.group);
    return true;
  }
  if (item.kind !== 'check-in' && item.kind !== 'check-out') return false;
  const action = (data as Partial<ActionResponse> | null)?.action;
  if (action) storeActionUpdate(action);
  return true;
}

const STATUS_LABELS = new Set(['check-in', 'check-out', 'cancel']);

/**
 * Follows the server's answer to a check-in, check-out or cancel from the outbox (spec §4: the list is
 * reloaded after each). An accepted answer is applied at once, so the current action (and location
 * tracking) changes without waiting for the reload; a refusal reloads the list, so that she sees the
 * action as it really is (e.g. cancelled by the organiser meanwhile) and not as still waiting.
 */
export function useReloadOnStatusSent(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const stopSent = onOutboxSent((item, data) => {
      if (applyStatusSent(item, data)) void currentActionsRequest.refresh();
    });
    const stopRefused = onOutboxRefused((item) => {
      if (STATUS_LABELS.has(item.kind)) void currentActionsRequest.refresh();
    });
    return () => {
      stopSent();
      stopRefused();
    };
  }, [enabled]);
}

/** The list page: reload on mount and after status changes; the list itself is read from the store. */
export function useActionsList(): { loadState: RequestStatus; reload: () => void } {
  const { status, reload } = useRequest(currentActionsRequest);
  useReloadOnStatusSent();
  return { loadState: status, reload };
}
