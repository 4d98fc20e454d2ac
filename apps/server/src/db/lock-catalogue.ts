import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Serialises the changes of one event or territory (issue 34, decision 123): an edit reads the row
 * again after this lock, so each audit entry's "from" is what the one before left. On PostgreSQL the
 * second transaction waits here for the first to commit; on SQLite every explicit transaction already
 * runs alone (db/sqlite-group-commit.ts, decision 053).
 */
export async function lockCatalogueRow(trx: Db, table: 'events' | 'territories', id: string): Promise<void> {
  if (!trx.isTransaction) throw new Error('lockCatalogueRow needs a transaction');
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forNoKeyUpdate().execute();
}
