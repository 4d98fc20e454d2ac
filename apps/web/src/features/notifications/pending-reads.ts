import type { InboxNotification, NotificationReadBody } from '@promotor/contract';

// Issue 37: a notification she opened offline is read for her at once, though the server learns it only
// when the outbox sends the read (submit/outbox-kinds.ts). The kept list stays the server's last answer;
// what waits in the outbox is laid over it on screen, so a reload that answers before the read is sent
// does not bring the count back.

/**
 * What the waiting reads cover: these ids, and every id up to `allUpTo` (she marked all read while her
 * newest was that one; Infinity for an 'all' queued without it by an earlier app version; null: none).
 */
export type PendingReads = { ids: ReadonlySet<number>; allUpTo: number | null };

export const NO_PENDING_READS: PendingReads = { ids: new Set(), allUpTo: null };

/** The reads among the outbox's waiting items' bodies. */
export function pendingReadsOf(bodies: readonly unknown[]): PendingReads {
  const ids = new Set<number>();
  let allUpTo: number | null = null;
  for (const body of bodies as NotificationReadBody[]) {
    if ('all' in body) allUpTo = Math.max(allUpTo ?? 0, body.upTo ?? Infinity);
    else for (const id of body.ids) ids.add(id);
  }
  return { ids, allUpTo };
}

const coveredByAll = (id: number, pending: PendingReads) => pending.allUpTo !== null && id <= pending.allUpTo;

export const isRead = (notification: InboxNotification, pending: PendingReads): boolean =>
  notification.readAt !== null || coveredByAll(notification.id, pending) || pending.ids.has(notification.id);

/**
 * The unread count with the waiting reads taken off. A read is queued only for an unread notification,
 * so each waiting id counts once, unless the kept page already shows it read (the server has it). After
 * 'all', what is left is what came after her tap: the kept page's unread above `allUpTo` — all of them
 * while the page reaches down to it; a page entirely newer may not hold them all, so the server's count
 * then stands (more, never fewer, than there are).
 */
export function unreadWith(unread: number, kept: readonly InboxNotification[], pending: PendingReads): number {
  if (pending.allUpTo === Infinity) return 0;
  const unreadKept = kept.filter((notification) => notification.readAt === null);
  if (pending.allUpTo !== null && kept.some((notification) => coveredByAll(notification.id, pending))) {
    return unreadKept.filter((notification) => !coveredByAll(notification.id, pending) && !pending.ids.has(notification.id)).length;
  }
  const readOnServer = new Set(kept.filter((notification) => notification.readAt !== null).map((notification) => notification.id));
  const waiting = [...pending.ids].filter((id) => !readOnServer.has(id) && !coveredByAll(id, pending)).length;
  return Math.max(0, unread - waiting);
}
