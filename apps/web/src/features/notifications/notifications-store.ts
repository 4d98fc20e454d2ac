import type { InboxNotification, NotificationListResponse, NotificationReadBody } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import { appTimeZone } from '../../lib/dates/app-time-zone.ts';
import { createRequest } from '../../lib/requests/index.ts';
import { useAppStore } from '../../store/app-store.ts';
import { listNotifications } from './api/notifications.api.ts';
import type { NotificationsState } from './notifications.slice.ts';

// Her inbox kept in the notifications slice (spec §3): what was last loaded shows at once and offline.
// A failed load is said on the list itself, next to what was kept, never as a toast: the inbox is
// asked for in the background (focus, a push) where a toast would come out of nowhere.

const setNotifications = (change: Partial<NotificationsState>) =>
  useAppStore.setState((state) => ({ notifications: { ...state.notifications, ...change } }));

/** The newest page and the unread count (the bell, the list), asked on app start, focus and a push. */
export const inboxRequest = createRequest({
  call: () => listNotifications(),
  onSuccess: ({ notifications, unread }: NotificationListResponse) => setNotifications({ list: notifications, unread }),
});

/**
 * The server took her read (the outbox's item was sent): its unread count, and the kept page shows
 * those read at once — the time is the phone's until the next load brings the server's.
 */
export function keepReads(body: NotificationReadBody, unread: number, now = new Date()): void {
  const readAt = toWallClock(now, appTimeZone());
  // 'All' covers what her phone had when she tapped (upTo), not what came since.
  const covers = (notification: InboxNotification) =>
    'all' in body ? body.upTo === undefined || notification.id <= body.upTo : body.ids.includes(notification.id);
  const { list } = useAppStore.getState().notifications;
  setNotifications({
    unread,
    list: list.map((notification) => (notification.readAt === null && covers(notification) ? { ...notification, readAt } : notification)),
  });
}

export const setPushWanted = (pushWanted: boolean) => setNotifications({ pushWanted });
