import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 26, retention (decision 099): the job deletes pings and removes receipts' images older than a
// cut-off, a thousand at a time. Without these indexes each batch would read every ping (millions) or
// every receipt to find the oldest.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('action_locations_created_at_idx').on('action_locations').column('created_at').execute();
  await db.schema.createIndex('action_receipts_created_at_idx').on('action_receipts').column('created_at').execute();
}
