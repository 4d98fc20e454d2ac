import type { NotificationListResponse, NotificationReadBody, PushSubscribeBody } from '@promotor/contract';
import { api, dataOf } from '../../../lib/api-client.ts';

// Issue 37: her inbox and this phone's Web Push subscription (the contract's notifications.ts).

/** The newest page of her inbox, or the page older than `before` (a notification's id). */
export const listNotifications = (before?: number): Promise<NotificationListResponse> =>
  api.call('notificationsList', before === undefined ? {} : { before }).then(dataOf);

/** Marks read now, without the outbox: only where IndexedDB is missing (submit/outbox-kinds.ts). */
export const readNotifications = (body: NotificationReadBody) => api.call('notificationsRead', body).then(dataOf);

/** The server's VAPID public key (base64url), null when the server sends no push. */
export const loadPushKey = (): Promise<string | null> => api.call('pushKey').then(({ data }) => data.publicKey);

export const savePushSubscription = (subscription: PushSubscribeBody['subscription']) =>
  api.call('pushSubscribe', { subscription }).then(dataOf);

export const dropPushSubscription = (endpoint: string, signal?: AbortSignal) =>
  api.call('pushUnsubscribe', { endpoint }, { signal }).then(dataOf);
