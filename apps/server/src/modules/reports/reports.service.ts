import type { ActionReport, SampleStatsBody, SampleStatsResponse } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import { requireAssignedAction } from '../actions/action-guards.ts';
import { pointsOfAction, toActionPoint } from '../actions/actions.service.ts';
import { reviewMarkOf } from '../reviews/reviews.service.ts';
import * as repo from './reports.repository.ts';
import { monthRanges } from './sample-periods.ts';

export type ReportsDeps = { db: Db; now: () => Date; timezone: string };

/**
 * spec §7 /sample/stats: her registered devices per period. The hostess code must be hers (403
 * E_NOT_YOUR_HOSTESS_CODE), and the actions named must be hers (404), so no one reads another's counts.
 */
export async function sampleStats(deps: ReportsDeps, caller: CallerUser, body: SampleStatsBody): Promise<SampleStatsResponse> {
  const { db } = deps;
  const { hostessCode, currentAction, lastAction } = body.sample;
  const user = await repo.findUser(db, caller.userId);
  if (hostessCode !== user.ident) throw new AppError('E_NOT_YOUR_HOSTESS_CODE');
  const inAction = async (actionId: string | null) => {
    if (actionId === null) return [];
    const action = await requireAssignedAction(db, caller, actionId);
    return repo.countInAction(db, caller.userId, action.id);
  };
  const months = monthRanges(deps.now(), deps.timezone);
  const [current, last, currentMonth, lastMonth] = await Promise.all([
    inAction(currentAction),
    inAction(lastAction),
    repo.countInRange(db, caller.userId, months.currentMonth),
    repo.countInRange(db, caller.userId, months.lastMonth),
  ]);
  return { currentAction: current, lastAction: last, currentMonth, lastMonth };
}

/**
 * spec §2 Report detail: 'Zakończona' for finished, 'Zaakceptowana' for accepted. Her report is of her
 * work: once she has finished, it is finished even while the organiser's status still says started
 * (decision 073), and accepted only once the back office approved HER report (decision 090) — a planned
 * action carries 'accepted' from its planning, which says nothing of her report. Cancelled is the
 * organiser's word and shown as such; while she works, started; before she starts, the organiser's status.
 */
function reportStatus(
  action: { global_status: ActionReport['status']; user_status: 'started' | 'finished' | null },
  review: ActionReport['review'],
): ActionReport['status'] {
  if (action.global_status === 'hst_cancelled') return action.global_status;
  if (review?.state === 'approved') return 'accepted';
  return action.user_status ?? action.global_status;
}

const seconds = (from: string, to: Date) => Math.max(0, Math.round((to.getTime() - Date.parse(from)) / 1000));

/**
 * Our /action/report (decision 060): her report of her action, derived from her recorded check-ins and
 * check-outs. start: her first check-in; end: her last check-out after it; locationChange: the first
 * transition at another point than her first check-in's; duration: end − start, or now − start while
 * she works; locations: the points of her transitions in order, the action's own without any.
 */
export async function actionReport(deps: ReportsDeps, caller: CallerUser, actionId: string): Promise<ActionReport> {
  const { db } = deps;
  const action = await requireAssignedAction(db, caller, actionId);
  const [points, transitions, user, review] = await Promise.all([
    pointsOfAction(db, action.id),
    repo.transitionsOf(db, action.id, caller.userId),
    repo.findUser(db, caller.userId),
    reviewMarkOf(db, action.id, caller.userId, action.user_status),
  ]);
  const first = transitions.find((t) => t.kind === 'check_in');
  const after = first ? transitions.slice(transitions.indexOf(first)) : [];
  const checkOut = after.filter((t) => t.kind === 'check_out').at(-1);
  const change = after.find((t) => t.action_point_id !== null && t.action_point_id !== first?.action_point_id);
  const worked = [...new Set(after.map((t) => t.action_point_id).filter((id): id is string => id !== null))];
  const durationEnd = checkOut ? new Date(checkOut.created_at) : action.user_status === 'started' ? deps.now() : null;
  const locations = worked.length ? worked.map((id) => points.find((p) => p.id === id)).filter((p) => p !== undefined) : points;

  return {
    uuid: action.id,
    ident: action.ident,
    name: action.name,
    since: action.since,
    territory: points[0]?.city_name ?? null,
    hostess: { firstname: user.firstname, lastname: user.lastname, ident: user.ident },
    start: first?.wall_time ?? null,
    end: checkOut?.wall_time ?? null,
    locationChange: change?.wall_time ?? null,
    durationSeconds: first && durationEnd ? seconds(first.created_at, durationEnd) : null,
    status: reportStatus(action, review),
    locations: locations.map(toActionPoint),
    review,
  };
}
