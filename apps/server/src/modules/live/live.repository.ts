import { PostgresAdapter, sql, type Expression, type SqlBool } from 'kysely';
import { WEAK_INTEGRITY_FLAG_KINDS } from '@promotor/contract';
import { stateOfAction } from '../../db/action-state.ts';
import { jsonRows } from '../../db/json-rows.ts';
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
 * The actions overlapping today in the scope, as a condition on `a` (actions). A cancelled action is
 * left out unless a promoter is still running it (her pings are kept, actions.service.ts). Actions
 * starting more than `earliestStart` ago are not looked at: the bound keeps the actions_since_idx
 * range short.
 */
function today(f: LiveDayFilter, scope: TerritoryScope): Expression<SqlBool> {
  const stillRunning = sql<SqlBool>`exists (select 1 from action_assignments r where r.action_id = a.id and r.status = 'started')`;
  const conditions = [
    sql<SqlBool>`a.since >= ${f.earliestStart} and a.since < ${f.dayEnd} and a.until > ${f.dayStart}`,
    territoryInScope('a.territory_id', scope),
    sql<SqlBool>`(a.global_status <> 'hst_cancelled' or ${stillRunning})`,
  ];
  if (f.territoryIds) conditions.push(territoryInScope('a.territory_id', { everywhere: false, territoryIds: f.territoryIds }));
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

const todaysActionIds = (db: Db, f: LiveDayFilter, scope: TerritoryScope) =>
  db.selectFrom('actions as a').select('a.id').where(today(f, scope));

/**
 * `column` is one of today's actions. PostgreSQL is given the ids as an array computed once
 * (`= any(array(…))`), which it answers by probing the index per action; with `in (…)` it guessed a
 * sixth of the day's actions and hashed every point (15,000) and every assignment (31,000) instead
 * (2.6 vs 8.5 ms for the points, 14 vs 18 ms for the promoters at the bench's scale). SQLite probes its
 * index for `in (…)` as it is.
 */
function ofTodaysActions(
  db: Db,
  column: 'action_id' | 's.action_id' | 'c.action_id' | 'fl.action_id',
  f: LiveDayFilter,
  scope: TerritoryScope,
): Expression<SqlBool> {
  const ids = todaysActionIds(db, f, scope);
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<SqlBool>`${sql.ref(column)} = any(array(${ids}))`
    : sql<SqlBool>`${sql.ref(column)} in (${ids})`;
}

/** In no order: sorting by name in PostgreSQL's collation cost more than the query (the service sorts). */
export function todaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  const query = db
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
    .select(stateOfAction().as('state'))
    .where(today(f, scope));
  return jsonRows(db, query, ['id', 'ident', 'name', 'since', 'until', 'global_status', 'state', 'territory_ident', 'territory_name']);
}

const POINT_COLUMNS = [
  'id',
  'action_id',
  'position',
  'name',
  'street_address',
  'postal_code',
  'city_name',
  'petra_id',
  'latitude',
  'longitude',
] as const;

export function pointsOfTodaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  const query = db
    .selectFrom('action_points')
    .select(POINT_COLUMNS)
    .where(ofTodaysActions(db, 'action_id', f, scope));
  return jsonRows(db, query, POINT_COLUMNS);
}

/**
 * Each promoter of today's actions with what her assignment keeps of her day — her newest ping
 * (decision 096), her check-in and when she sent the end photos (decision 101) — and what her phone
 * last reported (promoter_phones): one row per promoter, read without searching her pings, status
 * events or photos. No ORDER BY: the service sorts.
 */
const PROMOTER_COLUMNS = [
  'action_id',
  'user_id',
  'status',
  'cancelled_at',
  'last_status_at',
  'last_ping_latitude',
  'last_ping_longitude',
  'last_ping_accuracy',
  'last_ping_at',
  'ident',
  'firstname',
  'lastname',
  'checked_in_at',
  'checked_in_wall_time',
  'check_in_latitude',
  'check_in_longitude',
  'end_photos_at',
  'outbox_count',
  'outbox_oldest_at',
  'outbox_reported_at',
  'last_seen_at',
] as const;

