import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Rate-limit and failed-guess counters, shared by every instance and kept across restarts
// (docs/decisions/013-limits-in-the-database.md). One row per key and window.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_expires_at').on('rate_counters').column('expires_at').execute();
}
