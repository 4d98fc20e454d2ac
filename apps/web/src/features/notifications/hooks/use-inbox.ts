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

/** Her inbox as the screens show it: the kept answer with her reads not sent yet. */
export function useInbox(): Inbox {
  const { list, unread } = useAppStore((state) => state.notifications);
  const { pendingFor } = useOutbox();
  const pending = useMemo(() => pendingReadsOf(pendingFor(NOTIFICATIONS_GROUP).map((item) => item.body)), [pendingFor]);
  return { list, unread: unreadWith(unread, list, pending), pending };
}
