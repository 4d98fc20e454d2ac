import { sql } from 'kysely';
import { WEAK_INTEGRITY_FLAG_KINDS } from '@promotor/contract';
import { ACTION_STATES, type ActionState } from '@promotor/contract/rules';
import { stateOfAction } from '../../db/action-state.ts';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { approvedReport, COUNTED_BRANDS } from '../../db/report-results.ts';

// The dashboard's SQL (decision 092): a period's numbers counted by the database, never its rows in
// memory, except the check-ins judged for 'started far' (read a page of actions at a time).

export type DashboardFilter = {
  since: string;
  until: string;
  territoryId?: string | undefined;
  /** Registrations and codes of approved reports only (the brand's viewer, lib/client-view.ts). */
  approvedOnly?: boolean | undefined;
};

const day = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;
const n = (value: number | string | null | undefined) => Number(value ?? 0);

/** Registered devices and products per day (her wall clock) and counted brand, test actions left out. */
export async function registrationsPerDay(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  let q = db
    .selectFrom('lead_items as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .innerJoin('actions as a', 'a.id', 'l.action_id')
    .where(territoryInScope('a.territory_id', scope))
    .where('l.wall_time', '>=', f.since)
    .where('l.wall_time', '<', f.until)
    .where('l.is_test', '=', 0)
    .where('i.brand', 'in', COUNTED_BRANDS)
    .where(approvedReport('l.action_id', 'l.user_id', Boolean(f.approvedOnly)));
  if (f.territoryId) q = q.where('a.territory_id', '=', f.territoryId);
  const rows = await q
    .select([day('l.wall_time').as('day'), 'i.brand'])
    .select(({ fn }) => fn.countAll<number | string>().as('n'))
    .groupBy([day('l.wall_time'), 'i.brand'])
    .execute();
  return rows.map((r) => ({ day: r.day, brand: r.brand as (typeof COUNTED_BRANDS)[number], count: n(r.n) }));
}

/** Codes handed out per day (the time she entered); one outside an action only for the unlimited. */
export async function codesPerDay(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  let q = db
    .selectFrom('vouchers as v')
    .leftJoin('actions as a', 'a.id', 'v.redeemed_action_id')
    .where(territoryInScope('a.territory_id', scope))
    .where('v.redeemed_date_time', '>=', f.since)
    .where('v.redeemed_date_time', '<', f.until)
    .where(approvedReport('v.redeemed_action_id', 'v.redeemed_by', Boolean(f.approvedOnly)));
  if (f.territoryId) q = q.where('a.territory_id', '=', f.territoryId);
  const rows = await q
    .select([day('v.redeemed_date_time').as('day')])
    .select(({ fn }) => fn.countAll<number | string>().as('n'))
    .groupBy(day('v.redeemed_date_time'))
    .execute();
  return rows.map((r) => ({ day: r.day, count: n(r.n) }));
}

/** The actions planned to start in the period, in scope. */
function actionsOfPeriod(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  const q = db
    .selectFrom('actions as a')
    .where(territoryInScope('a.territory_id', scope))
    .where('a.since', '>=', f.since)
    .where('a.since', '<', f.until);
  return f.territoryId ? q.where('a.territory_id', '=', f.territoryId) : q;
}

/**
 * Issue 38 (decision 138): the period's actions with at least one plausibility flag that is not weak
 * evidence (open or explained: it was flagged), with their territory — a handful per week, grouped by
 * the service (weeks are the same on both databases that way).
 */
export function flaggedActions(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  return actionsOfPeriod(db, f, scope)
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('integrity_flags as fl')
          .select('fl.id')
          .whereRef('fl.action_id', '=', 'a.id')
          .where('fl.kind', 'not in', WEAK_INTEGRITY_FLAG_KINDS),
      ),
    )
    .select(['a.id', 'a.since', 't.ident as territory_ident', 't.name as territory_name'])
    .execute();
}

/**
 * The period's actions by their status (decision 110): each action counted once, under the status Plan
 * and the exports show, so the statuses add up to the total.
 */
export async function actionCounts(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  const rows = await db
    .selectFrom(actionsOfPeriod(db, f, scope).select(stateOfAction().as('state')).as('x'))
    .select('x.state')
    .select(({ fn }) => fn.countAll<number | string>().as('n'))
    .groupBy('x.state')
    .execute();
  const counts: Record<ActionState, number> = { planned: 0, started: 0, finished: 0, approved: 0, cancelled: 0 };
  for (const r of rows) counts[r.state] = n(r.n);
  return { ...counts, total: ACTION_STATES.reduce((sum, s) => sum + counts[s], 0) };
}

/** Her assignments on the period's actions that were not cancelled (by the organiser or by her). */
function liveAssignments(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  return actionsOfPeriod(db, f, scope)
    .innerJoin('action_assignments as s', 's.action_id', 'a.id')
    .where('a.global_status', '<>', 'hst_cancelled')
    .where('s.cancelled_at', 'is', null);
}

/** Not started by `plannedBefore` (wall clock): never started, planned to start before it. */
export async function notStartedCount(db: Db, f: DashboardFilter, scope: TerritoryScope, plannedBefore: string) {
  const row = await liveAssignments(db, f, scope)
    .where('s.status', 'is', null)
    .where('a.since', '<=', plannedBefore)
    .select(({ fn }) => fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

/** Finished without a single end photo (bereal_end). */
export async function finishedWithoutEndPhotosCount(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  const row = await liveAssignments(db, f, scope)
    .where('s.status', '=', 'finished')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('action_files as p')
            .select('p.id')
            .whereRef('p.action_id', '=', 's.action_id')
            .whereRef('p.user_id', '=', 's.user_id')
            .where('p.ident', '=', 'bereal_end'),
        ),
      ),
    )
    .select(({ fn }) => fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return n(row.n);
}

/**
 * One page of the period's actions someone started (by planned start, then id), after `after`: read
 * along the planned-start index as the exports' pages are (exports.repository.ts).
 */
export function startedActionsPage(
  db: Db,
  f: DashboardFilter,
  scope: TerritoryScope,
  after: { since: string; id: string } | null,
  limit: number,
) {
  let q = actionsOfPeriod(db, f, scope)
    .select(['a.id', 'a.since'])
    .where('a.global_status', '<>', 'hst_cancelled')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('action_assignments as s')
          .select('s.action_id')
          .whereRef('s.action_id', '=', 'a.id')
          .where('s.cancelled_at', 'is', null)
          .where('s.status', 'is not', null),
      ),
    );
  if (after)
    q = q
      .where('a.since', '>=', after.since)
      .where(({ eb, refTuple, tuple }) => eb(refTuple('a.since', 'a.id'), '>', tuple(after.since, after.id)));
  return q.orderBy('a.since').orderBy('a.id').limit(limit).execute();
}

/** The points with coordinates of these actions. */
export function pointsWithCoordinates(db: Db, actionIds: readonly string[]) {
  if (actionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('action_points')
    .select(['action_id', 'latitude', 'longitude'])
    .where('action_id', 'in', [...actionIds])
    .where('latitude', 'is not', null)
    .where('longitude', 'is not', null)
    .execute();
}

/** Their check-ins with a position, each pair's in the order they happened (the first is her start). */
export function checkInsWithPosition(db: Db, actionIds: readonly string[]) {
  if (actionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('action_status_events')
    .select(['action_id', 'user_id', 'latitude', 'longitude'])
    .where('action_id', 'in', [...actionIds])
    .where('kind', '=', 'check_in')
    .orderBy('action_id')
    .orderBy('user_id')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
