import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { NotificationTable } from '../db/schema.ts';
import { newId } from '../lib/crypto.ts';
import { createNotifier } from '../modules/notifier/create-notifier.ts';
import type { Notifier } from '../modules/notifier/notifier.ts';
import { runSmsFallback, type SmsOutcome } from '../modules/notifications/sms-fallback.service.ts';
import { post, type TestApp } from './test-app.ts';

// Her inbox's test data and calls (issue 37, decision 135): her devices' push subscriptions (as the push
// module's /push/subscribe keeps them), her inbox, the back office's delivery view, and the SMS
// fallback's sweep run with the test clock.

/** `count` devices of hers with Web Push: rows as /push/subscribe writes them. */
export async function buildSubscriptions(t: TestApp, promoter: { userId: string }, count = 1): Promise<string[]> {
  const at = t.clock.now().toISOString();
  const ids = Array.from({ length: count }, () => newId());
  await t.db
    .insertInto('push_subscriptions')
    .values(
      ids.map((id) => ({
        id,
        user_id: promoter.userId,
        session_id: null,
        endpoint: `https://push.example.test/${id}`,
        p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
        created_at: at,
        renewed_at: at,
        last_success_at: null,
        failures: 0,
      })),
    )
    .execute();
  return ids;
}

export type NotificationOptions = {
  kind?: NotificationTable['kind'];
  actionId?: string | null;
  /** Minutes before the clock's now it happened; now by default. */
  minutesAgo?: number;
  sms?: NotificationTable['sms_state'];
};

/**
 * A notification of hers as the events write one (notification-events.service.ts), for the tests of
 * her inbox: the events' own tests make theirs through the changes.
 */
export async function buildNotification(t: TestApp, promoter: { userId: string }, o: NotificationOptions = {}): Promise<number> {
  const created = new Date(t.clock.now().getTime() - (o.minutesAgo ?? 0) * 60_000);
  const sms = o.sms ?? 'not_needed';
  const row = await t.db
    .insertInto('notifications')
    .values({
      user_id: promoter.userId,
      kind: o.kind ?? 'action_assigned',
      action_id: o.actionId ?? null,
      details: JSON.stringify({ ...NO_DETAILS, actionUuid: o.actionId ?? null }),
      topic: `test-${newId().slice(0, 8)}`,
      urgent: 0,
      created_at: created.toISOString(),
      read_at: null,
      push_devices: 0,
      push_sent_at: null,
      push_shown_at: null,
      sms_state: sms,
      sms_due_at: sms === 'not_needed' ? null : new Date(created.getTime() + 600_000).toISOString(),
      sms_sent_at: null,
      sms_attempts: 0,
      resent_at: null,
      resent_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const NO_DETAILS = {
  actionUuid: null,
  actionName: null,
  since: null,
  place: null,
  previousSince: null,
  previousPlace: null,
  note: null,
  changedActions: null,
};

/** Her notifications' rows, oldest first. */
export const notificationRows = (t: TestApp, userId: string) =>
  t.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('id').execute();

export const pushSendsOf = (t: TestApp, notificationId: number) =>
  t.db.selectFrom('push_sends').selectAll().where('notification_id', '=', notificationId).orderBy('created_at').execute();

type InboxItem = { id: number; kind: string; createdAt: string; readAt: string | null; details: Record<string, unknown> };

/** Her /notifications/list, answered 200. */
export async function inbox(app: FastifyInstance, token: string, body: { before?: number } = {}) {
  const res = await post(app, '/notifications/list', body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { notifications: InboxItem[]; unread: number };
}

export const markRead = (app: FastifyInstance, token: string, body: { ids: number[] } | { all: true; upTo?: number }) =>
  post(app, '/notifications/read', body, token, { 'idempotency-key': randomUUID() });

export const adminDeliveries = (app: FastifyInstance, token: string, body: { action: { uuid: string }; promoter?: { ident: string } }) =>
  post(app, '/admin/notifications/list', body, token);

export const resend = (app: FastifyInstance, token: string, id: number, key: string = randomUUID()) =>
  post(app, '/admin/notifications/resend', { notification: { id } }, token, { 'idempotency-key': key });

/** The SMS the outbox holds for this number, oldest first. */
export const smsTo = (t: TestApp, phone: string) =>
  t.db
    .selectFrom('outbox_messages')
    .select(['body', 'created_at'])
    .where('channel', '=', 'sms')
    .where('recipient', '=', phone)
    .orderBy('id')
    .execute();

/** The notifier the server builds from this configuration (the outbox unless the test's env says otherwise). */
export const testNotifier = (t: TestApp): Notifier =>
  createNotifier(t.config, { db: t.db, log: t.app.log, now: t.clock.now, policy: { tries: 1, backoffMs: [0], answerWithinMs: 1_000 } });

/** One sweep of the SMS fallback at the test clock's now (no job lock: tests of the claim run several at once). */
export function sweep(t: TestApp, notifier: Notifier = testNotifier(t)): Promise<SmsOutcome[]> {
  return runSmsFallback(
    { db: t.db, notifier, timezone: t.config.timezone, publicUrl: t.config.publicUrl },
    { now: t.clock.now, keepLock: async () => {} },
  );
}
