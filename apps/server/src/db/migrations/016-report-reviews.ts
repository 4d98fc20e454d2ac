import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 25, report review (decision 090): one report per action and promoter. A report without a row
// here is `submitted` once she has finished (her assignment's status); the first review, or her
// resubmission, writes the row. Every decision and resubmission is also a line of report_review_events
// (the report's history for the back office; the audit log keeps who did it).
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('report_reviews')
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // submitted | changes_requested | resubmitted | approved (the contract's REPORT_REVIEW_STATES)
    .addColumn('state', 'text', (c) => c.notNull())
    // the last request for changes: its reason (REVIEW_REASONS) and note; null once approved
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    // ISO UTC: when she finished or last resubmitted
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('reviewed_at', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_reviews_pk', ['action_id', 'user_id'])
    .execute();
  await db.schema.createIndex('report_reviews_state_idx').on('report_reviews').columns(['state', 'action_id']).execute();
  await db.schema
    .createTable('report_review_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // approved | changes_requested | resubmitted
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('note', 'text')
    // the reviewer (staff id) or null for her resubmission
    .addColumn('staff_id', 'text')
    .addColumn('staff_name', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('report_review_events_report_idx')
    .on('report_review_events')
    .columns(['action_id', 'user_id', 'at'])
    .execute();
  // A photo a reviewer flagged (the gallery shows it; the list counts them).
  await db.schema.alterTable('action_files').addColumn('flagged_at', 'text').execute();
  await db.schema.alterTable('action_files').addColumn('flagged_by', 'text').execute();
}
