import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 8, the indexes of the hot paths at scale (npm run bench -- --scale --explain).
//
// Her assignments by status. The current list asks for those not started or started, the
// recent call for the latest started and the latest finished (by last_status_at): with the status in
// the index, a promoter's years of finished actions are never read for either, and the latest one is
// the index's last entry, without a sort. It covers the user_id index it replaces.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('action_assignments_user_status_idx')
    .on('action_assignments')
    .columns(['user_id', 'status', 'last_status_at'])
    .execute();
  await db.schema.dropIndex('action_assignments_user_idx').execute();
  // The hourly sweep of Idempotency-Key records older than 30 days (some 27 a promoter a day) read
  // the whole table.
  await db.schema.createIndex('idempotency_keys_created_at_idx').on('idempotency_keys').column('created_at').execute();
}
