import { useEffect, useState } from 'react';
import type { Action } from '@promotor/contract';
import { useAppStore } from '../../../store/app-store.ts';
import { reloadActions } from '../actions-store.ts';

export type ActionLookup = { state: 'loading' } | { state: 'missing' } | { state: 'found'; action: Action };

/**
 * One action of her list: from the store, or — when it is not there (opened from a link, a stale
 * list) — after one reload of /action/list. Mount it with key={actionId}.
 */
export function useAction(actionId: string | undefined): ActionLookup {
  const action = useAppStore((state) => state.actions.list.find((item) => item.uuid === actionId) ?? null);
  const [reloaded, setReloaded] = useState(false);

  useEffect(() => {
    if (action || reloaded) return;
    let alive = true;
    void reloadActions().finally(() => {
      if (alive) setReloaded(true);
    });
    return () => {
      alive = false;
    };
  }, [action, reloaded]);

  if (action) return { state: 'found', action };
  return reloaded ? { state: 'missing' } : { state: 'loading' };
}
