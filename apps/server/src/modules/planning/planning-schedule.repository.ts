import { stateOfAction } from '../../db/action-state.ts';
import type { Db } from '../../db/kysely.ts';
import { territoryInScope, type TerritoryScope } from '../../db/territory-scope.ts';
import { actionsInScope } from './planning.repository.ts';

// The SQL of the schedules beside an action being planned and of the open actions (issue 34, decision 126).

/** The active promoters of a territory, by last and first name. */
export function activePromotersOf(db: Db, territoryId: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('user_territories as ut', 'ut.user_id', 'u.id')
    .select(['u.id', 'u.ident', 'u.firstname', 'u.lastname'])
    .where('ut.territory_id', '=', territoryId)
    .where('u.deactivated_at', 'is', null)
    .orderBy('u.lastname')
    .orderBy('u.firstname')
    .orderBy('u.id')
    .execute();
}

export type OpenActionFilter = { since: string; until: string; territoryIds?: string[]; now: string };

/**
 * Open: still planned (decision 110), not over by `now` (wall clock), and nobody on it — no assignment
 * that she has not cancelled in her app.
 */
function openQuery(db: Db, f: OpenActionFilter, scope: TerritoryScope) {
  let q = actionsInScope(db, scope)
    .where('a.since', '<', f.until)
    .where('a.until', '>', f.since)
    .where('a.until', '>', f.now)
    .where((eb) => eb(stateOfAction(), '=', 'planned'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('action_assignments as s')
            .select('s.action_id')
            .whereRef('s.action_id', '=', 'a.id')
            .where('s.cancelled_at', 'is', null),
        ),
      ),
    );
  if (f.territoryIds) q = q.where(territoryInScope('a.territory_id', { everywhere: false, territoryIds: f.territoryIds }));
  return q;
}

export async function openActions(db: Db, f: OpenActionFilter, scope: TerritoryScope, page: { limit: number; offset: number }) {
  const rows = await openQuery(db, f, scope).orderBy('a.since').orderBy('a.id').limit(page.limit).offset(page.offset).execute();
  const counts = await openQuery(db, f, scope)
    .clearSelect()
    .select(['t.ident', 't.name'])
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .groupBy(['t.ident', 't.name'])
    .orderBy('t.ident')
    .execute();
  return { rows, counts: counts.map((c) => ({ ident: c.ident ?? '—', name: c.name ?? '—', count: Number(c.n) })) };
}
