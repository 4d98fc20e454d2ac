import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 20 (decision 072): a check-in, check-out or poll answer sent late from the phone's outbox is
// recorded at the time she tapped (created_at, wall_time), and the server's receipt time is kept
// beside it. Rows written before have no separate tap time: they were recorded when they arrived.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of ['action_status_events', 'poll_answers']) {
    await db.schema.alterTable(table).addColumn('received_at', 'text').execute();
    await sql`update ${sql.table(table)} set received_at = created_at`.execute(db);
  }
  // A check-in or check-out counts no earlier than her step before it, of any action: her latest one.
  await db.schema.createIndex('action_status_events_user_time_idx').on('action_status_events').columns(['user_id', 'created_at']).execute();
}
