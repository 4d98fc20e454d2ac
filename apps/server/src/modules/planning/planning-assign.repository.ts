import type { Db } from '../../db/kysely.ts';

// The SQL of /api/admin/actions/assign and /unassign: the promoters, their assignments, and what the
// warnings look at (her other actions, her availability). The action itself, in its scope, comes from
// planning.repository.ts.

/** Promoters by id, each with her territory ids. */
export async function findPromotersById(db: Db, ids: readonly string[]) {
  type Promoter = { id: string; ident: string; territoryIds: Set<string>; active: boolean };
  if (ids.length === 0) return new Map<string, Promoter>();
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_territories as ut', 'ut.user_id', 'u.id')
    .select(['u.id', 'u.ident', 'u.deactivated_at', 'ut.territory_id'])
    .where('u.id', 'in', [...ids])
    .execute();
  const byId = new Map<string, Promoter>();
  for (const row of rows) {
    const promoter = byId.get(row.id) ?? {
      id: row.id,
      ident: row.ident,
      territoryIds: new Set<string>(),
      active: row.deactivated_at === null,
    };
    if (row.territory_id) promoter.territoryIds.add(row.territory_id);
    byId.set(row.id, promoter);
  }
  return byId;
}

/**
 * Her assignments to the action, those she has not yet: the ids of the promoters actually added. Two
 * assigns at once cannot both add her (the second finds the first's row and adds nothing).
 */
export async function insertAssignments(db: Db, actionId: string, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insertInto('action_assignments')
    .values(
      userIds.map((userId) => ({
        action_id: actionId,
        user_id: userId,
        status: null,
        action_point_id: null,
        last_status_at: null,
        cancelled_at: null,
      })),
    )
    .onConflict((oc) => oc.columns(['action_id', 'user_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

export async function reviveAssignment(db: Db, actionId: string, userId: string) {
  await db
    .updateTable('action_assignments')
    .set({ cancelled_at: null })
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('status', 'is', null)
    .execute();
}

/** Only an assignment she has not started: her history stays. */
export async function deleteAssignment(db: Db, actionId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('action_assignments')
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('status', 'is', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Her other actions (not cancelled by anyone) that share some time with since–until. */
export function overlappingActions(db: Db, userIds: readonly string[], o: { actionId: string; since: string; until: string }) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('action_assignments as s')
    .innerJoin('actions as a', 'a.id', 's.action_id')
    .select(['s.user_id', 'a.id', 'a.name', 'a.since', 'a.until'])
    .where('s.user_id', 'in', [...userIds])
    .where('s.cancelled_at', 'is', null)
    .where('a.id', '!=', o.actionId)
    .where('a.global_status', '!=', 'hst_cancelled')
    .where('a.since', '<', o.until)
    .where('a.until', '>', o.since)
    .orderBy('a.since')
    .execute();
}

/** Her availability blocks that share some time with since–until. */
export function availabilityAround(db: Db, userIds: readonly string[], o: { since: string; until: string }) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('availability')
    .select(['user_id', 'since', 'until'])
    .where('user_id', 'in', [...userIds])
    .where('since', '<', o.until)
    .where('until', '>', o.since)
    .orderBy('since')
    .execute();
}

/**
 * The plan import's view of many promoters' schedules in since–until (decision 113): their actions (not
 * cancelled by anyone) and their availability blocks, read in slices of ids.
 */
export async function schedulesInRange(db: Db, userIds: readonly string[], range: { since: string; until: string }) {
  const actions = [];
  const availability = [];
  for (let i = 0; i < userIds.length; i += 1000) {
    const slice = userIds.slice(i, i + 1000);
    actions.push(...(await overlappingActions(db, slice, { actionId: '', ...range })));
    availability.push(...(await availabilityAround(db, slice, range)));
  }
  return { actions, availability };
}
