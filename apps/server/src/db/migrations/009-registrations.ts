import { sql, type Kysely } from 'kysely';
import { refuseUpdateAndDelete } from '../append-only.ts';
import type { Dialect } from '../kysely.ts';

// Issue 11, /lead/register and /device/burn (decision 067): what a registration writes beyond the
// leads and consumers of migrations 007 and 008: the consent records (append-only), the Glo device
// registry, the loyalty club's member list, and the columns the registration fills.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const float = dialect === 'postgres' ? 'double precision' : 'real';

  // The registration: who it registered, its beacon (meta.bc), whether it was made on the exp1707 test
  // action (left out of the stats), the position the phone gave and the form's trace (no personal data).
  await db.schema
    .alterTable('leads')
    .addColumn('consumer_id', 'text', (c) => c.references('consumers.id'))
    .execute();
  await db.schema.alterTable('leads').addColumn('bc', 'text').execute();
  await db.schema
    .alterTable('leads')
    .addColumn('is_test', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('leads').addColumn('latitude', float).execute();
  await db.schema.alterTable('leads').addColumn('longitude', float).execute();
  await db.schema.alterTable('leads').addColumn('trace', 'text').execute();
  await db.schema.createIndex('leads_bc_unique').on('leads').column('bc').unique().execute();
  await db.schema.createIndex('leads_consumer_idx').on('leads').column('consumer_id').execute();
  // /device/burn finds her registration of a serial number.
  await db.schema.createIndex('lead_items_serial_idx').on('lead_items').column('serial_number').execute();

  // The consumer form's fields the registry keeps (personal data, never returned to the app).
  await db.schema.alterTable('consumers').addColumn('postal_code', 'text').execute();
  await db.schema.alterTable('consumers').addColumn('category', 'text').execute();
  await db.schema.alterTable('consumers').addColumn('secondary_brand', 'text').execute();
  await db.schema.alterTable('consumers').addColumn('updated_at', 'text').execute();

  // A device belongs to one consumer: the same serial twice is refused by the database, whatever raced.
  await db.schema
    .createIndex('consumer_items_serial_unique')
    .on('consumer_items')
    .column('serial_number')
    .unique()
    .where(sql.ref('serial_number'), 'is not', null)
    .execute();
  // One sample of a product (a SKU) per consumer: the same flavour again is refused.
  await db.schema
    .createIndex('consumer_items_product_unique')
    .on('consumer_items')
    .columns(['consumer_id', 'sku'])
    .unique()
    .where(sql.ref('kind'), '=', 'product_interest')
    .execute();

  // The Glo device registry: serial numbers the brand has made (upper-case), unregistered until a
  // registration names one; /device/burn marks a registered one as used.
  await db.schema
    .createTable('glo_devices')
    .addColumn('serial_number', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('registered_at', 'text')
    .addColumn('consumer_id', 'text', (c) => c.references('consumers.id'))
    .addColumn('burnt_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The loyalty club's own member list (Inspiration Club). Not unique by e-mail: the club's older lists
  // were imported with duplicates, and an e-mail listed twice cannot be enrolled by a promoter
  // (error_ic_consumer_multiple_found). left_at: she left the club, and rejoins only by herself.
  await db.schema
    .createTable('inspiration_club_members')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email_address', 'text', (c) => c.notNull())
    .addColumn('consumer_id', 'text', (c) => c.references('consumers.id'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text')
    .execute();
  await db.schema.createIndex('inspiration_club_members_email_idx').on('inspiration_club_members').column('email_address').execute();

  // GDPR art. 7(1): per registration and consent, the decision and the exact text shown (its version
  // and SHA-256), when, by which promoter, in which action and point, through which channel.
  // References without cascades: deleting a consumer, user or action never takes its proofs along.
  await db.schema
    .createTable('consent_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('consumer_id', 'text', (c) => c.notNull().references('consumers.id'))
    .addColumn('lead_id', 'text', (c) => c.references('leads.id'))
    .addColumn('field', 'text', (c) => c.notNull())
    // 1 given, 0 not given
    .addColumn('decision', 'integer', (c) => c.notNull())
    // null only for a consent not given whose text the form did not show
    .addColumn('text_version', 'text')
    .addColumn('text_hash', 'text')
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action_id', 'text', (c) => c.references('actions.id'))
    .addColumn('action_point_id', 'text', (c) => c.references('action_points.id'))
    // 'webform'; member-get-member will add 'mgm'
    .addColumn('channel', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consent_records_consumer_idx').on('consent_records').columns(['consumer_id', 'field']).execute();
  // TRUNCATE too since migration 012 (decision 077).
  await refuseUpdateAndDelete(db, dialect, 'consent_records');
}
