import type { InboxNotification, NotificationReadBody } from '@promotor/contract';

// Issue 37: a notification she opened offline is read for her at once, though the server learns it only
// when the outbox sends the read (submit/outbox-kinds.ts). The kept list stays the server's last answer;
// what waits in the outbox is laid over it on screen, so a reload that answers before the read is sent
// does not bring the count back.

/** What the waiting reads cover: these ids, or everything (she marked all read). */
export type PendingReads = { ids: ReadonlySet<number>; all: boolean };

export const NO_PENDING_READS: PendingReads = { ids: new Set(), all: false };

/** The reads among the outbox's waiting items' bodies. */
export function pendingReadsOf(bodies: readonly unknown[]): PendingReads {
  const ids = new Set<number>();
  let all = false;
  for (const body of bodies as NotificationReadBody[]) {
    if ('all' in body) all = true;
    else for (const id of body.ids) ids.add(id);
  }
  return { ids, all };
}

export const isRead = (notification: InboxNotification, pending: PendingReads): boolean =>
  notification.readAt !== null || pending.all || pending.ids.has(notification.id);

/**
 * The unread count with the waiting reads taken off. A read is queued only for an unread notification,
 * so each waiting id counts once, unless the kept page already shows it read (the server has it).
 */
export function unreadWith(unread: number, kept: readonly InboxNotification[], pending: PendingReads): number {
  if (pending.all) return 0;
  const readOnServer = new Set(kept.filter((notification) => notification.readAt !== null).map((notification) => notification.id));
  const waiting = [...pending.ids].filter((id) => !readOnServer.has(id)).length;
  return Math.max(0, unread - waiting);
}
