import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';

/**
 * Counts one more hit in the key's window, atomically (one statement): a new or expired window starts
 * at 1, else the count grows. Returns the count after this hit and when the window ends.
 */
export async function increment(db: Db, key: string, nowIso: string, windowEndIso: string): Promise<{ count: number; expiresAt: string }> {
  const expired = sql<boolean>`rate_counters.expires_at <= ${nowIso}`;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, count: 1, expires_at: windowEndIso })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_counters.count + 1 end`,
        expires_at: sql<string>`case when ${expired} then ${windowEndIso} else rate_counters.expires_at end`,
      }),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), expiresAt: row.expires_at };
}

/** Gives back one hit that turned out not to count (never below zero). */
export async function decrement(db: Db, key: string): Promise<void> {
  await db
    .updateTable('rate_counters')
    .set({ count: sql<number>`count - 1` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('key', '=', key).execute();
}

export async function deleteExpired(db: Db, nowIso: string): Promise<void> {
  await db.deleteFrom('rate_counters').where('expires_at', '<=', nowIso).execute();
}
