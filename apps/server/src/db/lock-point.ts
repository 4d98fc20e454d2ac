import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Serialises the changes of one point of the register (issue 34): an edit, an archive, an import's
 * change read it again after this lock, so each audit entry starts where the one before ended and no
 * change is lost. On PostgreSQL the second transaction waits here for the first to commit; on SQLite
 * every explicit transaction already runs alone (db/sqlite-group-commit.ts, decision 053).
 */
export async function lockPoint(trx: Db, pointId: string): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockPoint needs a transaction');
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('points').select('id').where('id', '=', pointId).forNoKeyUpdate().execute();
}
