import type {
  AdminOpenActionsBody,
  AdminOpenActionsResponse,
  AdminSchedulesBody,
  AdminSchedulesResponse,
  PromoterSchedule,
} from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { z } from 'zod';
import { allInScope } from '../../db/territory-scope.ts';
import { refusedTry } from '../../lib/app-error.ts';
import { assignmentWarnings, daysOf, overlaps } from './assignment-warnings.ts';
import { schedulesInRange } from './planning-assign.repository.ts';
import { toAdminActions } from './planning.mapper.ts';
import * as repo from './planning.repository.ts';
import * as scheduleRepo from './planning-schedule.repository.ts';
import { actionNotFound } from './planning.service.ts';
import type { PlanningCaller, PlanningDeps } from './planning.types.ts';

// What the coordinator sees while she plans (issue 34, decision 126): each promoter's availability
// (spec §2: the blocks of her phone's calendar say when she can work) and her other actions on the
// days of the action, with what an assignment would meet; and the actions nobody staffs yet.

type Body<S extends z.ZodType> = z.output<S>;

/** A territory the caller names: hers and known, else one answer for both (decision 109). */
async function territoryOf(deps: PlanningDeps, caller: PlanningCaller, ident: string) {
  const [territory] = await repo.findTerritories(deps.db, [ident]);
  if (!territory || !allInScope(caller.scope, [territory.id]))
    throw refusedTry('E_TERRITORY_NOT_FOUND', { type: 'territory', ids: [ident] });
  return territory;
}

export async function promoterSchedules(
  deps: PlanningDeps,
  caller: PlanningCaller,
  body: Body<typeof AdminSchedulesBody>,
): Promise<AdminSchedulesResponse> {
  const territory = await territoryOf(deps, caller, body.territory);
  const action = body.action ? await repo.findAction(deps.db, body.action.uuid, caller.scope) : undefined;
  if (body.action && !action) throw actionNotFound(body.action.uuid);
  const onAction = action ? (await repo.assignmentsOf(deps.db, [action.id])).filter((s) => s.cancelled_at === null) : [];
  // Those on the action first: one who left the territory since is still on it and shown.
  const people = new Map<string, PromoterSchedule['promoter']>();
  for (const p of [...onAction.map((s) => ({ ...s, id: s.user_id })), ...(await scheduleRepo.activePromotersOf(deps.db, territory.id))]) {
    people.set(p.id, { uuid: p.id, ident: p.ident, firstname: p.firstname, lastname: p.lastname });
  }
  const ids = [...people.keys()];
  const days = daysOf(body);
  const stored = await schedulesInRange(deps.db, ids, days);
  const assigned = new Set(onAction.map((s) => s.user_id));
  const promoters = [...people.values()].map((promoter): PromoterSchedule => {
    const blocks = stored.availability.filter((b) => b.user_id === promoter.uuid);
    const hers = stored.actions.filter((a) => a.user_id === promoter.uuid && a.id !== action?.id);
    const others = hers.filter((a) => overlaps(a, body));
    const conflicts = assignmentWarnings([promoter.uuid], body, others, blocks).map((w) => w.kind);
    const availability = blocks.map(({ since, until }) => ({ since, until }));
    const actions = hers.map(({ id, name, since, until }) => ({ uuid: id, name, since, until }));
    return { promoter, assigned: assigned.has(promoter.uuid), availability, actions, conflicts };
  });
  const byName = (a: PromoterSchedule, b: PromoterSchedule) =>
    a.promoter.lastname.localeCompare(b.promoter.lastname, 'pl') ||
    a.promoter.firstname.localeCompare(b.promoter.firstname, 'pl') ||
    a.promoter.uuid.localeCompare(b.promoter.uuid);
  return { days, promoters: promoters.sort(byName) };
}

export async function openActions(
  deps: PlanningDeps,
  caller: PlanningCaller,
  body: Body<typeof AdminOpenActionsBody>,
): Promise<AdminOpenActionsResponse> {
  // As the plan's list: a territory not hers (or unknown) lists nothing.
  const territoryIds = body.territory ? (await repo.findTerritories(deps.db, [body.territory])).map((t) => t.id) : undefined;
  const filter = { since: body.since, until: body.until, territoryIds, now: toWallClock(deps.now(), deps.timezone) };
  const page = { limit: body.pageSize, offset: (body.page - 1) * body.pageSize };
  const { rows, counts } = await scheduleRepo.openActions(deps.db, filter, caller.scope, page);
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  return { actions: await toAdminActions(deps.db, rows), territories: counts, page: body.page, pageSize: body.pageSize, total };
}
