import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Serialises what depends on one user's credentials inside a transaction (issue 32): a login that
 * checked her password must not leave a session behind a password change or a deactivation that
 * committed meanwhile, and two codes asked for at once must not both stay open.
 *
 * 'share' (a login): waits for a change of her row in progress, then answers the row as it committed,
 * which the caller compares with what it checked; logins do not wait for each other. 'update' (a new
 * reset code): one writer at a time. A password change needs no call: its UPDATE of her row takes the
 * row's lock itself, and a login's share lock waits for it (or it for the login, whose session its
 * revocation then sees).
 *
 * SQLite: every explicit transaction already runs alone (decision 053), and SQLite has no FOR SHARE;
 * the row is read as committed.
 */
export async function lockUser(trx: Db, userId: string, mode: 'share' | 'update') {
  if (!trx.isTransaction) throw new Error('lockUser needs a transaction');
  const query = trx.selectFrom('users').select(['password_hash', 'deactivated_at']).where('id', '=', userId);
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return query.executeTakeFirst();
  return (mode === 'share' ? query.forShare() : query.forUpdate()).executeTakeFirst();
}
