import { PLAN_IMPORT_MAX_CHANGES, PLAN_IMPORT_MAX_ERRORS, type PlanImportChange, type PlanImportResponse } from '@promotor/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { lockActions } from '../../db/lock-action.ts';
import { lockNames } from '../../db/lock-names.ts';
import { allInScope } from '../../db/territory-scope.ts';
import type { ActionAssignmentTable, ActionPointTable, ActionTable } from '../../db/schema.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newCode, newId } from '../../lib/crypto.ts';
import { timeSlices } from '../../lib/time-slices.ts';
import { readPlanCsv, type PlanCsvError } from './plan-csv.ts';
import { diffPlan, type PlanStep, type StoredAction } from './plan-diff.ts';
import { confirmedAll, planConfirmations, type PlanConfirm } from './plan-confirmations.ts';
import { checkPlanReferences, sortErrors, unknownEventErrors, unknownReferences, type UnknownReferences } from './plan-references.ts';
import { planActionsFromRows, planKey, type PlannedAction } from './plan-rows.ts';
import { addNewPlanPoints, archivedPointErrors, planPointsOf, type PlanPoints } from './plan-register.ts';
import * as repo from './planning.repository.ts';
import { pointValues, replacePoints } from './plan-points.ts';
import { auditChange, type PlanningCaller, type PlanningDeps } from './planning.types.ts';
import { importDetails } from '../../plugins/audit-trail.ts';
import { notifyContext, notifyPlanChanged, type PlanChange } from '../notifications/notification-events.service.ts';

// /api/admin/actions/import (decision 087): read, judge, check the references, compare with what is
// planned, write — all or nothing. Imports naming one territory run one after another (decision 106):
// the comparison and the writes happen in one transaction that waits for the one before, so N imports
// of one file at once leave what one leaves, and the unique natural key of an action (migration 026)
// refuses what a /create slipped in meanwhile. What the dry run lists for confirmation (past actions,
// schedule conflicts: decision 113) the write must confirm, or it is 409 E_PLAN_NOT_CONFIRMED. The events
// it names must exist (decision 123): an unknown one is an error of its rows, never made by the file.

/**
 * 422 with the file's errors by row and column (the first PLAN_IMPORT_MAX_ERRORS of them) and how many;
 * what it names that the caller cannot see is recorded as tried (decision 109).
 */
function refuse(errors: PlanCsvError[], errorCount = errors.length, unknown?: UnknownReferences): never {
  const sorted = sortErrors(errors);
  const data = { errors: sorted.slice(0, PLAN_IMPORT_MAX_ERRORS), errorCount };
  if (!unknown) throw new AppError('E_PLAN_INVALID', undefined, data);
  const tried = [
    { type: 'territory', ids: unknown.territories },
    { type: 'promoter', ids: unknown.promoters },
  ] as const;
  throw refusedTry('E_PLAN_INVALID', tried, undefined, data);
}

/** 422 naming the rows of actions the file creates or changes at an archived point (decision 125). */
function refuseArchived(steps: PlanStep[], points: PlanPoints): void {
  const errors = archivedPointErrors(steps, points.archived);
  if (errors.length > 0) refuse(errors);
}

/**
 * Errors as they come, counted, and only the first PLAN_IMPORT_MAX_ERRORS of them kept: a file can
 * name hundreds of thousands of unknown codes, and so many objects kept to the end cost the garbage
 * collector pauses that hold every request (issue 32).
 */
class ErrorTally {
  kept: PlanCsvError[] = [];
  count = 0;
  add(errors: PlanCsvError[]) {
    this.count += errors.length;
    for (const error of errors) this.kept.push(error);
    if (this.kept.length > 4 * PLAN_IMPORT_MAX_ERRORS) this.kept = sortErrors(this.kept).slice(0, PLAN_IMPORT_MAX_ERRORS);
  }
}

type References = {
  territories: Map<string, { id: string; ident: string }>;
  promoterIds: Map<string, string>;
};
type Loaded = References & { events: Map<string, string> };

/**
 * What the file names (events, territories, promoters), loaded, or the 422 naming every row that names
 * something unknown or not the caller's. Checked in slices of actions, in time slices: a file may
 * name a great many codes (issue 32).
 */
