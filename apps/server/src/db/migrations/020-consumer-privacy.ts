import type { Kysely } from 'kysely';
import { guardAppendOnly } from '../append-only.ts';
import type { Dialect } from '../kysely.ts';

// Issue 26, consumers and consents (decision 097): withdrawals recorded by the privacy officer (a new
// record each, never an edit: append-only like the consent records), data-subject requests with their
// due dates, erasure marks, and a lock so that one server instance at a time runs a scheduled job.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // ISO UTC: her personal fields were erased (art. 17); the row stays, so her consent records and the
  // registration counts keep pointing at something.
  await db.schema.alterTable('consumers').addColumn('erased_at', 'text').execute();
  // ISO UTC: the receipt's image was removed (retention or erasure); the row stays for the counts.
  await db.schema.alterTable('action_receipts').addColumn('image_removed_at', 'text').execute();

  await db.schema
    .createTable('consent_withdrawals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('consumer_id', 'text', (c) => c.notNull().references('consumers.id'))
    // a WEBFORM_CONSENTS field; the decision is always false (withdrawn)
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    // the officer who recorded it (staff id and name as they were)
    .addColumn('staff_id', 'text', (c) => c.notNull())
    .addColumn('staff_name', 'text', (c) => c.notNull())
    // how she asked; the officer's words (no personal data beyond the request itself)
    .addColumn('note', 'text', (c) => c.notNull())
    // the data-subject request it belongs to, if any
    .addColumn('request_id', 'text')
    .execute();
  await db.schema
    .createIndex('consent_withdrawals_consumer_idx')
    .on('consent_withdrawals')
    .columns(['consumer_id', 'recorded_at'])
    .execute();
  await guardAppendOnly(db, dialect, 'consent_withdrawals');

  await db.schema
    .createTable('consumer_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('consumer_id', 'text', (c) => c.notNull().references('consumers.id'))
    // access | portability | erasure | rectification
    .addColumn('kind', 'text', (c) => c.notNull())
    // pending | completed | denied
    .addColumn('state', 'text', (c) => c.notNull())
    // ISO UTC: when she asked; due_at one month later, or the extended date
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('extension_reason', 'text')
    .addColumn('extended_at', 'text')
    .addColumn('extended_by', 'text')
    .addColumn('note', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('completed_by', 'text')
    .addColumn('outcome_note', 'text')
    .execute();
  await db.schema.createIndex('consumer_requests_consumer_idx').on('consumer_requests').columns(['consumer_id', 'received_at']).execute();
  await db.schema.createIndex('consumer_requests_state_due_idx').on('consumer_requests').columns(['state', 'due_at']).execute();

  // One row per scheduled job: whoever holds it (an instance's id) until locked_until (ISO UTC).
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();
}
