import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 25, what is still on the phones (decision 091): the X-Outbox header of her phone's last call
// (items waiting and the oldest one's time) and when her phone was last seen. One row per promoter,
// written at most once a minute unless the count changes.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('promoter_phones')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('outbox_count', 'integer', (c) => c.notNull().defaultTo(0))
    // ISO UTC, null when nothing waits
    .addColumn('outbox_oldest_at', 'text')
    // ISO UTC: her phone's last call, and when it last reported its outbox
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('outbox_reported_at', 'text')
    .execute();
  // The live map's last position of each running promoter: the index's last entry, without a sort. It
  // covers the (action_id, user_id) index it replaces.
  await db.schema
    .createIndex('action_locations_action_user_at_idx')
    .on('action_locations')
    .columns(['action_id', 'user_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('action_locations_action_idx').execute();
}
