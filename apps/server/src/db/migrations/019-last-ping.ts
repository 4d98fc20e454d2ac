import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 25, the live day at scale (decision 096): each promoter's newest ping of an action, kept on her
// assignment and written with the ping (/action/location/save), so that /api/admin/live reads a row per
// promoter instead of searching a million pings. `last_ping_at` is when her phone took it — its capture
// time, never later than its arrival — as ISO UTC; a ping taken earlier than the one kept (a late one
// from her outbox) leaves it.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const float = dialect === 'postgres' ? 'double precision' : 'real';
  for (const column of ['last_ping_latitude', 'last_ping_longitude', 'last_ping_accuracy']) {
    await db.schema.alterTable('action_assignments').addColumn(column, float).execute();
  }
  await db.schema.alterTable('action_assignments').addColumn('last_ping_at', 'text').execute();

  // The pings so far: each assignment's last arrival (what the live day showed until now), its time
  // taken as the service computes it. Once, by the index on (action, promoter, arrival).
  const { rows } = await sql<{
    action_id: string;
    user_id: string;
    latitude: number;
    longitude: number;
    accuracy: number;
    captured_at: string | null;
    created_at: string;
  }>`select l.action_id, l.user_id, l.latitude, l.longitude, l.accuracy, l.captured_at, l.created_at
     from action_assignments s
     join action_locations l on l.id = (
       select x.id from action_locations x where x.action_id = s.action_id and x.user_id = s.user_id
       order by x.created_at desc limit 1)`.execute(db);
  for (const r of rows) {
    await sql`update action_assignments set last_ping_latitude = ${r.latitude}, last_ping_longitude = ${r.longitude},
        last_ping_accuracy = ${r.accuracy}, last_ping_at = ${pingTakenAt(r.captured_at, r.created_at)}
      where action_id = ${r.action_id} and user_id = ${r.user_id}`.execute(db);
  }
}

/** The service's rule (actions.service.ts), frozen here as the migration ran it. */
function pingTakenAt(capturedAt: string | null, createdAt: string): string {
  const arrived = Date.parse(createdAt);
  const captured = capturedAt === null ? NaN : Date.parse(capturedAt);
  return new Date(Number.isNaN(captured) ? arrived : Math.min(captured, arrived)).toISOString();
}