async function loadReferences(db: Db, caller: PlanningCaller, actions: PlannedAction[]): Promise<References> {
  const pause = timeSlices();
  const codes = new Set<string>();
  for (const action of actions) {
    for (const code of action.promoters.keys()) codes.add(code);
    await pause();
  }
  const territories = await repo.findTerritories(db, [...new Set(actions.map((a) => a.territory))]);
  const events = await repo.findEvents(db, [...new Set(actions.map((a) => a.event))]);
  // In parts with a pause between: on SQLite a read answers at once, and hundreds of them in a row
  // would never let the event loop turn.
  const promoters: Awaited<ReturnType<typeof repo.findPromotersByCode>> = new Map();
  const named = [...codes];
  for (let i = 0; i < named.length; i += 5000) {
    for (const [code, promoter] of await repo.findPromotersByCode(db, named.slice(i, i + 5000))) promoters.set(code, promoter);
    await pause();
  }
  const scope = caller.scope.everywhere ? null : new Set(territories.filter((t) => allInScope(caller.scope, [t.id])).map((t) => t.ident));
  const known = {
    events: new Set(events.map((e) => e.ident)),
    territories: new Map(territories.map((t) => [t.ident, t])),
    promoters,
    scope,
  };
  const errors = new ErrorTally();
  for (let i = 0; i < actions.length; i += 100) {
    errors.add(checkPlanReferences(actions.slice(i, i + 100), known));
    await pause();
  }
  if (errors.count > 0) refuse(errors.kept, errors.count, unknownReferences(actions, known));
  return { territories: known.territories, promoterIds: new Map([...promoters].map(([code, p]) => [code, p.id])) };
}

/** The actions already planned that the file's actions may match, by their key. */
async function storedActions(db: Db, actions: PlannedAction[], loaded: Loaded): Promise<Map<string, StoredAction>> {
  const sinces = actions.map((a) => a.since).sort();
  const rows = await repo.findActionsToMatch(db, {
    eventIds: [...loaded.events.values()],
    territoryIds: [...new Set([...loaded.territories.values()].map((t) => t.id))],
    since: sinces[0]!,
    until: sinces.at(-1)!,
  });
  const wanted = new Set(actions.map((a) => a.key));
  // One action a key (migration 026's unique index); the oldest first all the same.
  const matched = new Map<string, repo.PlannedActionRow>();
  for (const r of rows) {
    if (r.territory_ident === null) continue;
    const key = planKey({ event: r.event_ident, name: r.name, territory: r.territory_ident, since: r.since, until: r.until });
    if (wanted.has(key) && !matched.has(key)) matched.set(key, r);
  }
  const ids = [...matched.values()].map((r) => r.id);
  const [points, assignments] = await Promise.all([repo.pointsOf(db, ids), repo.assignmentsOf(db, ids)]);
  const byAction = new Map<string, StoredAction>();
  for (const r of matched.values()) byAction.set(r.id, { id: r.id, globalStatus: r.global_status, points: [], assignments: [] });
  for (const p of points) byAction.get(p.action_id)!.points.push(p);
  for (const s of assignments) byAction.get(s.action_id)!.assignments.push({ userId: s.user_id, status: s.status });
  return new Map([...matched].map(([key, r]) => [key, byAction.get(r.id)!]));
}

/** Writes the steps in the caller's transaction; E_ACTION_EXISTS when an action of a new key appeared meanwhile. */
async function write(trx: Db, steps: PlanStep[], loaded: Loaded, now: string): Promise<void> {
  const actions: Insertable<ActionTable>[] = [];
  const points: Insertable<ActionPointTable>[] = [];
  const assignments: Insertable<ActionAssignmentTable>[] = [];
  for (const step of steps) {
    if (step.change === 'unchanged') continue;
    const a = step.planned;
    const actionId = step.actionId;
    if (step.change === 'created') {
      actions.push({
        id: actionId,
        ident: `AK-${newCode(6)}`,
        name: a.name,
        event_id: loaded.events.get(a.event)!,
        territory_id: loaded.territories.get(a.territory)!.id,
        since: a.since,
        until: a.until,
        global_status: 'accepted' as const,
        created_at: now,
      });
      a.points.forEach((p, i) => points.push({ id: newId(), action_id: actionId, ...pointValues(p, i) }));
    } else if (step.pointsChanged) {
      await replacePoints(trx, step.stored.id, step.stored.points, a.points);
    }
    for (const userId of step.promoterIds) {
      assignments.push({
        action_id: actionId,
        user_id: userId,
        status: null,
        action_point_id: null,
        last_status_at: null,
        cancelled_at: null,
      });
    }
  }
  // Another writer that does not wait for imports (/create, /update) made one of them since the
  // comparison: the import is refused whole, and the same file again matches what is there now.
  if ((await repo.insertNewActions(trx, actions)) !== actions.length) throw new AppError('E_ACTION_EXISTS');
  await repo.insertChunked(trx, 'action_points', points);
  await repo.insertNewAssignments(trx, assignments);
}

