import {
  daysBetween,
  PLAN_COPY_CONFLICTS_SHOWN,
  type ActionCopyConflict,
  type AdminActionCopyBody,
  type AdminActionCopyResponse,
} from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { lockNames } from '../../db/lock-names.ts';
import { AppError, refusedTry } from '../../lib/app-error.ts';
import { newCode, newId } from '../../lib/crypto.ts';
import { copyPoints, writtenIds } from './action-copy.repository.ts';
import { assignmentWarnings, daysOf, overlaps } from './assignment-warnings.ts';
import { findPromotersById, schedulesInRange } from './planning-assign.repository.ts';
import { toAdminActions } from './planning.mapper.ts';
import * as repo from './planning.repository.ts';
import { auditChange, type PlanningCaller, type PlanningDeps } from './planning.types.ts';
import { notifyContext, notifyPlanChanged } from '../notifications/notification-events.service.ts';

// /api/admin/actions/copy (issue 34, decision 127): copies of actions on other days — one action to
// chosen days, a week to other weeks, a repeat — each a normal action with its own ident and points.
// All or nothing: a copy onto an action that exists (its natural key, decision 106) refuses the whole
// call, and so does an unconfirmed schedule conflict of a promoter copied with them (decision 113).

type Body = z.output<typeof AdminActionCopyBody>;
type Source = repo.PlannedActionRow;
type Copy = { id: string; source: Source; since: string; until: string; promoterIds: string[] };

