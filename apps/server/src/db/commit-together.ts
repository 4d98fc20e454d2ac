import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Writes of a hot path that belong together (a ping and her last position, decision 096), committed
 * as one. On PostgreSQL: a transaction. On SQLite: lone writes issued in the same turn, which the
 * group commit (db/sqlite-group-commit.ts, decision 053) puts in one batch under one COMMIT — a failed
 * commit fails them all; an explicit transaction there would run alone and wait for the disk by itself,
 * and pings arrive by the thousand when phones flush their outboxes. Each write must be one statement
 * that cannot fail alone (no unique index it could hit): SQLite undoes a failed statement, not its batch.
 */
export async function commitTogether(db: Db, writes: readonly ((q: Db) => Promise<unknown>)[]): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.transaction().execute(async (trx) => {
      for (const write of writes) await write(trx);
    });
    return;
  }
  await Promise.all(writes.map((write) => write(db)));
}
