import type { Db } from '../../db/kysely.ts';

// Her devices' Web Push subscriptions and what the service worker reports back (issue 37, decision 136).
// The sender's queue (push_sends) is push-sender.repository.ts's.

export type NewSubscription = {
  id: string;
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  at: string;
};

/**
 * One row per endpoint (its unique key): a new one, or the endpoint's row taken over — renewed, keys
 * replaced, and owned by whoever subscribed it last (a phone that another promoter logs in on).
 */
export async function upsertSubscription(db: Db, s: NewSubscription): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      id: s.id,
      user_id: s.userId,
      session_id: s.sessionId,
      endpoint: s.endpoint,
      p256dh: s.p256dh,
      auth: s.auth,
      created_at: s.at,
      renewed_at: s.at,
      last_success_at: null,
      failures: 0,
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet({ user_id: s.userId, session_id: s.sessionId, p256dh: s.p256dh, auth: s.auth, renewed_at: s.at, failures: 0 }),
    )
    .execute();
}

/** Deletes her subscriptions beyond the `keep` most recently renewed; answers their ids. */
export async function trimSubscriptions(db: Db, userId: string, keep: number): Promise<string[]> {
  const newest = db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('renewed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(keep);
  const gone = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('id', 'not in', newest)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}

/** Deletes her subscription of this endpoint; its id, or null when she has none of it. */
export async function deleteHerSubscription(db: Db, userId: string, endpoint: string): Promise<string | null> {
  const row = await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Deletes up to `limit` subscriptions last renewed before `beforeIso` (their phones' app has not started since); answers their ids. */
export async function deleteSubscriptionsRenewedBefore(db: Db, beforeIso: string, limit: number): Promise<string[]> {
  const stale = db.selectFrom('push_subscriptions').select('id').where('renewed_at', '<', beforeIso).orderBy('renewed_at').limit(limit);
  const gone = await db
    .deleteFrom('push_subscriptions')
    .where('id', 'in', stale)
    .where('renewed_at', '<', beforeIso)
    .returning('id')
    .execute();
  return gone.map((r) => r.id);
}

/** Deletes a subscription (its push service answered 404/410, or its session ended). */
export async function deleteSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** The pushes still waiting for these subscriptions will never go: 'gone'. */
export async function markPendingGone(db: Db, subscriptionIds: readonly string[]): Promise<void> {
  if (subscriptionIds.length === 0) return;
  await db
    .updateTable('push_sends')
    .set({ state: 'gone', claimed_by: null, claimed_until: null })
    .where('subscription_id', 'in', subscriptionIds)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * The push of this receipt was shown: its time, set once. Answers the notification's id when this call
 * set it, 'again' when it was set already, null when no push has this receipt.
 */
export async function markSendShown(db: Db, receipt: string, at: string): Promise<number | 'again' | null> {
  const row = await db
    .updateTable('push_sends')
    .set({ shown_at: at })
    .where('receipt', '=', receipt)
    .where('shown_at', 'is', null)
    .returning('notification_id')
    .executeTakeFirst();
  if (row) return row.notification_id;
  const known = await db.selectFrom('push_sends').select('id').where('receipt', '=', receipt).executeTakeFirst();
  return known ? 'again' : null;
}

/**
 * The first push of the notification shown on any of her devices: the notification's time, set once —
 * and that of her older ones of the same topic not shown yet. Their pushes were replaced by this one
 * (the push service keeps the newest per Topic; the sender supersedes older ones still waiting), so
 * this push is how they reached her, and their SMS fallback must stop as its own would.
 */
export async function markNotificationShown(db: Db, notificationId: number, at: string): Promise<void> {
  const shown = (column: 'user_id' | 'topic') =>
    db.selectFrom('notifications as shown').select(`shown.${column}`).where('shown.id', '=', notificationId);
  await db
    .updateTable('notifications')
    .set({ push_shown_at: at })
    .where('user_id', '=', shown('user_id'))
    .where('topic', '=', shown('topic'))
    .where('id', '<=', notificationId)
    .where('push_shown_at', 'is', null)
    .execute();
}
