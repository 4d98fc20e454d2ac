import { stateOfAction } from '../../db/action-state.ts';
import type { Db } from '../../db/kysely.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { newCode, newId } from '../../lib/crypto.ts';
import type {
  ActionAssignmentTable,
  ActionLocationTable,
  ActionStatusEventTable,
  ActionTable,
  ReportReviewTable,
} from '../../db/schema.ts';

const actionColumns = [
  'a.id',
  'a.ident',
  'a.name',
  'a.since',
  'a.until',
  'a.global_status',
  'e.id as event_id',
  'e.ident as event_ident',
  's.status as user_status',
  's.action_point_id as user_action_point_id',
  's.last_status_at',
] as const;

/** The caller's actions: assigned to her and not cancelled by her. */
function assignedActions(db: Db, userId: string) {
  return db
    .selectFrom('actions as a')
    .innerJoin('action_assignments as s', 's.action_id', 'a.id')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .where('s.user_id', '=', userId)
    .where('s.cancelled_at', 'is', null)
    .select(actionColumns)
    .select(stateOfAction().as('state'));
}

export type ActionRow = Awaited<ReturnType<typeof findAssignedAction>> & {};

// The hot paths (every list, every location ping) run prepared: built and compiled once per shape.
const assignedAction = preparedQuery((db, v: { userId: string; actionId: string }) =>
  assignedActions(db, v.userId).where('a.id', '=', v.actionId),
);

export async function findAssignedAction(db: Db, userId: string, actionId: string) {
  return (await assignedAction(db, { userId, actionId })).rows[0];
}

export type ListFilter =
  | { kind: 'current'; since: string; until?: string; statuses?: ActionTable['global_status'][]; limit: number; offset: number }
  | { kind: 'finished'; since: string; until?: string; limit: number; offset: number };

type ListValues = { userId: string; since: string; until: string | undefined; limit: number; offset: number };

// History use: each with her report's review state (issue 25; no row yet: submitted), so /raporty can
// mark 'Do poprawy' without a call per report.
const finishedActions = preparedQuery((db, v: ListValues) => {
  let q = assignedActions(db, v.userId)
    .leftJoin('report_reviews as rr', (j) => j.onRef('rr.action_id', '=', 's.action_id').onRef('rr.user_id', '=', 's.user_id'))
    .select('rr.state as review_state')
    .where('s.status', '=', 'finished')
    .where('a.since', '>=', v.since);
  if (v.until) q = q.where('a.since', '<=', v.until);
  return q.orderBy('a.since', 'desc').orderBy('a.id').limit(v.limit).offset(v.offset);
});

// Current use (spec §9): what is still ahead of her or running now — an action she has started stays,
// and one cancelled by the organiser stays visible, marked, so that she learns of it.
const currentActions = preparedQuery((db, v: ListValues & { statuses: ActionTable['global_status'][] | undefined }) => {
  let q = assignedActions(db, v.userId)
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '=', 'started')]))
    .where((eb) => eb.or([eb('a.until', '>=', v.since), eb('s.status', '=', 'started')]));
  if (v.until) q = q.where('a.since', '<=', v.until);
  const statuses = v.statuses;
  if (statuses && statuses.length > 0) {
    q = q.where((eb) =>
      eb.or([eb('a.global_status', 'in', statuses), eb('a.global_status', '=', 'hst_cancelled'), eb('s.status', '=', 'started')]),
    );
  }
  return q.orderBy('a.since').orderBy('a.id').limit(v.limit).offset(v.offset);
});

/** A listed action; the history use adds her report's review state (null: no review row yet). */
export type ListedActionRow = ActionRow & { review_state?: ReportReviewTable['state'] | null };

export async function listAssignedActions(db: Db, userId: string, f: ListFilter): Promise<ListedActionRow[]> {
  const values = { userId, since: f.since, until: f.until, limit: f.limit, offset: f.offset };
  const result = f.kind === 'finished' ? await finishedActions(db, values) : await currentActions(db, { ...values, statuses: f.statuses });
  return result.rows;
}

const latestInStatus = preparedQuery((db, v: { userId: string; status: 'started' | 'finished' }) =>
  assignedActions(db, v.userId).where('s.status', '=', v.status).orderBy('s.last_status_at', 'desc').limit(1),
);

export async function findStartedAction(db: Db, userId: string): Promise<ActionRow | undefined> {
  return (await latestInStatus(db, { userId, status: 'started' })).rows[0];
}

export async function findLastFinishedAction(db: Db, userId: string): Promise<ActionRow | undefined> {
  return (await latestInStatus(db, { userId, status: 'finished' })).rows[0];
}

const pointsOfActions = preparedQuery((db, v: { actionIds: string[] }) =>
  db.selectFrom('action_points').selectAll().where('action_id', 'in', v.actionIds).orderBy('action_id').orderBy('position'),
);

export async function pointsOf(db: Db, actionIds: string[]) {
  if (actionIds.length === 0) return [];
  return (await pointsOfActions(db, { actionIds })).rows;
}

export function findPoint(db: Db, pointId: string) {
  return db.selectFrom('action_points').selectAll().where('id', '=', pointId).executeTakeFirst();
}

