import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// One started action per promoter, enforced by the database: two check-ins racing on different
// actions cannot both win (a check in the service alone could not see the other transaction).
// Pings keep the time the phone took them, not only the time they arrived.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createIndex('action_assignments_one_started')
    .on('action_assignments')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), '=', 'started')
    .execute();
  await db.schema.alterTable('action_locations').addColumn('captured_at', 'text').execute();
}
