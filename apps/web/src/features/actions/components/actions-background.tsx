import { useOutbox } from '../../../lib/outbox/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { useReloadOnStatusSent } from '../hooks/use-actions-list.ts';
import { useLocationTracking } from '../location/use-location-tracking.ts';

/**
 * What runs behind every page of a logged-in promoter (mounted with the lazy header, so it stays out
 * of the entry chunk): the list follows accepted check-ins, check-outs and cancels, and the current
 * action's position is tracked (spec §4). Tracking stops as soon as her check-out is queued: pings
 * after it would only be refused.
 */
export function ActionsBackground() {
  const loggedIn = useAppStore((state) => state.user.profile !== null);
  const current = useAppStore((state) => state.actions.currentAction);
  const { pendingFor } = useOutbox();
  useReloadOnStatusSent(loggedIn);

  const ending = current ? pendingFor(current.uuid).some((item) => item.kind === 'check-out') : false;
  useLocationTracking(loggedIn && current && !ending ? current.uuid : null);
  return null;
}
