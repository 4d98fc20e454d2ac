import type { Db } from '../../db/kysely.ts';
import type { ActionAssignmentTable, ActionLocationTable, ActionStatusEventTable, ActionTable } from '../../db/schema.ts';

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
    .select(actionColumns);
}

export type ActionRow = Awaited<ReturnType<typeof findAssignedAction>> & {};

export function findAssignedAction(db: Db, userId: string, actionId: string) {
  return assignedActions(db, userId).where('a.id', '=', actionId).executeTakeFirst();
}

export type ListFilter =
  | { kind: 'current'; since: string; until?: string; statuses?: ActionTable['global_status'][]; limit: number; offset: number }
  | { kind: 'finished'; since: string; until?: string; limit: number; offset: number };

export function listAssignedActions(db: Db, userId: string, f: ListFilter) {
  let q = assignedActions(db, userId);
  if (f.kind === 'finished') {
    q = q.where('s.status', '=', 'finished').where('a.since', '>=', f.since);
    if (f.until) q = q.where('a.since', '<=', f.until);
    return q.orderBy('a.since', 'desc').orderBy('a.id').limit(f.limit).offset(f.offset).execute();
  }
  // Current use (spec §9): what is still ahead of her or running now — an action she has started stays,
  // and one cancelled by the organiser stays visible, marked, so that she learns of it.
  q = q
    .where((eb) => eb.or([eb('s.status', 'is', null), eb('s.status', '=', 'started')]))
    .where((eb) => eb.or([eb('a.until', '>=', f.since), eb('s.status', '=', 'started')]));
  if (f.until) q = q.where('a.since', '<=', f.until);
  const statuses = f.statuses;
  if (statuses && statuses.length > 0) {
    q = q.where((eb) =>
      eb.or([eb('a.global_status', 'in', statuses), eb('a.global_status', '=', 'hst_cancelled'), eb('s.status', '=', 'started')]),
    );
  }
  return q.orderBy('a.since').orderBy('a.id').limit(f.limit).offset(f.offset).execute();
}

export function findStartedAction(db: Db, userId: string) {
  return assignedActions(db, userId).where('s.status', '=', 'started').orderBy('s.last_status_at', 'desc').executeTakeFirst();
}

export function findLastFinishedAction(db: Db, userId: string) {
  return assignedActions(db, userId).where('s.status', '=', 'finished').orderBy('s.last_status_at', 'desc').executeTakeFirst();
}

export function pointsOf(db: Db, actionIds: string[]) {
  if (actionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('action_points').selectAll().where('action_id', 'in', actionIds).orderBy('action_id').orderBy('position').execute();
}

export function findPoint(db: Db, pointId: string) {
  return db.selectFrom('action_points').selectAll().where('id', '=', pointId).executeTakeFirst();
}

/** Changes her status only if it still is what the service saw (two racing requests cannot both win). */
export async function updateAssignment(
  db: Db,
  key: { actionId: string; userId: string; expectedStatus: ActionAssignmentTable['status'] },
  set: Partial<Pick<ActionAssignmentTable, 'status' | 'action_point_id' | 'last_status_at' | 'cancelled_at'>>,
): Promise<boolean> {
  let q = db.updateTable('action_assignments').set(set).where('action_id', '=', key.actionId).where('user_id', '=', key.userId);
  q = key.expectedStatus === null ? q.where('status', 'is', null) : q.where('status', '=', key.expectedStatus);
  const result = await q.where('cancelled_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertStatusEvent(db: Db, row: ActionStatusEventTable): Promise<void> {
  await db.insertInto('action_status_events').values(row).execute();
}

export async function insertLocation(db: Db, row: ActionLocationTable): Promise<void> {
  await db.insertInto('action_locations').values(row).execute();
}
