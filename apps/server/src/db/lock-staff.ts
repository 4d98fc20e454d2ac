import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * lock-user.ts for a staff member (issue 34): her login compares, under 'share', the row as committed
 * with what it checked, so a password set or an account deactivated meanwhile leaves no session; her
 * account's changes (roles, a link, a new password) take 'update' and run one after another.
 * SQLite: every explicit transaction already runs alone (decision 053); the row is read as committed.
 */
export async function lockStaff(trx: Db, staffId: string, mode: 'share' | 'update') {
  if (!trx.isTransaction) throw new Error('lockStaff needs a transaction');
  const query = trx.selectFrom('staff').selectAll().where('id', '=', staffId);
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return query.executeTakeFirst();
  return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
}
