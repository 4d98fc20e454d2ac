import type { Db } from '../db/kysely.ts';
import type { PhoneOutboxReport } from './phone-outbox-header.ts';

// promoter_phones (migration 017): one row per promoter, what her phone last said.

/**
 * Her phone was seen at `seenAt`, with this outbox report (or none: the call carried no header, and
 * what it said before stays). A write older than the row's (two instances, answers finishing out of
 * order) changes nothing.
 */
export async function recordPhoneSeen(db: Db, userId: string, seenAt: string, report: PhoneOutboxReport | null): Promise<void> {
  const outbox = report
    ? { outbox_count: report.count, outbox_oldest_at: report.oldestAt, outbox_reported_at: seenAt }
    : { outbox_count: 0, outbox_oldest_at: null, outbox_reported_at: null };
  await db
    .insertInto('promoter_phones')
    .values({ user_id: userId, last_seen_at: seenAt, ...outbox })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet(report ? { last_seen_at: seenAt, ...outbox } : { last_seen_at: seenAt })
        .where('promoter_phones.last_seen_at', '<=', seenAt),
    )
    .execute();
}

/**
 * For /metrics (decision 132): how many phones seen since `seenSince` last reported items waiting, and
 * the oldest such item's time. One aggregate row, over at most one row per promoter.
 */
export async function phoneBacklog(db: Db, seenSince: string): Promise<{ phones: number; oldestAt: string | null }> {
  const row = await db
    .selectFrom('promoter_phones')
    .select((eb) => [eb.fn.countAll<string | number>().as('phones'), eb.fn.min('outbox_oldest_at').as('oldest')])
    .where('outbox_count', '>', 0)
    .where('last_seen_at', '>=', seenSince)
    .executeTakeFirstOrThrow();
  return { phones: Number(row.phones), oldestAt: row.oldest ?? null };
}
