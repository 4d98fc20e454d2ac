import type {
  AdminActionCreateBody,
  AdminActionListBody,
  AdminActionListResponse,
  AdminActionRefBody,
  AdminActionResponse,
  AdminActionUpdateBody,
  AssignmentWarning,
} from '@promotor/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Db } from '../../db/kysely.ts';
import { lockAction } from '../../db/lock-action.ts';
import type { ActionPointTable } from '../../db/schema.ts';
import { allInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newCode, newId } from '../../lib/crypto.ts';
import { actorHolds } from '../../plugins/auth.ts';
import { actionChanges } from './action-changes.ts';
import { isStillPlanned } from './plan-diff.ts';
import { pointValues, replacePoints } from './plan-points.ts';
import { formPointsOf } from './plan-register.ts';
import type { PlannedPoint } from './plan-rows.ts';
import { toAdminActions } from './planning.mapper.ts';
import { findPromotersById, insertAssignments } from './planning-assign.repository.ts';
import * as repo from './planning.repository.ts';
import { checkAssignable, scheduleConflicts } from './schedule-conflicts.ts';
import { auditChange, type PlanningCaller, type PlanningDeps } from './planning.types.ts';
import {
  actionSnapshot,
  notifyActionCancelled,
  notifyActionMoved,
  notifyAssigned,
  notifyContext,
} from '../notifications/notification-events.service.ts';

/** A point of an action as the back office's answers show it (the live day uses it too). */
export { toPoint as toAdminActionPoint } from './planning.mapper.ts';

// The back office's actions (issue 24): list, create, update, cancel. A coordinator's scope is in every
// query (planning.repository.ts): another territory's action is E_ACTION_NOT_FOUND, as a missing one,
// and another territory E_TERRITORY_NOT_FOUND, as an unknown one (decision 109).

/** Not found, or not in the caller's territories: one answer; the audit log records the try. */
export const actionNotFound = (id: string) => refusedTry('E_ACTION_NOT_FOUND', { type: 'action', ids: [id] });

type ActionInput = z.output<typeof AdminActionCreateBody>['action'];
type Body<S extends z.ZodType> = z.output<S>;

export async function answerAction(db: Db, id: string, scope: TerritoryScope): Promise<AdminActionResponse> {
  const row = await repo.findAction(db, id, scope);
  if (!row) throw actionNotFound(id);
  return { action: (await toAdminActions(db, [row]))[0]! };
}

export async function listActions(
  deps: PlanningDeps,
  caller: PlanningCaller,
  body: Body<typeof AdminActionListBody>,
): Promise<AdminActionListResponse> {
  const territoryIds = body.territory ? (await repo.findTerritories(deps.db, [body.territory])).map((t) => t.id) : undefined;
  const filter = {
    since: body.since,
    until: body.until,
    territoryIds,
    eventIdent: body.event,
    status: body.status,
    promoterId: body.promoter,
  };
  const page = { limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const { rows, total } = await repo.listActions(deps.db, filter, caller.scope, page);
  const actions = await toAdminActions(deps.db, rows);
  // The brand's viewer (client) reads actions, never promoters' data (decision 085): not who is assigned.
  const shown = actorHolds(caller.actor, 'promoters.read') ? actions : actions.map((a) => ({ ...a, promoters: [] }));
  return { actions: shown, page: body.page, pageSize: body.pageSize, total };
}

/** The input's territory, known and the caller's; its event, one that exists (decision 123: made on the Wydarzenia page). */
async function resolve(trx: Db, caller: PlanningCaller, input: ActionInput) {
  const [territory] = await repo.findTerritories(trx, [input.territory.ident]);
  // Decision 109: a territory outside her scope is unknown to her (the try is in the audit log).
  if (!territory || !allInScope(caller.scope, [territory.id])) {
    throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: [input.territory.ident] });
  }
  const [event] = await repo.findEvents(trx, [input.event.ident]);
  if (!event) throw new AppError('E_EVENT_NOT_FOUND');
  return { territoryId: territory.id, eventId: event.id };
}

