import type { Action } from '@promotor/contract';
import { useMemo } from 'react';
import { useOutbox } from '../../../lib/outbox/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { runningAction } from '../action-rules.ts';

/** The action she runs, counting her check-ins and check-outs still waiting in the outbox (decision 046). */
export function useRunningAction(): Action | null {
  const list = useAppStore((state) => state.actions.list);
  const { pending } = useOutbox();
  return useMemo(
    () =>
      runningAction(
        list,
        pending.map(({ group, kind }) => ({ actionUuid: group, label: kind })),
      ),
    [list, pending],
  );
}