/**
 * Whom each action the file wrote concerns: those it assigned, and everyone on it when its points changed
 * as her list shows them (a name or an address; a point's code or coordinates alone are no change she
 * sees, decision 135). An action of neither concerns no one.
 */
const planChanges = (steps: readonly PlanStep[]): PlanChange[] =>
  steps.flatMap((step) => {
    if (step.change === 'unchanged') return [];
    const promoters = step.change === 'updated' && step.placeChanged ? ('assigned' as const) : step.promoterIds;
    if (promoters !== 'assigned' && promoters.length === 0) return [];
    return [{ actionId: step.actionId, since: step.planned.since, until: step.planned.until, promoters }];
  });

const changeOf = (step: Exclude<PlanStep, { change: 'unchanged' }>, codes: Map<string, string>): PlanImportChange => ({
  change: step.change,
  row: step.planned.rows[0]!,
  event: step.planned.event,
  name: step.planned.name,
  territory: step.planned.territory,
  since: step.planned.since,
  until: step.planned.until,
  points: step.planned.points.length,
  assigned: step.promoterIds.map((id) => codes.get(id)!),
});

/**
 * The file's steps against what `db` holds now, or the 422 of an action it may not change. Its events
 * are read anew: one renamed on the Wydarzenia page since loadReferences is an error of its rows.
 */
async function compare(db: Db, references: References, actions: PlannedAction[]) {
  const events = await repo.findEvents(db, [...new Set(actions.map((a) => a.event))]);
  const eventErrors = unknownEventErrors(actions, new Set(events.map((e) => e.ident)));
  if (eventErrors.length > 0) refuse(eventErrors);
  const loaded: Loaded = { ...references, events: new Map(events.map((e) => [e.ident, e.id])) };
  const stored = await storedActions(db, actions, loaded);
  const { steps, errors } = diffPlan(actions, stored, loaded.promoterIds);
  if (errors.length > 0) refuse(errors);
  return { loaded, steps };
}

/**
 * compare, with the actions the file changes locked as each of their writers locks them (a check-in,
 * the office's update: db/lock-action.ts), then compared again: a check-in that committed after the
 * first comparison is seen, and the action is refused as started instead of its points being replaced
 * under her (issue 32). Compared until no newly matched action is left unlocked.
 */
async function compareLocked(trx: Db, references: References, actions: PlannedAction[]) {
  let compared = await compare(trx, references, actions);
  const locked = new Set<string>();
  for (;;) {
    const toLock = compared.steps.filter((s) => s.change === 'updated' && !locked.has(s.actionId)).map((s) => s.actionId);
    if (!(await lockActions(trx, toLock))) return compared;
    for (const id of toLock) locked.add(id);
    compared = await compare(trx, references, actions);
  }
}