export async function createAction(
  deps: PlanningDeps,
  caller: PlanningCaller,
  body: Body<typeof AdminActionCreateBody>,
): Promise<AdminActionResponse> {
  const input = body.action;
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const { territoryId, eventId } = await resolve(trx, caller, input);
    // Its points in the register first, picked by code or by name and address (decision 125): in the
    // plan import's order (the register's points, then the actions), so that a create and an import of
    // one new action and point wait for each other instead of deadlocking on PostgreSQL.
    const points = await formPointsOf(trx, deps, caller, { territoryId, points: input.points, linked: new Map(), details: { action: id } });
    // One action per event, territory, times and name (decision 106): a taken key is a 409, not a copy.
    const inserted = await repo.insertNewActions(trx, [
      {
        id,
        ident: `AK-${newCode(6)}`,
        name: input.name,
        event_id: eventId,
        territory_id: territoryId,
        since: input.since,
        until: input.until,
        global_status: 'accepted',
        created_at: deps.now().toISOString(),
      },
    ]);
    if (inserted === 0) throw new AppError('E_ACTION_EXISTS');
    await replacePoints(trx, id, [], points);
    await auditChange(trx, deps, caller, 'actions.create', { type: 'action', id });
    // Her promoters with it, as the import assigns them: the same checks as /assign (decision 113).
    const ids = [...new Set(body.promoters.map((p) => p.uuid))];
    if (ids.length === 0) return;
    await checkAssignable(trx, caller, ids, territoryId);
    const conflicts = await scheduleConflicts(trx, ids, { actionId: id, since: input.since, until: input.until }, body.confirm);
    await insertAssignments(trx, id, ids);
    const confirmed = conflicts.length > 0 ? { conflictsConfirmed: conflicts } : {};
    await auditChange(trx, deps, caller, 'actions.assign', { type: 'action', id }, { promoters: ids, ...confirmed });
    // Assigned with it, as /assign: her inbox tells her when it is within her next 7 days (decision 135).
    await notifyAssigned(trx, notifyContext(deps), id, ids);
  });
  return answerAction(deps.db, id, caller.scope);
}

/**
 * Its points as the input lists them (resolved in the register: `planned`, in the input's order): one
 * named by uuid is changed in place (it keeps its id), one without is added, a stored one not named goes.
 */
async function updatePoints(trx: Db, actionId: string, stored: ActionPointTable[], input: ActionInput['points'], planned: PlannedPoint[]) {
  const storedIds = new Set(stored.map((p) => p.id));
  if (input.some((p) => p.uuid && !storedIds.has(p.uuid))) throw new AppError('E_ACTION_POINT_NOT_FOUND');
  // One stored point named twice would be written twice and the action would lose a point.
  const twice = input.findIndex((p, i) => p.uuid && input.findIndex((q) => q.uuid === p.uuid) !== i);
  if (twice >= 0) throw new AppError('E_VALIDATION', [{ path: `body.action.points.${twice}.uuid`, message: 'point named twice' }]);
  const named = new Set(input.map((p) => p.uuid));
  await repo.deletePoints(
    trx,
    stored.filter((p) => !named.has(p.id)).map((p) => p.id),
  );
  const added = [];
  for (const [i, p] of planned.entries()) {
    const uuid = input[i]!.uuid;
    if (uuid) await repo.updatePoint(trx, uuid, pointValues(p, i));
    else added.push({ id: newId(), action_id: actionId, ...pointValues(p, i) });
  }
  await repo.insertChunked(trx, 'action_points', added);
}