/** A wall-clock 'YYYY-MM-DD HH:mm:ss' moved by whole days (its time of day stays, whatever the DST). */
export function shiftWall(wall: string, days: number): string {
  const day = new Date(`${wall.slice(0, 10)}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}${wall.slice(10)}`;
}

/** The sources the caller named, each in her scope and not cancelled, in the order named. */
async function sourcesOf(trx: Db, caller: PlanningCaller, ids: readonly string[]): Promise<Source[]> {
  const rows = await repo.findActionsByIds(trx, ids, caller.scope);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  // Another territory's action is unknown to her, as a missing one (decision 109).
  if (missing.length > 0) throw refusedTry('E_ACTION_NOT_FOUND', { type: 'action', ids: missing });
  // A copy of a cancelled action would be planned, not cancelled: the week's copy leaves them out.
  if (rows.some((r) => r.state === 'cancelled')) throw new AppError('E_WRONG_ACTION_STATUS');
  return ids.map((id) => byId.get(id)!);
}

/**
 * The promoters on each source (not cancelled by her) who may be assigned to its copies: active and of
 * its territory still. The others are answered as left, never a reason to refuse the copy.
 */
async function promotersOf(trx: Db, sources: readonly Source[]) {
  const assignments = (
    await repo.assignmentsOf(
      trx,
      sources.map((s) => s.id),
    )
  ).filter((s) => s.cancelled_at === null);
  const promoters = await findPromotersById(trx, [...new Set(assignments.map((s) => s.user_id))]);
  const kept = new Map<string, string[]>();
  const left: AdminActionCopyResponse['promotersLeft'] = [];
  for (const source of sources) {
    for (const s of assignments.filter((a) => a.action_id === source.id)) {
      const promoter = promoters.get(s.user_id);
      const ok = promoter?.active && source.territory_id !== null && promoter.territoryIds.has(source.territory_id);
      if (ok) kept.set(source.id, [...(kept.get(source.id) ?? []), s.user_id]);
      else {
        const promoter = { uuid: s.user_id, ident: s.ident, firstname: s.firstname, lastname: s.lastname };
        left.push({ action: { uuid: source.id }, promoter });
      }
    }
  }
  return { kept, left };
}

/**
 * Each copied promoter's conflicts with each copy: her actions already planned, the call's other copies
 * she is on, and the availability she declared on the copy's days. Read after her schedule is locked.
 */
async function copyConflicts(trx: Db, copies: readonly Copy[]): Promise<ActionCopyConflict[]> {
  const staffed = copies.filter((c) => c.promoterIds.length > 0);
  if (staffed.length === 0) return [];
  const ids = [...new Set(staffed.flatMap((c) => c.promoterIds))];
  await lockNames(trx, 'promoter schedule', ids);
  const since = staffed.map((c) => c.since).sort()[0]!;
  const until = staffed
    .map((c) => c.until)
    .sort()
    .at(-1)!;
  const stored = await schedulesInRange(trx, ids, daysOf({ since, until }));
  const conflicts: ActionCopyConflict[] = [];
  for (const copy of staffed) {
    const day = daysOf(copy);
    for (const userId of copy.promoterIds) {
      const planned = stored.actions.filter((a) => a.user_id === userId && overlaps(a, copy));
      const inCall = staffed
        .filter((c) => c.id !== copy.id && c.promoterIds.includes(userId) && overlaps(c, copy))
        .map((c) => ({ user_id: userId, id: c.id, name: c.source.name, since: c.since, until: c.until }));
      const blocks = stored.availability.filter((b) => b.user_id === userId && overlaps(b, day));
      const described = { source: { uuid: copy.source.id }, name: copy.source.name, since: copy.since, until: copy.until };
      for (const w of assignmentWarnings([userId], copy, [...planned, ...inCall], blocks)) conflicts.push({ ...w, copy: described });
    }
  }
  return conflicts;
}

export async function copyActions(deps: PlanningDeps, caller: PlanningCaller, body: Body): Promise<AdminActionCopyResponse> {
  const sourceIds = [...new Set(body.actions.map((a) => a.uuid))];
  const shifts = [...new Set(body.to)].sort().map((day) => daysBetween(body.from, day));
  const done = await deps.db.transaction().execute(async (trx) => {
    const sources = await sourcesOf(trx, caller, sourceIds);
    const { kept, left } = body.promoters ? await promotersOf(trx, sources) : { kept: new Map<string, string[]>(), left: [] };
    const copies: Copy[] = sources.flatMap((source) =>
      shifts.map((shift) => ({
        id: newId(),
        source,
        since: shiftWall(source.since, shift),
        until: shiftWall(source.until, shift),
        promoterIds: kept.get(source.id) ?? [],
      })),
    );
    const now = deps.now().toISOString();
    const rows = copies.map((c) => ({
      id: c.id,
      ident: `AK-${newCode(6)}`,
      name: c.source.name,
      event_id: c.source.event_id,
      territory_id: c.source.territory_id,
      since: c.since,
      until: c.until,
      global_status: 'accepted' as const,
      created_at: now,
    }));
    // In the natural key's order: two calls writing overlapping sets wait for each other, never in a cycle.
    const key = (r: (typeof rows)[number]) => [r.event_id, r.territory_id ?? '', r.since, r.until, r.name].join('\u0000');
    rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    // One action per event, territory, times and name (decision 106): a copy onto one that exists is a 409.
    if ((await repo.insertNewActions(trx, rows)) < rows.length) {
      const written = await writtenIds(
        trx,
        copies.map((c) => c.id),
      );
      const existing = copies.filter((c) => !written.has(c.id)).map((c) => ({ name: c.source.name, since: c.since, until: c.until }));
      throw new AppError('E_ACTION_EXISTS', undefined, { existing: existing.slice(0, PLAN_COPY_CONFLICTS_SHOWN) });
    }
    await copyPoints(
      trx,
      copies.map((c) => ({ id: c.id, sourceId: c.source.id })),
    );
    const conflicts = await copyConflicts(trx, copies);
    if (conflicts.length > 0 && !body.confirm) {
      const data = { conflicts: conflicts.slice(0, PLAN_COPY_CONFLICTS_SHOWN), conflictCount: conflicts.length };
      throw new AppError('E_SCHEDULE_CONFLICT', undefined, data);
    }
    await repo.insertNewAssignments(
      trx,
      copies.flatMap((c) =>
        c.promoterIds.map((userId) => ({
          action_id: c.id,
          user_id: userId,
          status: null,
          action_point_id: null,
          last_status_at: null,
          cancelled_at: null,
        })),
      ),
    );
    // One batch id ties the copies of one call together in the audit log, as an import's id does.
    const batch = newId();
    for (const copy of copies) {
      const object = { type: 'action' as const, id: copy.id };
      await auditChange(trx, deps, caller, 'actions.create', object, { copiedFrom: copy.source.id, copy: batch });
      if (copy.promoterIds.length === 0) continue;
      // A conflict the coordinator confirmed is on the record with the assignment (decision 126).
      const confirmed = conflicts.filter((w) => w.copy.source.uuid === copy.source.id && w.copy.since === copy.since);
      await auditChange(trx, deps, caller, 'actions.assign', object, {
        promoters: copy.promoterIds,
        copiedFrom: copy.source.id,
        ...(confirmed.length > 0 ? { conflictsConfirmed: confirmed.map(({ copy: _copy, ...w }) => w) } : {}),
      });
    }
    // Copied with their promoters: one notification per promoter whose next 7 days it changed (decision 135).
    await notifyPlanChanged(
      trx,
      notifyContext(deps),
      copies.map((c) => ({ actionId: c.id, since: c.since, until: c.until, promoters: c.promoterIds })),
    );
    return { ids: copies.map((c) => c.id), conflicts, left };
  });
  const rows = await repo.findActionsByIds(deps.db, done.ids, caller.scope);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    actions: await toAdminActions(
      deps.db,
      done.ids.map((id) => byId.get(id)!),
    ),
    warnings: done.conflicts.slice(0, PLAN_COPY_CONFLICTS_SHOWN),
    promotersLeft: done.left,
  };
}
