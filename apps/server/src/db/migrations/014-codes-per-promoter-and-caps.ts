import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issues 20 and 21 (decision 080): the codes of /lead/otp are per promoter and contact, and the caps a
// real day never meets are counters taken atomically with the write they limit.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await codesPerPromoter(db);
  // Receipts per lead and per action: `update … set n = n + 1 where n < cap` in the receipt's transaction
  // (a row lock on PostgreSQL, one writer on SQLite), so parallel uploads cannot pass the cap.
  await db.schema
    .alterTable('leads')
    .addColumn('receipt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('actions')
    .addColumn('receipt_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Her registrations on an exp1707 test action (counted only there).
  await db.schema
    .alterTable('action_assignments')
    .addColumn('test_lead_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update leads set receipt_count = (select count(*) from action_receipts r where r.lead_id = leads.id)`.execute(db);
  await sql`update actions set receipt_count = (select count(*) from action_receipts r where r.action_id = actions.id)`.execute(db);
  await sql`update action_assignments set test_lead_count = (select count(*) from leads l
    where l.action_id = action_assignments.action_id and l.user_id = action_assignments.user_id and l.is_test = 1)`.execute(db);
}

/**
 * lead_otps was unique by the contact (migration 008): another promoter's send replaced her codes. Now
 * one row per promoter and contact. SQLite cannot drop a column's unique constraint, so the table is
 * made again (portable) and its pending codes copied over.
 */
async function codesPerPromoter(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('lead_otps_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_hash', 'text', (c) => c.notNull())
    // The promoter who asked: only she can verify them, and only her own next send replaces them.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_code_hash', 'text', (c) => c.notNull())
    .addColumn('sms_code_hash', 'text', (c) => c.notNull())
    .addColumn('email_wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addUniqueConstraint('lead_otps_recipient_user_unique', ['recipient_hash', 'user_id'])
    .execute();
  await sql`insert into lead_otps_next select id, recipient_hash, user_id, email_code_hash, sms_code_hash,
    email_wrong_tries, sms_wrong_tries, created_at, expires_at, consumed_at from lead_otps`.execute(db);
  await db.schema.dropTable('lead_otps').execute();
  await db.schema.alterTable('lead_otps_next').renameTo('lead_otps').execute();
  await db.schema.createIndex('lead_otps_expires_at_idx').on('lead_otps').column('expires_at').execute();
}
