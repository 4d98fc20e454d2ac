import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../db/kysely.ts';
import { newId } from '../lib/crypto.ts';

// The live day's demo data (issue 25, decision 091), called from the demo seed after its actions: the
// demo points' coordinates, and for each running action the last hour of her phone's pings at its
// point, her check-in there, and what her phone last reported — Anna's outbox empty, Piotr's with two
// items waiting for 25 minutes (a 'data on the phone' exception on the map's list).

/** Where the demo points are (by their Petra id), WGS84. */
const DEMO_COORDINATES: Record<string, { latitude: number; longitude: number }> = {
  'P-10231': { latitude: 52.23186, longitude: 21.01057 },
  'P-10877': { latitude: 52.25655, longitude: 20.98438 },
  'P-10878': { latitude: 52.25631, longitude: 20.98415 },
  'P-11402': { latitude: 52.19049, longitude: 21.02352 },
  'P-12003': { latitude: 52.22877, longitude: 21.00301 },
  'P-10555': { latitude: 52.23353, longitude: 21.01826 },
  'P-20411': { latitude: 50.06754, longitude: 19.94502 },
};

const PING_EVERY_MS = 5 * 60_000;
const PINGS = 12;
/** Metres to degrees of latitude, near enough for a demo's scatter. */
const DEGREE_METERS = 111_320;

/** A small, repeatable scatter around the point: the i-th ping `meters` off in a turning direction. */
const around = (p: { latitude: number; longitude: number }, i: number, meters: number) => ({
  latitude: p.latitude + (Math.sin(i * 1.7) * meters) / DEGREE_METERS,
  longitude: p.longitude + (Math.cos(i * 1.7) * meters) / (DEGREE_METERS * Math.cos((p.latitude * Math.PI) / 180)),
});

export async function seedLiveDay(trx: Db, o: { now: Date; timezone: string; outboxWaiting: Record<string, number> }): Promise<void> {
  for (const [petra, at] of Object.entries(DEMO_COORDINATES)) {
    await trx.updateTable('action_points').set(at).where('petra_id', '=', petra).execute();
  }
  const running = await trx
    .selectFrom('action_assignments as s')
    .innerJoin('action_points as p', 'p.id', 's.action_point_id')
    .select(['s.action_id', 's.user_id', 'p.latitude', 'p.longitude'])
    .where('s.status', '=', 'started')
    .execute();
  const now = o.now.getTime();
  for (const r of running) {
    if (r.latitude === null || r.longitude === null) continue;
    const point = { latitude: r.latitude, longitude: r.longitude };
    const checkInPosition = around(point, 0, 25);
    await trx
      .updateTable('action_status_events')
      .set(checkInPosition)
      .where('action_id', '=', r.action_id)
      .where('user_id', '=', r.user_id)
      .where('kind', '=', 'check_in')
      .execute();
    // Its copy on her assignment (decision 101) moves with it.
    await trx
      .updateTable('action_assignments')
      .set({ check_in_latitude: checkInPosition.latitude, check_in_longitude: checkInPosition.longitude })
      .where('action_id', '=', r.action_id)
      .where('user_id', '=', r.user_id)
      .where('checked_in_at', 'is not', null)
      .execute();
    const pings = Array.from({ length: PINGS }, (_, n) => {
      const received = new Date(now - 2 * 60_000 - (PINGS - 1 - n) * PING_EVERY_MS);
      return {
        id: newId(),
        action_id: r.action_id,
        user_id: r.user_id,
        ...around(point, n + 1, 15 + ((n * 7) % 40)),
        accuracy: 8 + ((n * 5) % 18),
        captured_at: new Date(received.getTime() - 2_000).toISOString(),
        created_at: received.toISOString(),
        wall_time: toWallClock(received, o.timezone),
      };
    });
    await trx.insertInto('action_locations').values(pings).execute();
    // Her newest ping on her assignment, as /action/location/save keeps it (decision 096).
    const newest = pings[pings.length - 1]!;
    await trx
      .updateTable('action_assignments')
      .set({
        last_ping_latitude: newest.latitude,
        last_ping_longitude: newest.longitude,
        last_ping_accuracy: newest.accuracy,
        last_ping_at: newest.captured_at,
      })
      .where('action_id', '=', r.action_id)
      .where('user_id', '=', r.user_id)
      .execute();
  }
  const promoters = await trx.selectFrom('users').select(['id', 'username']).execute();
  for (const p of promoters) {
    const waiting = o.outboxWaiting[p.username] ?? 0;
    await trx
      .insertInto('promoter_phones')
      .values({
        user_id: p.id,
        outbox_count: waiting,
        outbox_oldest_at: waiting > 0 ? new Date(now - 25 * 60_000).toISOString() : null,
        last_seen_at: new Date(now - (waiting > 0 ? 3 : 1) * 60_000).toISOString(),
        outbox_reported_at: new Date(now - (waiting > 0 ? 3 : 1) * 60_000).toISOString(),
      })
      .execute();
  }
}
