import { z } from 'zod';
import { DateTimeString } from './common.ts';

// Issue 37 (decision 135): her inbox ('Powiadomienia'), the source of truth for what reaches her phone;
// Web Push and the SMS fallback only point her to it. Not in the specification: these calls are ours.

/** What happened, as her inbox names it (i18n/pl.ts has each kind's text). */
export const NOTIFICATION_KINDS = [
  /** Her report sent back for correction ('Do poprawy'), with the coordinator's note. */
  'report_returned',
  /** An action of hers cancelled by staff. */
  'action_cancelled',
  /** An action of hers moved: its time or its point changed. */
  'action_moved',
  /** An action newly assigned to her (within the next 7 days). */
  'action_assigned',
  /** A plan import that changed her next 7 days: one per import, not one per row. */
  'plan_changed',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** What the inbox shows of the action concerned, as it is now (and as it was, for a move). */
export const NotificationDetails = z.object({
  /** The action's uuid: a tap opens it (the report for 'report_returned'). */
  actionUuid: z.string().nullable(),
  actionName: z.string().nullable(),
  /** The action's planned start now (APP_TIMEZONE wall time). */
  since: DateTimeString.nullable(),
  /** Its point now: name and address, as her action list shows it. */
  place: z.string().nullable(),
  /** For 'action_moved': the start and the place before the change (null where that did not change). */
  previousSince: DateTimeString.nullable(),
  previousPlace: z.string().nullable(),
  /** For 'report_returned': the coordinator's note. */
  note: z.string().nullable(),
  /** For 'plan_changed': how many of her actions in the next 7 days the import added, changed or cancelled. */
  changedActions: z.number().int().min(0).nullable(),
});
export type NotificationDetails = z.infer<typeof NotificationDetails>;

export const InboxNotification = z.object({
  id: z.number().int().positive(),
  kind: NotificationKind,
  createdAt: DateTimeString,
  /** When she opened it in the app (or marked all read); null while unread. */
  readAt: DateTimeString.nullable(),
  details: NotificationDetails,
});
export type InboxNotification = z.infer<typeof InboxNotification>;

export const NOTIFICATIONS_PAGE_SIZE = 50;

// --- /notifications/list: her newest notifications first, and how many are unread
export const NotificationListBody = z.object({
  /** Only those older than this id (the next page); absent: the newest. */
  before: z.number().int().positive().optional(),
});
export type NotificationListBody = z.input<typeof NotificationListBody>;
export const NotificationListResponse = z.object({
  notifications: z.array(InboxNotification).max(NOTIFICATIONS_PAGE_SIZE),
  unread: z.number().int().min(0),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

// --- /notifications/read: some of hers read (ids), or all of them (all: true) up to the newest her phone
// had when she tapped (upTo: its id; a read sent later from the outbox must not mark what came after
// it; without upTo, as the first app versions send it, all); answers the unread count
export const NotificationReadBody = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(NOTIFICATIONS_PAGE_SIZE) }),
  z.object({ all: z.literal(true), upTo: z.number().int().positive().optional() }),
]);
export type NotificationReadBody = z.input<typeof NotificationReadBody>;
export const NotificationUnreadResponse = z.object({ unread: z.number().int().min(0) });
export type NotificationUnreadResponse = z.infer<typeof NotificationUnreadResponse>;

// --- /notifications/shown: the service worker showed a push. Public: the worker holds no session;
// the push's own receipt (random, one per push sent, in the payload) is the key.
export const NotificationShownBody = z.object({ receipt: z.string().min(16).max(128) });
export type NotificationShownBody = z.input<typeof NotificationShownBody>;

/**
 * The push's payload (JSON, encrypted by Web Push): no personal data — the app fetches her inbox.
 * `url` is the screen a tap opens (an app path, e.g. '/raporty/…' or '/powiadomienia').
 */
export const PushPayload = z.object({
  kind: NotificationKind,
  url: z.string().startsWith('/'),
  receipt: z.string(),
  /** The unread count after this one, for the app badge. */
  unread: z.number().int().min(0),
});
export type PushPayload = z.infer<typeof PushPayload>;

// --- /push/key: the server's VAPID public key (base64url), or null when push is not configured
export const PushKeyResponse = z.object({ publicKey: z.string().nullable() });
export type PushKeyResponse = z.infer<typeof PushKeyResponse>;

// --- /push/subscribe, /push/unsubscribe: one subscription per device/session (PushSubscription.toJSON())
export const PushSubscribeBody = z.object({
  subscription: z.object({
    /** https only; in development also http://localhost / 127.0.0.1 (the tests' push service). */
    endpoint: z.url().max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(64) }),
  }),
});
export type PushSubscribeBody = z.input<typeof PushSubscribeBody>;
export const PushUnsubscribeBody = z.object({ endpoint: z.url().max(2048) });
export type PushUnsubscribeBody = z.input<typeof PushUnsubscribeBody>;
