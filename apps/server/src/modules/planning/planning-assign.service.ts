import type { AdminAssignBody, AdminAssignResponse } from '@promotor/contract';
import type { z } from 'zod';
import { lockAction } from '../../db/lock-action.ts';
import { AppError } from '../../lib/app-error.ts';
import * as assignRepo from './planning-assign.repository.ts';
import * as repo from './planning.repository.ts';
import { actionNotFound, answerAction } from './planning.service.ts';
import { checkAssignable, scheduleConflicts } from './schedule-conflicts.ts';
import { auditChange, type PlanningCaller, type PlanningDeps } from './planning.types.ts';
import { notifyAssigned, notifyContext } from '../notifications/notification-events.service.ts';

// /api/admin/actions/assign and /unassign (issue 24): only promoters of the action's territory; an
// overlap or a time outside her availability is refused unless the call confirms it, and then it is a
// warning in the answer (issue 33, decision 113).

type Body = z.output<typeof AdminAssignBody>;

export async function assignPromoters(deps: PlanningDeps, caller: PlanningCaller, body: Body): Promise<AdminAssignResponse> {
  const ids = [...new Set(body.promoters.map((p) => p.uuid))];
  const warnings = await deps.db.transaction().execute(async (trx) => {
    // The action's row first: an office's cancel at this moment either comes before the check below or waits (decision 105).
    await lockAction(trx, body.action.uuid);
    const row = await repo.findAction(trx, body.action.uuid, caller.scope);
    if (!row) throw actionNotFound(body.action.uuid);
    // Not onto an action cancelled, or one its promoters have all finished (decision 110): that would reopen it.
    if (row.state === 'cancelled' || row.state === 'finished' || row.state === 'approved') throw new AppError('E_WRONG_ACTION_STATUS');
    await checkAssignable(trx, caller, ids, row.territory_id);
    const existing = new Map((await repo.assignmentsOf(trx, [row.id])).map((s) => [s.user_id, s]));
    // Those she is not assigned to yet (or whose cancel is revived): their schedules are checked first.
    const coming = ids.filter((id) => !existing.has(id) || (existing.get(id)!.cancelled_at != null && existing.get(id)!.status === null));
    const warnings = await scheduleConflicts(trx, coming, { actionId: row.id, since: row.since, until: row.until }, body.confirm);
    const added = await assignRepo.insertAssignments(
      trx,
      row.id,
      ids.filter((id) => !existing.has(id)),
    );
    const revived = ids.filter((id) => existing.get(id)?.cancelled_at != null && existing.get(id)?.status === null);
    for (const userId of revived) await assignRepo.reviveAssignment(trx, row.id, userId);
    const changed = [...added, ...revived];
    if (changed.length === 0) return [];
    // A conflict the coordinator confirmed is on the record with the assignment.
    const confirmed = warnings.length > 0 ? { conflictsConfirmed: warnings } : {};
    await auditChange(trx, deps, caller, 'actions.assign', { type: 'action', id: row.id }, { promoters: changed, ...confirmed });
    // Only those newly on it (an assign of one already there changes nothing): decision 135.
    await notifyAssigned(trx, notifyContext(deps), row.id, changed);
    return warnings.filter((w) => changed.includes(w.promoter.uuid));
  });
  return { ...(await answerAction(deps.db, body.action.uuid, caller.scope)), warnings };
}

/** Her assignment goes unless she has started or finished the action (her history stays). */
export async function unassignPromoters(deps: PlanningDeps, caller: PlanningCaller, body: Body): Promise<AdminAssignResponse> {
  const ids = [...new Set(body.promoters.map((p) => p.uuid))];
  await deps.db.transaction().execute(async (trx) => {
    // The action's row first: her check-in at this moment either comes before the delete below or waits (decision 105).
    await lockAction(trx, body.action.uuid);
    const row = await repo.findAction(trx, body.action.uuid, caller.scope);
    if (!row) throw actionNotFound(body.action.uuid);
    const existing = new Map((await repo.assignmentsOf(trx, [row.id])).map((s) => [s.user_id, s]));
    const removed = ids.filter((id) => existing.has(id));
    for (const userId of removed) {
      if (!(await assignRepo.deleteAssignment(trx, row.id, userId))) throw new AppError('E_WRONG_ACTION_STATUS');
    }
    if (removed.length > 0) {
      await auditChange(trx, deps, caller, 'actions.unassign', { type: 'action', id: row.id }, { promoters: removed });
    }
  });
  return { ...(await answerAction(deps.db, body.action.uuid, caller.scope)), warnings: [] };
}
