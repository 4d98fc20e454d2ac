import {
  NOTIFICATIONS_PAGE_SIZE,
  NotificationDetails,
  type InboxNotification,
  type NotificationListBody,
  type NotificationListResponse,
  type NotificationReadBody,
  type NotificationUnreadResponse,
} from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import type { Notifier } from '../notifier/notifier.ts';
import * as repo from './notifications.repository.ts';

// Her inbox, 'Powiadomienia' (issue 37, decision 135): the source of truth of what reached her phone.
// Only her own: every query is by her user id, so another promoter's notification is never read nor
// marked, and an id of another's in /notifications/read is passed over as one that does not exist.

export type NotificationsDeps = {
  db: Db;
  now: () => Date;
  timezone: string;
  /** The resend's SMS goes through it at once (sms-fallback.service.ts). */
  notifier: Notifier;
  publicUrl: string | null;
  /** The server has VAPID keys: a resend queues pushes only then (decision 136). */
  pushOn: boolean;
};

/** An ISO instant as the API writes times: the wall clock of APP_TIMEZONE. */
export const wallOf = (iso: string, timezone: string): string => toWallClock(new Date(iso), timezone);
export const wallOrNull = (iso: string | null, timezone: string): string | null => (iso === null ? null : wallOf(iso, timezone));

type InboxRow = Awaited<ReturnType<typeof repo.listInbox>>[number];

const toInbox = (row: InboxRow, timezone: string): InboxNotification => ({
  id: Number(row.id),
  kind: row.kind,
  createdAt: wallOf(row.created_at, timezone),
  readAt: wallOrNull(row.read_at, timezone),
  // Written by notification-events.service.ts from this schema; parsed again so a field added later defaults.
  details: NotificationDetails.parse(JSON.parse(row.details)),
});

export async function list(
  deps: NotificationsDeps,
  caller: CallerUser,
  body: z.output<typeof NotificationListBody>,
): Promise<NotificationListResponse> {
  const [rows, unread] = await Promise.all([
    repo.listInbox(deps.db, caller.userId, { before: body.before, limit: NOTIFICATIONS_PAGE_SIZE }),
    repo.unreadCount(deps.db, caller.userId),
  ]);
  return { notifications: rows.map((r) => toInbox(r, deps.timezone)), unread };
}

/**
 * Some of hers read, or all up to the newest her phone showed: one UPDATE limited to her rows still
 * unread, so a read twice (her two phones, a retry) keeps the first time and answers the same count.
 * 'All' sent later from the outbox leaves unread what came after her tap (`upTo`).
 */
export async function read(
  deps: NotificationsDeps,
  caller: CallerUser,
  body: z.output<typeof NotificationReadBody>,
): Promise<NotificationUnreadResponse> {
  const which = 'ids' in body ? { ids: [...new Set(body.ids)] } : { upTo: body.upTo };
  await repo.markRead(deps.db, caller.userId, which, deps.now().toISOString());
  return { unread: await repo.unreadCount(deps.db, caller.userId) };
}

/**
 * Her report resubmitted (reviews.service.ts, in its transaction): the send-backs of that action are
 * settled — read, so the bell stops counting them and an SMS still waiting is not needed.
 */
export async function settleSendBacks(db: Db, o: { userId: string; actionId: string; at: Date }): Promise<void> {
  await repo.markRead(db, o.userId, { kind: 'report_returned', actionId: o.actionId }, o.at.toISOString());
}

/**
 * Retention (decision 135): up to `limit` of the notifications made before `beforeIso`, with their
 * pushes, in one transaction (a resend adding a push meanwhile waits or is removed with them).
 */
export async function removeOldNotifications(
  db: Db,
  beforeIso: string,
  limit: number,
): Promise<{ notifications: number; pushSends: number }> {
  return db.transaction().execute(async (trx) => repo.deleteNotifications(trx, await repo.notificationIdsBefore(trx, beforeIso, limit)));
}
