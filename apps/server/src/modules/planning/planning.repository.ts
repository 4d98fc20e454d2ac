import type { ExpressionBuilder } from 'kysely';
import type { ActionState } from '@promotor/contract/rules';
import { stateOfAction } from '../../db/action-state.ts';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import type { Insertable } from 'kysely';
import type { ActionAssignmentTable, ActionTable, Database } from '../../db/schema.ts';

// The planning's SQL (issue 24). Territory scoping lives here, in the queries (db/territory-scope.ts):
// given a coordinator's scope, a query cannot return another territory's action.

export function findTerritories(db: Db, idents: readonly string[]) {
  if (idents.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('territories')
    .select(['id', 'ident', 'name'])
    .where('ident', 'in', [...idents])
    .execute();
}

export function findTerritoriesById(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('territories')
    .select(['id', 'ident'])
    .where('id', 'in', [...ids])
    .execute();
}

/** Promoters by hostess code, each with the idents of her territories. */
export async function findPromotersByCode(db: Db, codes: readonly string[]) {
  const byCode = new Map<string, { id: string; territories: Set<string>; active: boolean }>();
  if (codes.length === 0) return byCode;
  // A file may name any number of codes: in slices, within the databases' parameter limits.
  const rows = await inSlices(codes, (slice) =>
    db
      .selectFrom('users as u')
      .leftJoin('user_territories as ut', 'ut.user_id', 'u.id')
      .leftJoin('territories as t', 't.id', 'ut.territory_id')
      .select(['u.id', 'u.ident', 'u.deactivated_at', 't.ident as territory'])
      .where('u.ident', 'in', slice)
      .execute(),
  );
  for (const row of rows) {
    const promoter = byCode.get(row.ident) ?? { id: row.id, territories: new Set<string>(), active: row.deactivated_at === null };
    if (row.territory) promoter.territories.add(row.territory);
    byCode.set(row.ident, promoter);
  }
  return byCode;
}

export function findEvents(db: Db, idents: readonly string[]) {
  if (idents.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('events')
    .select(['id', 'ident'])
    .where('ident', 'in', [...idents])
    .execute();
}

/** Rows per INSERT: well under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const CHUNK = 500;

export async function insertChunked<T extends 'actions' | 'action_points' | 'action_assignments'>(
  db: Db,
  table: T,
  rows: readonly Parameters<ReturnType<Db['insertInto']>['values']>[0][],
) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/** An action's natural key (migration 026): one action per event, territory, times and name. */
const NATURAL_KEY = ['event_id', 'territory_id', 'since', 'until', 'name'] as const;

/**
 * New actions, each only when no action has its natural key (decision 106); answers how many were
 * written. The guard is the unique index itself: a concurrent writer of the same key makes this one
 * wait for its commit, then write nothing for that action.
 */
export async function insertNewActions(db: Db, rows: readonly Insertable<ActionTable>[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = await db
      .insertInto('actions')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(NATURAL_KEY).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** Promoters assigned, those already assigned left as they are (an /assign may have come first). */
export async function insertNewAssignments(db: Db, rows: readonly Insertable<ActionAssignmentTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('action_assignments')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['action_id', 'user_id']).doNothing())
      .execute();
  }
}

const actionColumns = [
  'a.id',
  'a.ident',
  'a.name',
  'a.since',
  'a.until',
  'a.global_status',
  'a.event_id',
  'a.territory_id',
  'e.ident as event_ident',
  'e.name as event_name',
  't.ident as territory_ident',
  't.name as territory_name',
] as const;

export function actionsInScope(db: Db, scope: TerritoryScope) {
  return db
    .selectFrom('actions as a')
    .innerJoin('events as e', 'e.id', 'a.event_id')
    .leftJoin('territories as t', 't.id', 'a.territory_id')
    .where(territoryInScope('a.territory_id', scope))
    .select(actionColumns)
    .select(stateOfAction().as('state'));
}

export type PlannedActionRow = Awaited<ReturnType<typeof findActionsByIds>>[number];

export function findActionsByIds(db: Db, ids: readonly string[], scope: TerritoryScope) {
  if (ids.length === 0) return Promise.resolve([]);
  return actionsInScope(db, scope)
    .where('a.id', 'in', [...ids])
    .execute();
}

/** One action of the caller's territories; undefined for another territory's, as for a missing one. */
export async function findAction(db: Db, id: string, scope: TerritoryScope) {
  return (await findActionsByIds(db, [id], scope))[0];
}

/** The actions a plan may match (decision 087): of these events and territories, starting in the window. */
export function findActionsToMatch(db: Db, o: { eventIds: string[]; territoryIds: string[]; since: string; until: string }) {
  if (o.eventIds.length === 0 || o.territoryIds.length === 0) return Promise.resolve([]);
  return actionsInScope(db, { everywhere: true })
    .where('a.event_id', 'in', o.eventIds)
    .where('a.territory_id', 'in', o.territoryIds)
    .where('a.since', '>=', o.since)
    .where('a.since', '<=', o.until)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .execute();
}

export type ActionListFilter = {
  since: string;
  until: string;
  territoryIds?: string[];
  eventIdent?: string;
  status?: ActionState;
  promoterId?: string;
};

function listQuery(db: Db, f: ActionListFilter, scope: TerritoryScope) {
  let q = actionsInScope(db, scope).where('a.since', '<', f.until).where('a.until', '>', f.since);
  if (f.territoryIds) q = q.where(territoryInScope('a.territory_id', { everywhere: false, territoryIds: f.territoryIds }));
  if (f.eventIdent) q = q.where('e.ident', '=', f.eventIdent);
  const status = f.status;
  if (status) q = q.where((eb) => eb(stateOfAction(), '=', status));
  const promoterId = f.promoterId;
  if (promoterId) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('action_assignments as s')
          .select('s.action_id')
          .whereRef('s.action_id', '=', 'a.id')
          .where('s.user_id', '=', promoterId),
      ),
    );
  }
  return q;
}

