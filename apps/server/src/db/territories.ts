import type { Db } from './kysely.ts';
import { newId } from '../lib/crypto.ts';
import { territoryInScope, type TerritoryScope } from './territory-scope.ts';

// Territories are shared by promoters, staff and actions: looked up here, by whoever needs them.

/** The territories with these idents (those that exist). */
export async function territoriesByIdent(db: Db, idents: readonly string[]): Promise<{ id: string; ident: string }[]> {
  if (idents.length === 0) return [];
  return db.selectFrom('territories').select(['id', 'ident']).where('ident', 'in', idents).execute();
}

/** The territories of a staff member's scope, by ident (a filter's list). */
export function territoriesInScope(db: Db, scope: TerritoryScope): Promise<{ ident: string; name: string }[]> {
  return db.selectFrom('territories').select(['ident', 'name']).where(territoryInScope('territories.id', scope)).orderBy('ident').execute();
}

/** The territory's id; a territory not seen before is created, named after its ident (the admin CLI). */
export async function ensureTerritory(db: Db, ident: string): Promise<string> {
  const found = await db.selectFrom('territories').select('id').where('ident', '=', ident).executeTakeFirst();
  if (found) return found.id;
  const id = newId();
  await db.insertInto('territories').values({ id, ident, name: ident }).execute();
  return id;
}