/** The answer: counts, changes, and what a write must confirm (read in `db`; locked first when `lock`). */
async function answerOf(
  db: Db,
  deps: PlanningDeps,
  { steps, loaded }: Awaited<ReturnType<typeof compare>>,
  o: { dryRun: boolean; lock: boolean; points: PlanPoints },
): Promise<PlanImportResponse> {
  const count = (change: PlanStep['change']) => steps.filter((s) => s.change === change).length;
  const codes = new Map([...loaded.promoterIds].map(([code, id]) => [id, code]));
  const changes = steps
    .filter((s) => s.change !== 'unchanged')
    .slice(0, PLAN_IMPORT_MAX_CHANGES)
    .map((s) => changeOf(s, codes));
  const confirmations = await planConfirmations(db, steps, {
    promoterIds: loaded.promoterIds,
    now: deps.now(),
    timeZone: deps.timezone,
    lock: o.lock,
  });
  // The points the register has not: listed for the preview, added by the write (decision 125).
  const newPoints = o.points.newPoints.slice(0, PLAN_IMPORT_MAX_CHANGES).map((p) => ({
    row: p.row,
    territory: p.territory,
    name: p.name,
    streetAddress: p.streetAddress,
    postalCode: p.postalCode,
    cityName: p.cityName,
  }));
  return {
    dryRun: o.dryRun,
    newPoints,
    newPointCount: o.points.newPoints.length,
    created: count('created'),
    updated: count('updated'),
    unchanged: count('unchanged'),
    changes,
    ...confirmations,
  };
}

export async function importPlan(
  deps: PlanningDeps,
  caller: PlanningCaller,
  file: Buffer,
  o: { dryRun: boolean; confirm: PlanConfirm },
): Promise<PlanImportResponse> {
  const read = await readPlanCsv(file);
  if (read.errors.length > 0) refuse(read.errors);
  const planned = await planActionsFromRows(read.rows, deps.timezone);
  if (planned.errors.length > 0) refuse(planned.errors);
  // Territories and promoters outside the transaction: a file naming unknown ones is refused without
  // holding anything (on SQLite a transaction holds the one connection).
  const references = await loadReferences(deps.db, caller, planned.actions);
  // Its points in the register of their territories (decision 125): by code, or by name and address.
  const points = await planPointsOf(deps.db, planned.actions, references.territories);
  if (points.errors.length > 0) refuse(points.errors);
  if (o.dryRun) {
    const compared = await compare(deps.db, references, planned.actions);
    refuseArchived(compared.steps, points);
    return answerOf(deps.db, deps, compared, { dryRun: true, lock: false, points });
  }

  return deps.db.transaction().execute(async (trx) => {
    // After the import before it that names one of these territories has committed (decision 106).
    await lockNames(
      trx,
      'plan import',
      planned.actions.map((a) => a.territory),
    );
    const compared = await compareLocked(trx, references, planned.actions);
    refuseArchived(compared.steps, points);
    const { loaded, steps } = compared;
    const answer = await answerOf(trx, deps, compared, { dryRun: false, lock: true, points });
    if (answer.created + answer.updated + answer.newPointCount === 0) return answer;
    if (!confirmedAll(answer, o.confirm)) {
      const { past, pastCount, conflicts, conflictCount } = answer;
      throw new AppError('E_PLAN_NOT_CONFIRMED', undefined, { past, pastCount, conflicts, conflictCount });
    }
    const now = deps.now().toISOString();
    const importId = newId();
    await addNewPlanPoints(trx, deps, caller, points, { import: importId });
    await write(trx, steps, loaded, now);
    // One notification per promoter whose next 7 days the file changed, none per row (decision 135).
    await notifyPlanChanged(trx, notifyContext(deps), planChanges(steps));
    // One entry per action changed, as /create and /update write, and one for the file itself. The
    // schedule conflicts confirmed are on the entry of the action they concern (decision 126).
    const conflictsByRow = new Map<number, typeof answer.conflicts>();
    for (const c of answer.conflicts) conflictsByRow.set(c.row, [...(conflictsByRow.get(c.row) ?? []), c]);
    for (const step of steps) {
      if (step.change === 'unchanged') continue;
      const conflicts = step.planned.rows.flatMap((row) => conflictsByRow.get(row) ?? []);
      await auditChange(
        trx,
        deps,
        caller,
        step.change === 'created' ? 'actions.create' : 'actions.update',
        { type: 'action', id: step.actionId },
        { import: importId, ...(conflicts.length > 0 ? { conflictsConfirmed: conflicts } : {}) },
      );
    }
    await auditChange(
      trx,
      deps,
      caller,
      'actions.import',
      { type: 'plan_import', id: importId },
      importDetails(file, read.rows.length, answer, {
        newPoints: answer.newPointCount,
        // What the coordinator confirmed, on the record with the file.
        confirmed: { past: answer.pastCount, conflicts: answer.conflictCount },
      }),
    );
    return answer;
  });
}
