import { sql } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// Events and territories (issue 34, decision 123): their lists with what names them, and their rows.
// Events are global (every planner plans for the brand's campaigns), their actions counted in the caller's
// territories only; a territory's list and look-up
// carry the caller's scope in the query (db/territory-scope.ts).

export type Page = { limit: number; offset: number };
export type CatalogueRow = { id: string; ident: string; name: string };

/** `%text%` for LIKE, its own % and _ escaped, compared in lower case. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
const matching = (table: 'e' | 't', search: string) =>
  sql<boolean>`(lower(${sql.ref(`${table}.ident`)}) like ${likePattern(search)} escape '\\' or lower(${sql.ref(`${table}.name`)}) like ${likePattern(search)} escape '\\')`;

const count = (n: number | string | bigint | null) => Number(n ?? 0);

/** Events with how many actions of the caller's territories and how many voucher batches (global) name each. */
function eventsWithCounts(db: Db, scope: TerritoryScope) {
  return db
    .selectFrom('events as e')
    .select(['e.id', 'e.ident', 'e.name'])
    .select((eb) => [
      eb
        .selectFrom('actions')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('actions.event_id', '=', 'e.id')
        .where(territoryInScope('actions.territory_id', scope))
        .as('actions'),
      eb
        .selectFrom('voucher_batches')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('voucher_batches.event_id', '=', 'e.id')
        .as('batches'),
    ]);
}

type EventCounts = { id: string; ident: string; name: string; actions: unknown; batches: unknown };
const eventOf = (r: EventCounts) => ({
  id: r.id,
  ident: r.ident,
  name: r.name,
  actions: count(r.actions as number),
  batches: count(r.batches as number),
});

export async function listEvents(db: Db, scope: TerritoryScope, search: string | undefined, page: Page) {
  let q = eventsWithCounts(db, scope);
  if (search) q = q.where(matching('e', search));
  const rows = await q.orderBy('e.ident').limit(page.limit).offset(page.offset).execute();
  let all = db.selectFrom('events as e');
  if (search) all = all.where(matching('e', search));
  const total = await all.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows.map(eventOf), total: count(total.n) };
}

export async function findEvent(db: Db, scope: TerritoryScope, id: string) {
  const row = await eventsWithCounts(db, scope).where('e.id', '=', id).executeTakeFirst();
  return row ? eventOf(row) : undefined;
}

function territoriesWithCounts(db: Db, scope: TerritoryScope) {
  return db
    .selectFrom('territories as t')
    .where(territoryInScope('t.id', scope))
    .select(['t.id', 't.ident', 't.name'])
    .select((eb) => [
      eb
        .selectFrom('user_territories')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('user_territories.territory_id', '=', 't.id')
        .as('promoters'),
      eb
        .selectFrom('staff_territories')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('staff_territories.territory_id', '=', 't.id')
        .as('staff'),
      eb
        .selectFrom('actions')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('actions.territory_id', '=', 't.id')
        .as('actions'),
    ]);
}

type TerritoryCounts = { id: string; ident: string; name: string; promoters: unknown; staff: unknown; actions: unknown };
const territoryOf = (r: TerritoryCounts) => ({
  id: r.id,
  ident: r.ident,
  name: r.name,
  promoters: count(r.promoters as number),
  staff: count(r.staff as number),
  actions: count(r.actions as number),
});

export async function listTerritories(db: Db, scope: TerritoryScope, search: string | undefined, page: Page) {
  let q = territoriesWithCounts(db, scope);
  if (search) q = q.where(matching('t', search));
  const rows = await q.orderBy('t.ident').limit(page.limit).offset(page.offset).execute();
  let all = db.selectFrom('territories as t').where(territoryInScope('t.id', scope));
  if (search) all = all.where(matching('t', search));
  const total = await all.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows: rows.map(territoryOf), total: count(total.n) };
}

/** One territory of the caller's scope; undefined for another's, as for a missing one. */
export async function findTerritory(db: Db, scope: TerritoryScope, id: string) {
  const row = await territoriesWithCounts(db, scope).where('t.id', '=', id).executeTakeFirst();
  return row ? territoryOf(row) : undefined;
}

export async function insertRow(db: Db, table: 'events' | 'territories', row: CatalogueRow): Promise<void> {
  await db.insertInto(table).values(row).execute();
}

export function findRow(db: Db, table: 'events' | 'territories', id: string): Promise<CatalogueRow | undefined> {
  return db.selectFrom(table).select(['id', 'ident', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function updateRow(db: Db, table: 'events' | 'territories', id: string, set: Partial<Omit<CatalogueRow, 'id'>>) {
  await db.updateTable(table).set(set).where('id', '=', id).execute();
}
