import { toWallClock } from '@promotor/contract/wall-clock';
import type { AdminLiveResponse } from '@promotor/contract';
import { buildAction, type BuiltAction, type BuiltPromoter, type ActionOptions } from './builders.ts';
import { checkIn, checkOut } from './action-steps.ts';
import { buildJpeg, uploadPhotos } from './files.ts';
import { post, type TestApp } from './test-app.ts';

// The live day's test data (issue 25): actions planned in a territory with points that have
// coordinates, and her phone's steps with positions.

export type Position = { latitude: number; longitude: number };

/** The Palace of Culture, Warsaw. */
export const PKIN: Position = { latitude: 52.231838, longitude: 21.005995 };

const EARTH_RADIUS_METERS = 6_371_008.8;
/** A position `meters` due north of `from` (along the meridian: exact to the millimetre). */
export const north = (from: Position, meters: number): Position => ({
  latitude: from.latitude + (meters / EARTH_RADIUS_METERS) * (180 / Math.PI),
  longitude: from.longitude,
});

/** The test clock's wall time moved by `ms` (whole seconds: wall times have no milliseconds). */
export const wallAt = (t: TestApp, ms: number) => toWallClock(new Date(t.clock.now().getTime() + ms), t.config.timezone);

/**
 * The clock moved on to the next `hour`:00 of the app's wall time, for a test whose actions must fall
 * on one day: one planned from an hour ahead, read late in the evening (or after other tests of the
 * file moved the shared clock on), would begin tomorrow, and her start is refused.
 */
export function atWallHour(t: TestApp, hour: number): void {
  const wall = toWallClock(t.clock.now(), t.config.timezone); // 'YYYY-MM-DD HH:MM:SS'
  const [h, m, s] = wall.slice(11, 19).split(':').map(Number) as [number, number, number];
  const secondsOfDay = h * 3600 + m * 60 + s;
  const ms = t.clock.now().getTime() % 1000;
  t.clock.advance(((((hour * 3600 - secondsOfDay) % 86_400) + 86_400) % 86_400) * 1000 - ms);
}

/** The clock moved on to the next whole second, so that wall times and instants meet exactly. */
export function onWholeSecond(t: TestApp): void {
  const ms = t.clock.now().getTime() % 1000;
  if (ms !== 0) t.clock.advance(1000 - ms);
}

export type LiveActionOptions = ActionOptions & {
  territory: string;
  /** The points' coordinates, in order (null: a point without them); one at PKIN by default. */
  at?: (Position | null)[];
};

/**
 * An action of `territory` assigned to her, its points at `at`; by default running from an hour ago for
 * twelve hours, so it is today's however the clock moves in a test.
 */
export async function buildLiveAction(t: TestApp, promoter: { userId: string }, o: LiveActionOptions): Promise<BuiltAction> {
  const at = o.at ?? [PKIN];
  const action = await buildAction(t, promoter, {
    since: wallAt(t, -3_600_000),
    until: wallAt(t, 12 * 3_600_000),
    points: at.length,
    ...o,
  });
  const territory = await t.db.selectFrom('territories').select('id').where('ident', '=', o.territory).executeTakeFirstOrThrow();
  await t.db.updateTable('actions').set({ territory_id: territory.id }).where('id', '=', action.uuid).execute();
  for (const [i, position] of at.entries()) {
    if (position) await t.db.updateTable('action_points').set(position).where('id', '=', action.points[i]!).execute();
  }
  return action;
}

/** Her start through the phone's calls (start photos, check-in) at this position. */
export async function startAt(t: TestApp, token: string, action: BuiltAction, position: Position | null) {
  const res = await checkIn(t.app, token, action, { location: position ?? { latitude: null, longitude: null } });
  if (res.statusCode !== 200) throw new Error(`check-in: ${res.body}`);
}

/** A location ping taken now. */
export async function ping(t: TestApp, token: string, action: BuiltAction, position: Position, accuracy = 12) {
  const location = { ...position, accuracy, capturedAt: t.clock.now().toISOString() };
  const res = await post(t.app, '/action/location/save', { action: { uuid: action.uuid }, location }, token);
  if (res.statusCode !== 200) throw new Error(`ping: ${res.body}`);
}

/** Her end, with the end photos or without them. */
export async function finish(t: TestApp, token: string, action: BuiltAction, o: { endPhotos: boolean }) {
  if (o.endPhotos) await uploadPhotos(t.app, token, { action: { uuid: action.uuid }, ident: 'bereal_end' }, [buildJpeg(), buildJpeg()]);
  const res = await checkOut(t.app, token, action);
  if (res.statusCode !== 200) throw new Error(`check-out: ${res.body}`);
}

/** /api/admin/live as this staff member; the answer's data. */
export async function live(t: TestApp, token: string, body: object = {}): Promise<AdminLiveResponse> {
  const res = await post(t.app, '/admin/live', body, token);
  if (res.statusCode !== 200) throw new Error(`live: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

export type LivePromoterRef = Pick<BuiltPromoter, 'userId'>;
