import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 33 item 10 (decision 117): 'Sprawdzone' on the live day's exceptions is the server's, shared by
// the coordinators of a territory — one row per exception checked, with who and when (the audit log
// keeps each check and its undoing). An exception is its kind, action, promoter and since (a new
// episode has a new since, so it comes back to the queue).
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('live_exception_checks')
    // the contract's LIVE_EXCEPTION_KINDS
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // ISO UTC, as the live day answers it
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('checked_by', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('checked_at', 'text', (c) => c.notNull())
    // Two coordinators ticking one exception at once: one row, the second insert does nothing.
    .addPrimaryKeyConstraint('live_exception_checks_pk', ['action_id', 'user_id', 'kind', 'since'])
    .execute();
}
