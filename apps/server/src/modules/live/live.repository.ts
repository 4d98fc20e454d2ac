import { sql } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The live day's SQL (issue 25, decision 091). The coordinator's scope is a condition of the query that
// picks the day's actions (db/territory-scope.ts); the points and the promoters are read for those
// actions only, by the same query as a subquery, so no list of ids travels back and forth.

export type LiveDayFilter = {
  /** Wall clock 'YYYY-MM-DD HH:mm:ss': today's midnight, tomorrow's, and the earliest start looked at. */
  dayStart: string;
  dayEnd: string;
  earliestStart: string;
  /** body.territory's id(s): only these, within the scope; undefined: the whole scope. */
  territoryIds?: readonly string[];
};

/**
 * The ids of the actions overlapping today in the scope. A cancelled action is left out unless a
 * promoter is still running it (her pings are kept, actions.service.ts). Actions starting more than
 * `earliestStart` ago are not looked at: the bound keeps the actions_since_idx range short.
 */
function todaysActionIds(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  let q = db
    .selectFrom('actions as a')
    .select('a.id')
    .where('a.since', '>=', f.earliestStart)
    .where('a.since', '<', f.dayEnd)
    .where('a.until', '>', f.dayStart)
    .where(territoryInScope('a.territory_id', scope))
    .where((eb) =>
      eb.or([
        eb('a.global_status', '!=', 'hst_cancelled'),
        eb.exists(
          eb
            .selectFrom('action_assignments as r')
            .select(sql`1`.as('one'))
            .whereRef('r.action_id', '=', 'a.id')
            .where('r.status', '=', 'started'),
        ),
      ]),
    );
  if (f.territoryIds) q = q.where(territoryInScope('a.territory_id', { everywhere: false, territoryIds: f.territoryIds }));
  return q;
}

export function todaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  return db
    .selectFrom('actions as a')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .select([
      'a.id',
      'a.ident',
      'a.name',
      'a.since',
      'a.until',
      'a.global_status',
      't.ident as territory_ident',
      't.name as territory_name',
    ])
    .where('a.id', 'in', todaysActionIds(db, f, scope))
    .orderBy('a.since')
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}

export function pointsOfTodaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  return db
    .selectFrom('action_points')
    .selectAll()
    .where('action_id', 'in', todaysActionIds(db, f, scope))
    .orderBy('action_id')
    .orderBy('position')
    .execute();
}

/**
 * Each promoter of today's actions with her last ping of the action (the last entry of
 * action_locations_action_user_at_idx), her check-in, whether she sent the end photos, and what her
 * phone last reported (promoter_phones).
 */
export function promotersOfTodaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  const assignments = db
    .selectFrom('action_assignments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .where('s.action_id', 'in', todaysActionIds(db, f, scope))
    .select((eb) => [
      's.action_id',
      's.user_id',
      's.status',
      's.cancelled_at',
      's.last_status_at',
      'u.ident',
      'u.firstname',
      'u.lastname',
      eb
        .selectFrom('action_locations as l')
        .select('l.id')
        .whereRef('l.action_id', '=', 's.action_id')
        .whereRef('l.user_id', '=', 's.user_id')
        .orderBy('l.created_at', 'desc')
        .limit(1)
        .as('location_id'),
      eb
        .selectFrom('action_status_events as e')
        .select('e.id')
        .whereRef('e.action_id', '=', 's.action_id')
        .whereRef('e.user_id', '=', 's.user_id')
        .where('e.kind', '=', 'check_in')
        .orderBy('e.created_at', 'desc')
        .limit(1)
        .as('check_in_id'),
      eb
        .exists(
          eb
            .selectFrom('action_files as f')
            .select(sql`1`.as('one'))
            .whereRef('f.action_id', '=', 's.action_id')
            .whereRef('f.user_id', '=', 's.user_id')
            .where('f.ident', '=', 'bereal_end'),
        )
        .as('has_end_photos'),
    ])
    .as('x');
  return (
    db
      .selectFrom(assignments)
      .leftJoin('action_locations as l', 'l.id', 'x.location_id')
      .leftJoin('action_status_events as c', 'c.id', 'x.check_in_id')
      .leftJoin('promoter_phones as p', 'p.user_id', 'x.user_id')
      .select([
        'x.action_id',
        'x.user_id',
        'x.status',
        'x.cancelled_at',
        'x.last_status_at',
        'x.ident',
        'x.firstname',
        'x.lastname',
        'x.has_end_photos',
        'l.latitude as ping_latitude',
        'l.longitude as ping_longitude',
        'l.accuracy as ping_accuracy',
        'l.captured_at as ping_captured_at',
        'l.created_at as ping_created_at',
        'c.latitude as start_latitude',
        'c.longitude as start_longitude',
        'c.created_at as started_at',
        'c.wall_time as started_wall_time',
        'p.outbox_count',
        'p.outbox_oldest_at',
        'p.outbox_reported_at',
        'p.last_seen_at',
      ])
      // In no order: the service sorts each action's few promoters (a sort of them all here cost more).
      .execute()
  );
}

export type LivePromoterRow = Awaited<ReturnType<typeof promotersOfTodaysActions>>[number];
export type LiveActionRow = Awaited<ReturnType<typeof todaysActions>>[number];
