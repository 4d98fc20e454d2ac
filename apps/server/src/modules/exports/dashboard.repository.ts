import { sql } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { COUNTED_BRANDS } from './exports.repository.ts';

// The dashboard's SQL (decision 092): a period's numbers counted by the database, never its rows in
// memory, except the check-ins judged for 'started far' (read a page of actions at a time).

export type DashboardFilter = { since: string; until: string; territoryId?: string | undefined };

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
    .where('i.brand', 'in', COUNTED_BRANDS);
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
    .where('v.redeemed_date_time', '<', f.until);
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
 * The period's actions by how far they got. Her assignment counts unless she cancelled her part:
 * started — one of them started; finished — all of them finished; approved — all their reports approved.
 */
export async function actionCounts(db: Db, f: DashboardFilter, scope: TerritoryScope) {
  const live = sql`s.user_id is not null and s.cancelled_at is null`;
  const perAction = actionsOfPeriod(db, f, scope)
    .leftJoin('action_assignments as s', 's.action_id', 'a.id')
    .leftJoin('report_reviews as r', (join) => join.onRef('r.action_id', '=', 's.action_id').onRef('r.user_id', '=', 's.user_id'))
    .select(['a.id', 'a.global_status'])
    .select([
      sql<number>`sum(case when ${live} then 1 else 0 end)`.as('assigned'),
      sql<number>`sum(case when ${live} and s.status is not null then 1 else 0 end)`.as('started'),
      sql<number>`sum(case when ${live} and s.status = 'finished' then 1 else 0 end)`.as('finished'),
      sql<number>`sum(case when ${live} and r.state = 'approved' then 1 else 0 end)`.as('approved'),
    ])
    .groupBy(['a.id', 'a.global_status']);
  const on = sql`x.global_status <> 'hst_cancelled'`;
  const row = await db
    .selectFrom(perAction.as('x'))
    .select([
      sql<number | string>`count(*)`.as('planned'),
      sql<number | string>`sum(case when ${on} and x.started > 0 then 1 else 0 end)`.as('started'),
      sql<number | string>`sum(case when ${on} and x.assigned > 0 and x.finished = x.assigned then 1 else 0 end)`.as('finished'),
      sql<number | string>`sum(case when ${on} and x.assigned > 0 and x.approved = x.assigned then 1 else 0 end)`.as('approved'),
      sql<number | string>`sum(case when x.global_status = 'hst_cancelled' then 1 else 0 end)`.as('cancelled'),
    ])
    .executeTakeFirstOrThrow();
  return {
    planned: n(row.planned),
    started: n(row.started),
    finished: n(row.finished),
    approved: n(row.approved),
    cancelled: n(row.cancelled),
  };
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

/** One page of the period's actions with a check-in (by id), after `afterId`. */
export function startedActionsPage(db: Db, f: DashboardFilter, scope: TerritoryScope, afterId: string | null, limit: number) {
  let q = liveAssignments(db, f, scope).where('s.status', 'is not', null).select('a.id').distinct();
  if (afterId) q = q.where('a.id', '>', afterId);
  return q.orderBy('a.id').limit(limit).execute();
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
