import type { InboxNotification } from '@promotor/contract';
import { useMemo } from 'react';
import { useOutbox } from '../../../lib/outbox/index.ts';
import { useAppStore } from '../../../store/app-store.ts';
import { pendingReadsOf, unreadWith, type PendingReads } from '../pending-reads.ts';
import { NOTIFICATIONS_GROUP } from '../submit/outbox-kinds.ts';

export type Inbox = {
  /** The kept newest page, as the server last answered. */
  list: InboxNotification[];
  /** Unread, the reads waiting in the outbox taken off: what the bell shows. */
  unread: number;
  /** Her reads still waiting in the outbox: laid over the list (pending-reads.ts). */
  pending: PendingReads;
};

/**
 * Her inbox as the screens show it: the kept answer with her reads not sent yet. `tappedAllUpTo`: she
 * tapped 'Oznacz wszystkie jako przeczytane' with that newest id on screen — shown read at once, before
 * the outbox has stored the read (an IndexedDB write) and lists it among its waiting items.
 */
export function useInbox(tappedAllUpTo: number | null = null): Inbox {
  const { list, unread } = useAppStore((state) => state.notifications);
  const { pendingFor } = useOutbox();
  const pending = useMemo(() => {
    const waiting = pendingReadsOf(pendingFor(NOTIFICATIONS_GROUP).map((item) => item.body));
    return tappedAllUpTo === null ? waiting : { ids: waiting.ids, allUpTo: Math.max(waiting.allUpTo ?? 0, tappedAllUpTo) };
  }, [pendingFor, tappedAllUpTo]);
  return { list, unread: unreadWith(unread, list, pending), pending };
}
