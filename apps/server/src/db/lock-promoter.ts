import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Serialises one promoter's writes inside a transaction: a check and the write that follows must not
 * interleave with another request of hers (two phones, a retry without its key). On PostgreSQL the
 * second transaction waits here for the first to commit and then sees what it wrote. On SQLite every
 * explicit transaction already runs alone between BEGIN IMMEDIATE and COMMIT (db/sqlite-group-commit.ts,
 * decision 053), and SQLite has no FOR UPDATE.
 */
export async function lockPromoter(trx: Db, userId: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}