export async function listActions(db: Db, f: ActionListFilter, scope: TerritoryScope, page: { limit: number; offset: number }) {
  const rows = await listQuery(db, f, scope).orderBy('a.since').orderBy('a.id').limit(page.limit).offset(page.offset).execute();
  const count = await listQuery(db, f, scope)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** Runs `query` over the ids in slices: a plan's thousands of actions stay within the parameter limits. */
async function inSlices<T>(ids: readonly string[], query: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let i = 0; i < ids.length; i += 1000) rows.push(...(await query(ids.slice(i, i + 1000))));
  return rows;
}

export function pointsOf(db: Db, actionIds: readonly string[]) {
  return inSlices(actionIds, (slice) =>
    db.selectFrom('action_points').selectAll().where('action_id', 'in', slice).orderBy('action_id').orderBy('position').execute(),
  );
}

export function assignmentsOf(db: Db, actionIds: readonly string[]) {
  return inSlices(actionIds, (slice) =>
    db
      .selectFrom('action_assignments as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.action_id', 's.user_id', 's.status', 's.cancelled_at', 'u.ident', 'u.firstname', 'u.lastname'])
      .where('s.action_id', 'in', slice)
      .orderBy('u.lastname')
      .orderBy('u.firstname')
      .orderBy('u.id')
      .execute(),
  );
}

/**
 * Still planned, in the statement itself: its status (decision 110) is 'planned' — not cancelled, and
 * nobody has started or finished it (plan-diff.ts `isStillPlanned` reads the same rule of what a service
 * read). With the action's row locked (db/lock-action.ts) her check-in cannot slip in between (issue 32).
 */
const stillPlanned = ({ eb }: ExpressionBuilder<Database, 'actions'>) => eb(stateOfAction('actions'), '=', 'planned');

/** Only while it is still planned: answers whether it changed. */
export async function updatePlannedAction(
  db: Db,
  id: string,
  set: Partial<Pick<ActionTable, 'name' | 'event_id' | 'territory_id' | 'since' | 'until'>>,
): Promise<boolean> {
  const result = await db.updateTable('actions').set(set).where('id', '=', id).where(stillPlanned).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Only while it is still planned: two racing changes cannot both pass the service's check. */
export async function cancelAction(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('actions')
    .set({ global_status: 'hst_cancelled' })
    .where('id', '=', id)
    .where(stillPlanned)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type PointValues = {
  name: string;
  street_address: string;
  postal_code: string | null;
  city_name: string;
  petra_id: string | null;
  latitude: number | null;
  longitude: number | null;
  point_id: string | null;
};

export async function updatePoint(db: Db, id: string, values: PointValues & { position: number }) {
  await db.updateTable('action_points').set(values).where('id', '=', id).execute();
}

export async function deletePoints(db: Db, ids: readonly string[]) {
  if (ids.length > 0)
    await db
      .deleteFrom('action_points')
      .where('id', 'in', [...ids])
      .execute();
}
