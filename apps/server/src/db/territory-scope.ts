import { sql, type Expression, type SqlBool } from 'kysely';

// Territory scoping (issue 24, decision 085): a coordinator's queries cannot return another territory's
// rows because the scope is a condition of the query itself, not a filter applied afterwards. The one
// guard (plugins/auth.ts) computes a staff member's scope for the route's permission; repositories
// take it and add one of these conditions.

export type TerritoryScope =
  { readonly everywhere: true } | { readonly everywhere: false; /** territories.id of hers */ readonly territoryIds: readonly string[] };

export const EVERYWHERE: TerritoryScope = { everywhere: true };

export const withinTerritories = (territoryIds: readonly string[]): TerritoryScope => ({ everywhere: false, territoryIds });

const always = sql<SqlBool>`1 = 1`;
const never = sql<SqlBool>`1 = 0`;

/** `column` (a territory id, e.g. 'actions.territory_id') lies in the scope; a null territory only for 'everywhere'. */
export function territoryInScope(column: string, scope: TerritoryScope): Expression<SqlBool> {
  if (scope.everywhere) return always;
  if (scope.territoryIds.length === 0) return never;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join(scope.territoryIds)})`;
}

/** The promoter `userColumn` (a users.id) works in at least one territory of the scope. */
export function promoterInScope(userColumn: string, scope: TerritoryScope): Expression<SqlBool> {
  if (scope.everywhere) return always;
  if (scope.territoryIds.length === 0) return never;
  return sql<SqlBool>`exists (select 1 from user_territories scope_ut where scope_ut.user_id = ${sql.ref(userColumn)}
    and scope_ut.territory_id in (${sql.join(scope.territoryIds)}))`;
}

/** Whether every territory id lies in the scope (what a change may name). */
export function allInScope(scope: TerritoryScope, territoryIds: readonly string[]): boolean {
  if (scope.everywhere) return true;
  const mine = new Set(scope.territoryIds);
  return territoryIds.every((id) => mine.has(id));
}

/** Whether some territory id lies in the scope: a promoter of any of them is one the caller sees. */
export function anyInScope(scope: TerritoryScope, territoryIds: readonly string[]): boolean {
  if (scope.everywhere) return true;
  const mine = new Set(scope.territoryIds);
  return territoryIds.some((id) => mine.has(id));
}
