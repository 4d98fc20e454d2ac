import { PostgresAdapter } from 'kysely';
import type { Db } from './kysely.ts';

/**
 * Serialises the writes on one action inside a transaction: the office's (update, assign, unassign,
 * cancel, a report's review) and her phone's (check-in, check-out, cancel). Each takes this lock
 * first and reads what it checks after it, so a check and the write that follows cannot interleave with
 * another writer's: on PostgreSQL (read committed) a cancel that read "nobody has started" and a
 * check-in that read "not cancelled" both won, each blind to the other's uncommitted row (issue 32).
 * The second transaction waits here for the first to commit, then sees what it wrote.
 *
 * FOR NO KEY UPDATE, not FOR UPDATE: it excludes the other writers' locks and updates of the action's
 * row, but not the key-share locks that rows referencing the action take as they are inserted (a ping,
 * a photo, a registration), which need not wait for an office's change.
 *
 * SQLite: every explicit transaction already runs alone between BEGIN IMMEDIATE and COMMIT
 * (db/sqlite-group-commit.ts, decision 053), and SQLite has no FOR UPDATE.
 */
export async function lockAction(trx: Db, actionId: string): Promise<void> {
  // Outside a transaction the lock would end with its own statement and guard nothing.
  if (!trx.isTransaction) throw new Error('lockAction needs a transaction');
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('actions').select('id').where('id', '=', actionId).forNoKeyUpdate().execute();
}

/**
 * lockAction for several actions (a plan import that changes them), in the order of their ids so
 * that two writers locking overlapping sets cannot wait for each other. Answers whether anything was
 * locked: on SQLite nothing is, and what the transaction read before still holds.
 */
export async function lockActions(trx: Db, actionIds: readonly string[]): Promise<boolean> {
  if (!trx.isTransaction) throw new Error('lockActions needs a transaction');
  if (actionIds.length === 0 || !(trx.getExecutor().adapter instanceof PostgresAdapter)) return false;
  for (const id of [...new Set(actionIds)].sort()) await lockAction(trx, id);
  return true;
}
