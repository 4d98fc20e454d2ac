import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 11, the consumer registry behind /lead/verify and the codes of /lead/otp (decision 063). Kept
// small: /lead/register (issue 11, later) adds the consumer's category, brand and postal code, the
// consent records, and writes consumer_items for the devices and products it registers.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  // A consumer as the registry knows her: personal data, never returned to the app (issue 11).
  await db.schema
    .createTable('consumers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Lower-case; one consumer per e-mail address.
    .addColumn('email_address', 'text', (c) => c.notNull().unique())
    // The prefix and the number, e.g. '+48600123456'; not unique: a shared family phone happens, and
    // /lead/register answers error_consumer_multiple_found when the e-mail and the number disagree.
    .addColumn('mobile_number', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // 'YYYY-MM-DD'
    .addColumn('birth_date', 'text')
    // Inspiration Club (the loyalty club) membership since; null: not a member.
    .addColumn('inspiration_club_since', 'text')
    // The promoter who registered her; null for consumers the registry had before (the seed, an import).
    .addColumn('created_by_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consumers_mobile_number_idx').on('consumers').column('mobile_number').execute();

  // spec §3 Asset item (a device she owns) and Product interest item (a product she was given): what
  // /lead/verify judges the offers by.
  await db.schema
    .createTable('consumer_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('consumer_id', 'text', (c) => c.notNull().references('consumers.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // 'Glo', 'Vuse', 'Vype', 'Neo', 'Velo', 'Epok'
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('serial_number', 'text')
    .addColumn('sku', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consumer_items_consumer_idx').on('consumer_items').column('consumer_id').execute();

  // The codes of /lead/otp: one set per e-mail and number (a new send replaces it), hashed. The pair is
  // kept only as a hash, so a consumer who never registers leaves no contact data behind.
  await db.schema
    .createTable('lead_otps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_hash', 'text', (c) => c.notNull().unique())
    // The promoter who asked: only she can verify them.
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email_code_hash', 'text', (c) => c.notNull())
    .addColumn('sms_code_hash', 'text', (c) => c.notNull())
    .addColumn('email_wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    // Set at the first registration attempt (spec §5 Send rule), never by a verification.
    .addColumn('consumed_at', 'text')
    .execute();
  await db.schema.createIndex('lead_otps_expires_at_idx').on('lead_otps').column('expires_at').execute();
}
