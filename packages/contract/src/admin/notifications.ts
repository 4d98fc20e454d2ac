import { z } from 'zod';
import { DateTimeString } from '../common.ts';
import { NotificationKind } from '../notifications.ts';
import { UuidRef } from './common.ts';

// Issue 37 (decision 135): what reached her — on a report and on an action, per notification — and a
// resend by staff.

/** Where the SMS fallback stands for one notification. */
export const SMS_FALLBACK_STATES = [
  /** Not an event that falls back to SMS (e.g. a new assignment), or seen in time. */
  'not_needed',
  /** Waiting: not shown or read yet, the fallback time not reached. */
  'waiting',
  /** Due in quiet hours (21:00–8:00, APP_TIMEZONE): goes at 8:00. */
  'quiet_hours',
  'sent',
  /** The gateway refused it or she has no phone number. */
  'failed',
] as const;
export const SmsFallbackState = z.enum(SMS_FALLBACK_STATES);
export type SmsFallbackState = z.infer<typeof SmsFallbackState>;

export const AdminNotificationDelivery = z.object({
  id: z.number().int().positive(),
  kind: NotificationKind,
  createdAt: DateTimeString,
  promoter: z.object({ ident: z.string(), name: z.string() }),
  /** The action concerned, when there is one. */
  action: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  /** Her devices with push when it was created (0: no push could reach her). */
  pushDevices: z.number().int().min(0),
  /** First push accepted by a push service; first push her phone showed (service worker). */
  pushSentAt: DateTimeString.nullable(),
  pushShownAt: DateTimeString.nullable(),
  /** When she read it in the app. */
  readAt: DateTimeString.nullable(),
  sms: SmsFallbackState,
  /** When the SMS goes if she has not seen it by then ('waiting', 'quiet_hours'); null otherwise. */
  smsDueAt: DateTimeString.nullable(),
  smsSentAt: DateTimeString.nullable(),
  /** The last resend by staff, and who did it. */
  resentAt: DateTimeString.nullable(),
  resentBy: z.string().nullable(),
});
export type AdminNotificationDelivery = z.infer<typeof AdminNotificationDelivery>;

// --- /admin/notifications/list: the notifications of one action (all its promoters), or of one report
// (the action and one promoter). Permission reports.read; the action's territory must be hers.
export const AdminNotificationListBody = z.object({
  action: UuidRef,
  /** One promoter's (a report's) only. */
  promoter: z.object({ ident: z.string().trim().min(1).max(64) }).optional(),
});
export type AdminNotificationListBody = z.input<typeof AdminNotificationListBody>;
export const AdminNotificationListResponse = z.object({ notifications: z.array(AdminNotificationDelivery) });
export type AdminNotificationListResponse = z.infer<typeof AdminNotificationListResponse>;

// --- /admin/notifications/resend: push it again to every device of hers now, and — for an event that
// falls back to SMS — send the SMS at once (outside quiet hours; in them, at 8:00). Permission reports.review.
export const AdminNotificationResendBody = z.object({ notification: z.object({ id: z.number().int().positive() }) });
export type AdminNotificationResendBody = z.input<typeof AdminNotificationResendBody>;
export const AdminNotificationResendResponse = z.object({ notification: AdminNotificationDelivery });
export type AdminNotificationResendResponse = z.infer<typeof AdminNotificationResendResponse>;
