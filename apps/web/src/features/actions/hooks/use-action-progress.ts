import { useOutbox } from '../../../lib/outbox/index.ts';
import { cancelKind, checkInKind, checkOutKind, photosKind, pollKind } from '../submit/outbox-kinds.ts';

/** The items of the start, end and cancel flows; not location pings, nor what other features queue in the group. */
const PROGRESS_KINDS: ReadonlySet<string> = new Set([pollKind, photosKind, checkInKind, checkOutKind, cancelKind].map((kind) => kind.name));

/**
 * spec §2 "dimmed while a progress flag is set": an action is in progress while the outbox still
 * holds one of its answers, photos, check-in/out or cancel. Location pings do not count, nor do codes
 * given during it (queued in its group, decision 074): a check-out waits behind them anyway.
 */
export function useActionProgress(): (actionUuid: string) => boolean {
  const { pendingFor } = useOutbox();
  return (actionUuid) => pendingFor(actionUuid).some((item) => PROGRESS_KINDS.has(item.kind));
}
