import { newCode, newId } from '../lib/crypto.ts';
import type { Db } from '../db/kysely.ts';
import type { ActionTable } from '../db/schema.ts';

// Writes actions the way the organiser's system would hand them over (the app has no route that
// creates one): the demo seed and the test builders both go through here, so they cannot drift apart.

export type PointSeed = { name: string; street: string; postal: string | null; city: string; petra: string | null };

export type ActionSeed = {
  eventId: string;
  userId: string;
  name: string;
  /** Wall-clock 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  since: string;
  until: string;
  global: ActionTable['global_status'];
  points: PointSeed[];
  /** Her status; a started one took effect at `since`, a finished one at `until`. */
  userStatus?: 'started' | 'finished' | null;
  /** Her point while started or finished; the first one when not given. */
  userPoint?: number;
  createdAt: string;
};

export type WrittenAction = { id: string; pointIds: string[] };

export async function insertEvent(db: Db, event: { ident: string; name: string }): Promise<string> {
  const id = newId();
  await db
    .insertInto('events')
    .values({ id, ...event })
    .execute();
  return id;
}

/** One action with its points and her assignment. */
export async function insertAction(db: Db, a: ActionSeed): Promise<WrittenAction> {
  const id = newId();
  await db
    .insertInto('actions')
    .values({
      id,
      ident: `AK-${newCode(6)}`,
      name: a.name,
      event_id: a.eventId,
      since: a.since,
      until: a.until,
      global_status: a.global,
      created_at: a.createdAt,
    })
    .execute();
  const pointIds = a.points.map(() => newId());
  if (a.points.length > 0) {
    await db
      .insertInto('action_points')
      .values(
        a.points.map((p, position) => ({
          id: pointIds[position]!,
          action_id: id,
          position,
          name: p.name,
          street_address: p.street,
          postal_code: p.postal,
          city_name: p.city,
          petra_id: p.petra,
        })),
      )
      .execute();
  }
  const status = a.userStatus ?? null;
  await db
    .insertInto('action_assignments')
    .values({
      action_id: id,
      user_id: a.userId,
      status,
      action_point_id: status ? (pointIds[a.userPoint ?? 0] ?? null) : null,
      last_status_at: status === 'started' ? a.since : status === 'finished' ? a.until : null,
      cancelled_at: null,
    })
    .execute();
  return { id, pointIds };
}