/**
 * Changes her status only if it still is what the service saw, and only while the organiser's status is
 * none of `refusedGlobal` (two racing requests cannot both win).
 */
export async function updateAssignment(
  db: Db,
  key: {
    actionId: string;
    userId: string;
    expectedStatus: ActionAssignmentTable['status'];
    /** None by default (the seeds, which write what the organiser handed over). */
    refusedGlobal?: readonly ActionTable['global_status'][];
  },
  set: Partial<Pick<ActionAssignmentTable, 'status' | 'action_point_id' | 'last_status_at' | 'cancelled_at'>>,
): Promise<boolean> {
  let q = db.updateTable('action_assignments').set(set).where('action_id', '=', key.actionId).where('user_id', '=', key.userId);
  q = key.expectedStatus === null ? q.where('status', 'is', null) : q.where('status', '=', key.expectedStatus);
  const refused = key.refusedGlobal ?? [];
  if (refused.length > 0) {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('actions as a')
          .select('a.id')
          .whereRef('a.id', '=', 'action_assignments.action_id')
          .where('a.global_status', 'not in', [...refused]),
      ),
    );
  }
  const result = await q.where('cancelled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * When her latest check-in or check-out counts (ISO UTC), of any action. Not a cancel: it counts on
 * arrival, and an earlier start tapped before it arrived must keep its time.
 */
export async function lastStatusEventAt(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('action_status_events')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('kind', 'in', ['check_in', 'check_out'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** Whether her start photos (bereal_start) of the action are stored: the proof a check-in needs. */
export async function hasStartPhotos(db: Db, actionId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('action_files')
    .select('id')
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('ident', '=', 'bereal_start')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A check-in, check-out or cancel; `accuracy` only a check-in carries (migration 036). */
export async function insertStatusEvent(
  db: Db,
  row: Omit<ActionStatusEventTable, 'accuracy'> & { accuracy?: number | null },
): Promise<void> {
  await db
    .insertInto('action_status_events')
    .values({ ...row, accuracy: row.accuracy ?? null })
    .execute();
}

const locationInsert = preparedQuery((db, v: { [K in keyof ActionLocationTable]: ActionLocationTable[K] }) =>
  db.insertInto('action_locations').values(v),
);

export async function insertLocation(db: Db, row: ActionLocationTable): Promise<void> {
  await locationInsert(db, row);
}

export type LastPing = { actionId: string; userId: string; latitude: number; longitude: number; accuracy: number; at: string };

// Her newest ping on her assignment, for the live day (decision 096): kept unless this one was taken earlier.
const lastPingUpdate = preparedQuery((db, v: LastPing) =>
  db
    .updateTable('action_assignments')
    .set({ last_ping_latitude: v.latitude, last_ping_longitude: v.longitude, last_ping_accuracy: v.accuracy, last_ping_at: v.at })
    .where('action_id', '=', v.actionId)
    .where('user_id', '=', v.userId)
    .where((eb) => eb.or([eb('last_ping_at', 'is', null), eb('last_ping_at', '<=', v.at)])),
);

export async function recordLastPing(db: Db, ping: LastPing): Promise<void> {
  await lastPingUpdate(db, ping);
}

export type CheckInCopy = {
  actionId: string;
  userId: string;
  at: string;
  wallTime: string;
  latitude: number | null;
  longitude: number | null;
};

/**
 * Her check-in on her assignment, for the live day (decision 101), written with its status event.
 * Should she have two, the later one stays (as the live day chose while it read the events).
 */
export async function recordCheckIn(db: Db, c: CheckInCopy): Promise<void> {
  await db
    .updateTable('action_assignments')
    .set({ checked_in_at: c.at, checked_in_wall_time: c.wallTime, check_in_latitude: c.latitude, check_in_longitude: c.longitude })
    .where('action_id', '=', c.actionId)
    .where('user_id', '=', c.userId)
    .where((eb) => eb.or([eb('checked_in_at', 'is', null), eb('checked_in_at', '<=', c.at)]))
    .execute();
}

// Events and actions come from the organiser's system (the app has no route that creates one): the
// demo seed and the test builders write them here, the way it hands them over, so they cannot drift
// apart from each other or from what the queries above read.

export type NewActionPoint = { name: string; street: string; postal: string | null; city: string; petra: string | null };

export type NewAction = {
  eventId: string;
  userId: string;
  name: string;
  /** Wall-clock 'YYYY-MM-DD HH:mm:ss' in the app's time zone. */
  since: string;
  until: string;
  global: ActionTable['global_status'];
  points: NewActionPoint[];
  /** Her status; a started one took effect at `since`, a finished one at `until`. */
  userStatus?: 'started' | 'finished' | null;
  /** Her point while started or finished; the first one when not given. */
  userPoint?: number;
  createdAt: string;
};

export async function insertEvent(db: Db, event: { ident: string; name: string }): Promise<string> {
  const id = newId();
  await db
    .insertInto('events')
    .values({ id, ...event })
    .execute();
  return id;
}

/** One action with its points and her assignment. */
export async function insertAction(db: Db, a: NewAction): Promise<{ id: string; pointIds: string[] }> {
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