/** Everything of a planned action; its points by updatePoints. */
export async function updateAction(
  deps: PlanningDeps,
  caller: PlanningCaller,
  body: Body<typeof AdminActionUpdateBody>,
): Promise<AdminActionResponse> {
  const input = body.action;
  const write = deps.db.transaction().execute(async (trx) => {
    // The action's row first: her check-in at this moment either comes before the checks below or waits (decision 105).
    await lockAction(trx, input.uuid);
    const row = await repo.findAction(trx, input.uuid, caller.scope);
    if (!row) throw actionNotFound(input.uuid);
    const [assignments, points] = await Promise.all([repo.assignmentsOf(trx, [row.id]), repo.pointsOf(trx, [row.id])]);
    if (
      !isStillPlanned({ globalStatus: row.global_status, assignments: assignments.map((s) => ({ userId: s.user_id, status: s.status })) })
    ) {
      throw new AppError('E_WRONG_ACTION_STATUS');
    }
    const { territoryId, eventId } = await resolve(trx, caller, input);
    // Her times and place as she knows them, for the notification of a move (decision 135).
    const before = (await actionSnapshot(trx, row.id))!;
    // Moved to another territory: her promoters must work there too (as /assign requires).
    if (territoryId !== row.territory_id && assignments.length > 0) {
      const promoters = await findPromotersById(
        trx,
        assignments.map((s) => s.user_id),
      );
      if ([...promoters.values()].some((p) => !p.territoryIds.has(territoryId))) throw new AppError('E_PROMOTER_NOT_OF_TERRITORY');
    }
    const changed = await repo.updatePlannedAction(trx, row.id, {
      name: input.name,
      event_id: eventId,
      territory_id: territoryId,
      since: input.since,
      until: input.until,
    });
    if (!changed) throw new AppError('E_WRONG_ACTION_STATUS');
    // New times: her promoters' schedules again (decision 113); the same times were judged when they were assigned.
    let conflicts: AssignmentWarning[] = [];
    if (input.since !== row.since || input.until !== row.until) {
      const assigned = assignments.filter((s) => s.cancelled_at === null).map((s) => s.user_id);
      conflicts = await scheduleConflicts(trx, assigned, { actionId: row.id, since: input.since, until: input.until }, body.confirm);
    }
    const linked = new Map(points.map((p) => [p.id, p.point_id ?? null]));
    const details = { action: row.id };
    const planned = await formPointsOf(trx, deps, caller, { territoryId, points: input.points, linked, details });
    await updatePoints(trx, row.id, points, input.points, planned);
    // What changed, from and to; an update that changes nothing records nothing (decision 086). The
    // points as written: a point picked by code has the register's coordinates when none were sent. A
    // conflict the coordinator confirmed is on the record with the change (decision 126).
    const written = input.points.map((p, i) => ({ ...p, latitude: planned[i]!.latitude, longitude: planned[i]!.longitude }));
    const changes = actionChanges(row, points, { ...input, points: written });
    const confirmed = conflicts.length > 0 ? { conflictsConfirmed: conflicts } : {};
    if (changes) await auditChange(trx, deps, caller, 'actions.update', { type: 'action', id: row.id }, { ...changes, ...confirmed });
    // New times or another place: each promoter on it is told (nothing when neither changed).
    await notifyActionMoved(trx, notifyContext(deps), before);
  });
  // Renamed or moved onto the key of another action (decision 106): the unique index refuses it.
  await write.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new AppError('E_ACTION_EXISTS') : error;
  });
  return answerAction(deps.db, input.uuid, caller.scope);
}

/** spec §2 'Odwołana': her list shows it and her app refuses a start (actions/action-guards.ts). */
export async function cancelAction(
  deps: PlanningDeps,
  caller: PlanningCaller,
  body: Body<typeof AdminActionRefBody>,
): Promise<AdminActionResponse> {
  await deps.db.transaction().execute(async (trx) => {
    // The action's row first: her check-in at this moment either comes before the checks below or waits (decision 105).
    await lockAction(trx, body.action.uuid);
    const row = await repo.findAction(trx, body.action.uuid, caller.scope);
    if (!row) throw actionNotFound(body.action.uuid);
    if (row.global_status === 'hst_cancelled') return;
    const assignments = await repo.assignmentsOf(trx, [row.id]);
    if (
      !isStillPlanned({ globalStatus: row.global_status, assignments: assignments.map((s) => ({ userId: s.user_id, status: s.status })) })
    ) {
      throw new AppError('E_WRONG_ACTION_STATUS');
    }
    if (!(await repo.cancelAction(trx, row.id))) throw new AppError('E_WRONG_ACTION_STATUS');
    const status = { from: row.global_status, to: 'hst_cancelled' };
    await auditChange(trx, deps, caller, 'actions.cancel', { type: 'action', id: row.id }, { status });
    await notifyActionCancelled(trx, notifyContext(deps), row.id);
  });
  return answerAction(deps.db, body.action.uuid, caller.scope);
}