export function promotersOfTodaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  const query = db
    .selectFrom('action_assignments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('promoter_phones as p', 'p.user_id', 's.user_id')
    .where(ofTodaysActions(db, 's.action_id', f, scope))
    .select([
      's.action_id',
      's.user_id',
      's.status',
      's.cancelled_at',
      's.last_status_at',
      's.last_ping_latitude',
      's.last_ping_longitude',
      's.last_ping_accuracy',
      's.last_ping_at',
      'u.ident',
      'u.firstname',
      'u.lastname',
      's.checked_in_at',
      's.checked_in_wall_time',
      's.check_in_latitude',
      's.check_in_longitude',
      's.end_photos_at',
      'p.outbox_count',
      'p.outbox_oldest_at',
      'p.outbox_reported_at',
      'p.last_seen_at',
    ]);
  return jsonRows(db, query, PROMOTER_COLUMNS);
}

/**
 * Flags the live day tells by an exception of its own, at its own threshold: a check-in far from the
 * point is 'started_far' (LIVE_FAR_METERS); listing it twice would say one thing in two words.
 */
const LIVE_OWN_CHECKS = ['check_in_far'] as const;

/**
 * Issue 38 (decision 138): per promoter of today's actions, when the first open flag that is not weak
 * evidence was raised today (`raisedFrom`/`raisedTo`: ISO UTC of today's bounds; integrity_flags_raised_idx).
 */
export function flagsOfTodaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope, raised: { from: string; to: string }) {
  return db
    .selectFrom('integrity_flags as fl')
    .where(ofTodaysActions(db, 'fl.action_id', f, scope))
    .where('fl.raised_at', '>=', raised.from)
    .where('fl.raised_at', '<', raised.to)
    .where('fl.explained_at', 'is', null)
    .where('fl.kind', 'not in', [...WEAK_INTEGRITY_FLAG_KINDS, ...LIVE_OWN_CHECKS])
    .select(['fl.action_id', 'fl.user_id'])
    .select((eb) => eb.fn.min('fl.raised_at').as('first_raised_at'))
    .groupBy(['fl.action_id', 'fl.user_id'])
    .execute();
}

export type LivePromoterRow = Awaited<ReturnType<typeof promotersOfTodaysActions>>[number];
export type LiveActionRow = Awaited<ReturnType<typeof todaysActions>>[number];

// ── 'Sprawdzone' (decision 117): one row per exception checked, shared by the territory's coordinators ──

export type ExceptionKey = { kind: string; actionId: string; userId: string; since: string };

/** The checks of today's actions, with the checker's name. */
export function checksOfTodaysActions(db: Db, f: LiveDayFilter, scope: TerritoryScope) {
  return db
    .selectFrom('live_exception_checks as c')
    .innerJoin('staff as st', 'st.id', 'c.checked_by')
    .select(['c.kind', 'c.action_id', 'c.user_id', 'c.since', 'c.checked_by', 'c.checked_at', 'st.firstname', 'st.lastname', 'st.username'])
    .where(ofTodaysActions(db, 'c.action_id', f, scope))
    .execute();
}

/** Her assignment to an action of the scope (her hostess code for the audit log); undefined otherwise. */
export function assignmentInScope(db: Db, scope: TerritoryScope, actionId: string, userId: string) {
  return db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.action_id', 's.user_id', 'u.ident'])
    .where('s.action_id', '=', actionId)
    .where('s.user_id', '=', userId)
    .where(territoryInScope('a.territory_id', scope))
    .executeTakeFirst();
}

/** Checked once: of two coordinators ticking it at once, the first is kept (the key is the table's). */
export async function insertCheck(db: Db, key: ExceptionKey, by: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('live_exception_checks')
    .values({ kind: key.kind, action_id: key.actionId, user_id: key.userId, since: key.since, checked_by: by, checked_at: at })
    .onConflict((oc) => oc.columns(['action_id', 'user_id', 'kind', 'since']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteCheck(db: Db, key: ExceptionKey): Promise<boolean> {
  const result = await db
    .deleteFrom('live_exception_checks')
    .where('action_id', '=', key.actionId)
    .where('user_id', '=', key.userId)
    .where('kind', '=', key.kind)
    .where('since', '=', key.since)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export function findCheck(db: Db, key: ExceptionKey) {
  return db
    .selectFrom('live_exception_checks as c')
    .innerJoin('staff as st', 'st.id', 'c.checked_by')
    .select(['c.checked_by', 'c.checked_at', 'st.firstname', 'st.lastname', 'st.username'])
    .where('c.action_id', '=', key.actionId)
    .where('c.user_id', '=', key.userId)
    .where('c.kind', '=', key.kind)
    .where('c.since', '=', key.since)
    .executeTakeFirst();
}
