import { useOutbox } from '../../../lib/outbox/index.ts';

/**
 * spec §2 "dimmed while a progress flag is set": an action is in progress while the outbox still
 * holds one of its answers, photos, check-in/out or cancel (location pings do not count).
 */
export function useActionProgress(): (actionUuid: string) => boolean {
  const { pendingFor } = useOutbox();
  return (actionUuid) => pendingFor(actionUuid).some((item) => item.kind !== 'location');
}
