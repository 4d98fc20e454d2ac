import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { PointTable } from '../../db/schema.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';

// The register's SQL (issue 34, decision 124). A coordinator's scope is a condition of every query that
// a caller names a point by (db/territory-scope.ts): another territory's point is never returned.

export type PointRow = Selectable<PointTable> & { territory_ident: string; territory_name: string };

function inScope(db: Db, scope: TerritoryScope) {
  return db
    .selectFrom('points as p')
    .innerJoin('territories as t', 't.id', 'p.territory_id')
    .where(territoryInScope('p.territory_id', scope))
    .selectAll('p')
    .select(['t.ident as territory_ident', 't.name as territory_name']);
}

export type PointFilters = { search?: string | undefined; territory?: string | undefined; archived: boolean };

/** `%text%` for LIKE, its own % and _ escaped; the search text is stored in lower case. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

function filtered(db: Db, scope: TerritoryScope, f: PointFilters) {
  let q = inScope(db, scope).where('p.archived_at', f.archived ? 'is not' : 'is', null);
  if (f.search) q = q.where(sql<boolean>`p.search_text like ${likePattern(f.search)} escape '\\'`);
  if (f.territory) q = q.where('t.ident', '=', f.territory);
  return q;
}

export async function listPoints(db: Db, scope: TerritoryScope, f: PointFilters, page: { limit: number; offset: number }) {
  const rows = await filtered(db, scope, f)
    .orderBy('p.city_name')
    .orderBy('p.name')
    .orderBy('p.street_address')
    .orderBy('p.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const count = await filtered(db, scope, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.n) };
}

/** One point of the caller's territories; undefined for another territory's, as for a missing one. */
export function findPoint(db: Db, scope: TerritoryScope, id: string): Promise<PointRow | undefined> {
  return inScope(db, scope).where('p.id', '=', id).executeTakeFirst();
}

/** The point of this code in the territory, whoever holds it (the caller chose the territory: it is hers). */
export function findByCode(db: Db, territoryId: string, code: string) {
  return db.selectFrom('points').selectAll().where('territory_id', '=', territoryId).where('code', '=', code).executeTakeFirst();
}

/** The point of this name and address in the territory. */
export function findByAddress(db: Db, p: Pick<PointTable, 'territory_id' | 'name' | 'street_address' | 'postal_code' | 'city_name'>) {
  return db
    .selectFrom('points')
    .selectAll()
    .where('territory_id', '=', p.territory_id)
    .where('name', '=', p.name)
    .where('street_address', '=', p.street_address)
    .where('postal_code', '=', p.postal_code)
    .where('city_name', '=', p.city_name)
    .executeTakeFirst();
}

/** Every point of these territories, archived ones too (what a plan or a file may name). */
export function pointsOfTerritories(db: Db, territoryIds: readonly string[]) {
  if (territoryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('points')
    .selectAll()
    .where('territory_id', 'in', [...territoryIds])
    .execute();
}

export async function insertPoint(db: Db, row: Insertable<PointTable>): Promise<void> {
  await db.insertInto('points').values(row).execute();
}

const CHUNK = 500;
const ADDRESS_KEY = ['territory_id', 'name', 'street_address', 'postal_code', 'city_name'] as const;

/**
 * New points, each only when its territory has no point of its name and address: another writer that
 * added it meanwhile (a plan import, the office's form) makes this one wait for its commit and then
 * write nothing for it. Answers the ids of the points of these addresses, by the address key.
 */
export async function insertNewPoints(db: Db, rows: readonly Insertable<PointTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('points')
      .values(rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(ADDRESS_KEY).doNothing())
      .execute();
  }
}

export async function updatePoint(db: Db, id: string, set: Updateable<PointTable>): Promise<void> {
  await db.updateTable('points').set(set).where('id', '=', id).execute();
}

/** Archived (at `at`) or restored, only when it is not so already: answers whether it changed. */
export async function setArchived(db: Db, id: string, at: string | null, updatedAt: string): Promise<boolean> {
  const result = await db
    .updateTable('points')
    .set({ archived_at: at, updated_at: updatedAt })
    .where('id', '=', id)
    .where('archived_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
