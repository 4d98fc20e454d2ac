import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 10, reports (decision 060): consumers registered by a promoter (the webform's /lead/register of
// issue 11 writes them and extends these tables), their devices and products, and receipt photos.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('leads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The hostess who registered the consumer (spec §3 hostessCode = her ident).
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Her action the registration was made in; null when made without one.
    .addColumn('action_id', 'text', (c) => c.references('actions.id').onDelete('cascade'))
    .addColumn('action_point_id', 'text', (c) => c.references('action_points.id'))
    .addColumn('hostess_code', 'text', (c) => c.notNull())
    .addColumn('email_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // Wall clock in APP_TIMEZONE: the month a registration counts in is the month her clock showed.
    .addColumn('wall_time', 'text', (c) => c.notNull())
    .execute();
  // The stats: her registrations in a month (a range of wall_time) and in one of her actions.
  await db.schema.createIndex('leads_user_wall_time_idx').on('leads').columns(['user_id', 'wall_time']).execute();
  await db.schema.createIndex('leads_action_idx').on('leads').columns(['action_id', 'user_id']).execute();

  // spec §3 Asset item (Glo, Vuse devices) and Product interest item (Velo), one row each.
  await db.schema
    .createTable('lead_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('lead_id', 'text', (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('brand', 'text', (c) => c.notNull())
    // Asset: the device model ('Hyper Pro', 'nano', 'Vuse Go'); product interest: its name (the flavour).
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('colour', 'text')
    .addColumn('serial_number', 'text')
    .addColumn('asset_source', 'text')
    .addColumn('sku', 'text')
    .addUniqueConstraint('lead_items_unique', ['lead_id', 'position'])
    .execute();

  await db.schema
    .createTable('action_receipts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lead_id', 'text', (c) => c.references('leads.id').onDelete('set null'))
    .addColumn('device_serial', 'text')
    .addColumn('device_beacon', 'text')
    .addColumn('blob_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Her receipts of an action, in the order they were made (the list's pages).
  await db.schema.createIndex('action_receipts_action_idx').on('action_receipts').columns(['action_id', 'user_id', 'created_at']).execute();
}
