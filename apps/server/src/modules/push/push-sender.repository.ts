import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { PushSendTable } from '../../db/schema.ts';

// The sender's queue, push_sends (issue 37, decision 136): one row per notification × subscription,
// claimed by one instance at a time with a lease in the row (the files' drain does the same,
// plugins/blob-store.ts), each outcome written only while this holder's claim stands.

type Due = { nowIso: string };

const due = (db: Db, { nowIso }: Due) =>
  db
    .selectFrom('push_sends')
    .select('id')
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', nowIso)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]));

/** Whether anything waits: a read, so that an idle instance writes nothing each second. */
export async function anyDue(db: Db, nowIso: string): Promise<boolean> {
  return !!(await due(db, { nowIso }).limit(1).executeTakeFirst());
}

/**
 * Claims up to `limit` due sends for `holder` until `untilIso` in one UPDATE; on PostgreSQL the
 * candidates are read FOR UPDATE SKIP LOCKED as one array, so instances never wait on each other's rows
 * (and the subquery cannot be run again per row: plugins/blob-store.ts says why).
 */
export async function claimDue(db: Db, holder: string, nowIso: string, untilIso: string, limit: number): Promise<number> {
  const candidates = due(db, { nowIso }).orderBy('next_attempt_at').limit(limit);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const claimed = await db
    .updateTable('push_sends')
    .set({ claimed_by: holder, claimed_until: untilIso })
    .where('id', postgres ? '=' : 'in', postgres ? sql<string>`any(array(${candidates.forUpdate().skipLocked()}))` : candidates)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows);
}

/**
 * One push per Topic burst: a claimed send with a newer one (a later notification) for the same
 * subscription and topic, waiting or gone out, is superseded; the push service would replace it anyway.
 */
export async function supersedeClaimed(db: Db, holder: string): Promise<number> {
  const result = await db
    .updateTable('push_sends')
    .set({ state: 'superseded', claimed_by: null, claimed_until: null })
    .where('claimed_by', '=', holder)
    .where('state', '=', 'pending')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('push_sends as newer')
          .select('newer.id')
          .whereRef('newer.subscription_id', '=', 'push_sends.subscription_id')
          .whereRef('newer.topic', '=', 'push_sends.topic')
          .whereRef('newer.notification_id', '>', 'push_sends.notification_id')
          .where('newer.state', 'in', ['pending', 'sent']),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The claimed sends with what a push needs: the notification, the subscription (null: deleted), its session. */
export function claimedSends(db: Db, holder: string) {
  return db
    .selectFrom('push_sends as s')
    .innerJoin('notifications as n', 'n.id', 's.notification_id')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .leftJoin('push_subscriptions as p', 'p.id', 's.subscription_id')
    .leftJoin('sessions as ss', 'ss.id', 'p.session_id')
    .select([
      's.id',
      's.receipt',
      's.attempts',
      's.topic',
      's.subscription_id as subscriptionId',
      'n.id as notificationId',
      'n.user_id as userId',
      'n.kind',
      'n.action_id as actionId',
      'n.urgent',
      'u.deactivated_at as deactivatedAt',
      'p.user_id as subscriberId',
      'p.endpoint',
      'p.p256dh',
      'p.auth',
      'ss.revoked_at as sessionRevokedAt',
    ])
    .where('s.claimed_by', '=', holder)
    .where('s.state', '=', 'pending')
    .orderBy('s.notification_id')
    .execute();
}

export type ClaimedSend = Awaited<ReturnType<typeof claimedSends>>[number];

/** Her notifications not read yet: the payload's badge count. */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

type Settled = Partial<Pick<PushSendTable, 'state' | 'attempts' | 'next_attempt_at' | 'last_error' | 'sent_at'>>;

/** Writes a claimed send's outcome and gives the claim back; false when the claim was lost meanwhile. */
export async function settle(db: Db, id: string, holder: string, outcome: Settled): Promise<boolean> {
  const result = await db
    .updateTable('push_sends')
    .set({ ...outcome, claimed_by: null, claimed_until: null })
    .where('id', '=', id)
    .where('claimed_by', '=', holder)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a push its service accepted: the notification's first push time, the subscription's last success. */
export async function recordSuccess(db: Db, notificationId: number, subscriptionId: string, at: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ push_sent_at: at })
    .where('id', '=', notificationId)
    .where('push_sent_at', 'is', null)
    .execute();
  await db.updateTable('push_subscriptions').set({ last_success_at: at, failures: 0 }).where('id', '=', subscriptionId).execute();
}

/** After a failed push: the subscription's count of failures in a row. */
export async function recordFailure(db: Db, subscriptionId: string): Promise<void> {
  await db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', subscriptionId)
    .execute();
}
