import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 25, the live day at scale (decision 101): her check-in and whether she sent the end photos,
// kept on her assignment like her newest ping (decision 096, migration 019) and written with the status
// event and the photos' rows, so that /api/admin/live reads a row per promoter without probing
// action_status_events and action_files for each. `checked_in_at` is the event's created_at (her tap
// time, ISO UTC) and `checked_in_wall_time` its wall_time; `end_photos_at` is when her end photos
// (bereal_end) were stored, ISO UTC — a re-send keeps the first time.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const float = dialect === 'postgres' ? 'double precision' : 'real';
  for (const column of ['checked_in_at', 'checked_in_wall_time']) {
    await db.schema.alterTable('action_assignments').addColumn(column, 'text').execute();
  }
  for (const column of ['check_in_latitude', 'check_in_longitude']) {
    await db.schema.alterTable('action_assignments').addColumn(column, float).execute();
  }
  await db.schema.alterTable('action_assignments').addColumn('end_photos_at', 'text').execute();

  // The rows so far, once, by the indexes on (action, promoter) of both tables. Should an assignment
  // have two check-ins, the later one — as the live day chose until now. The end photos' time is that
  // of the oldest kept (a re-send before this migration replaced the rows, and their time with them).
  await sql`update action_assignments
    set (checked_in_at, checked_in_wall_time, check_in_latitude, check_in_longitude) = (
      select c.created_at, c.wall_time, c.latitude, c.longitude from action_status_events c
      where c.action_id = action_assignments.action_id and c.user_id = action_assignments.user_id and c.kind = 'check_in'
      order by c.created_at desc limit 1)
    where exists (select 1 from action_status_events c
      where c.action_id = action_assignments.action_id and c.user_id = action_assignments.user_id and c.kind = 'check_in')`.execute(db);
  await sql`update action_assignments
    set end_photos_at = (select min(f.created_at) from action_files f
      where f.action_id = action_assignments.action_id and f.user_id = action_assignments.user_id and f.ident = 'bereal_end')
    where exists (select 1 from action_files f
      where f.action_id = action_assignments.action_id and f.user_id = action_assignments.user_id and f.ident = 'bereal_end')`.execute(db);
}
