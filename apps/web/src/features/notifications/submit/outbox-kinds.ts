import type { InboxNotification, NotificationReadBody, NotificationUnreadResponse } from '@promotor/contract';
import { enqueue, onOutboxSent, registerOutboxKind } from '../../../lib/outbox/index.ts';
import { readNotifications } from '../api/notifications.api.ts';
import { keepReads } from '../notifications-store.ts';

// Issue 37: reading a notification is one of her writes, so it goes like the others — stored in the
// outbox first and sent when there is a connection, with one Idempotency-Key (app/outbox-kinds.ts
// imports this module). A refusal is only logged: an unread mark coming back is all she could lose.

/** The group of her reads: one chain, apart from her actions' (it waits for none of them). */
export const NOTIFICATIONS_GROUP = 'notifications';

export const notificationsReadKind = registerOutboxKind('notifications-read', { route: 'notificationsRead', failureMessage: null });

onOutboxSent((item, data) => {
  if (item.kind === notificationsReadKind.name) keepReads(item.body as NotificationReadBody, (data as NotificationUnreadResponse).unread);
});

/** Queues the read; without IndexedDB (an old or locked-down browser) it is sent at once, or lost. */
function queueRead(body: NotificationReadBody): Promise<void> {
  return enqueue([notificationsReadKind.item(NOTIFICATIONS_GROUP, body)]).catch(async () =>
    keepReads(body, (await readNotifications(body)).unread),
  );
}

/** She opened it: read, unless it was already. Never rejects (the tap navigates anyway). */
export function markRead(notification: InboxNotification, alreadyRead: boolean): Promise<void> {
  if (alreadyRead) return Promise.resolve();
  return queueRead({ ids: [notification.id] }).catch((error: unknown) => console.warn('notifications: read not sent', error));
}

/**
 * 'Oznacz wszystkie jako przeczytane': all up to `upTo`, the newest she has on screen — the read may
 * be sent long after (offline), and what arrives meanwhile she has not seen.
 */
export const markAllRead = (upTo: number): Promise<void> =>
  queueRead({ all: true, upTo }).catch((error: unknown) => console.warn('notifications: read not sent', error));
