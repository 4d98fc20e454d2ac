import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Serialises transactions that work on the same named things (the territories a plan file names,
 * decision 106): the second waits here until the first commits or rolls back, then reads what it
 * wrote. On PostgreSQL a transaction-scoped advisory lock per name (`scope` and the name hashed into
 * its two keys), taken in sorted order so that two callers naming overlapping sets cannot deadlock;
 * it locks no row, so no other writer waits for it. On SQLite every explicit transaction already runs
 * alone (db/sqlite-group-commit.ts, decision 053), and SQLite has no such locks.
 */
export async function lockNames(trx: Db, scope: string, names: readonly string[]): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const name of [...new Set(names)].sort()) {
    await sql`select pg_advisory_xact_lock(hashtext(${scope}), hashtext(${name}))`.execute(trx);
  }
}
