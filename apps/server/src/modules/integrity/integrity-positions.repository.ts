import type { Db } from '../../db/kysely.ts';
import { actionsAtPoints, type ActionPointRef } from './integrity-points.repository.ts';

// Issue 38 (decision 138): what the position signals read of her action day — her check-in and
// check-out (tap times, decision 072) and her pings (the phone's capture time) — and its point.

export type StepRow = {
  id: string;
  kind: 'check_in' | 'check_out';
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  created_at: string;
  received_at: string | null;
  action_point_id: string | null;
};

export function stepsOf(db: Db, actionId: string, userId: string): Promise<StepRow[]> {
  return db
    .selectFrom('action_status_events')
    .select(['id', 'kind', 'latitude', 'longitude', 'accuracy', 'created_at', 'received_at', 'action_point_id'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('kind', 'in', ['check_in', 'check_out'])
    .execute() as Promise<StepRow[]>;
}

export function pingsOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_locations')
    .select(['id', 'latitude', 'longitude', 'accuracy', 'captured_at', 'created_at'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .execute();
}

export function actionHoursOf(db: Db, actionId: string) {
  return db.selectFrom('actions').select(['since', 'until']).where('id', '=', actionId).executeTakeFirst();
}

export function pointOf(db: Db, pointId: string) {
  return db.selectFrom('action_points').select(['name', 'latitude', 'longitude']).where('id', '=', pointId).executeTakeFirst();
}

/**
 * Pings of other actions at these points since `since` (ISO UTC) at one of these latitudes (the same
 * doubles as hers: a track played back sends the recorded numbers), with their action's name and day.
 */
export function pingsAtLatitudes(db: Db, actionId: string, points: readonly ActionPointRef[], since: string, latitudes: readonly number[]) {
  return db
    .selectFrom('action_locations as l')
    .innerJoin('actions as a', 'a.id', 'l.action_id')
    .select(['l.action_id', 'l.latitude', 'l.longitude', 'a.name', 'a.since'])
    .where('l.action_id', 'in', actionsAtPoints(db, points))
    .where('l.action_id', '<>', actionId)
    .where('l.created_at', '>=', since)
    .where('l.latitude', 'in', latitudes)
    .execute();
}
