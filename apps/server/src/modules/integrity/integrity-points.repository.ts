import type { Db } from '../../db/kysely.ts';

// Issue 38 (decision 138): "the same point" for the signals that compare with other actions there —
// the same register point (`action_points.point_id`) or, for a point planned outside the register,
// the same name and street address.

export type ActionPointRef = { point_id: string | null | undefined; name: string; street_address: string };

/** Where the action is: its register points, and the name and address of each of its points. */
export function pointsOfAction(db: Db, actionId: string): Promise<ActionPointRef[]> {
  return db.selectFrom('action_points').select(['point_id', 'name', 'street_address']).where('action_id', '=', actionId).execute();
}

/** The actions planned at one of these points, as a subquery of action ids. */
export function actionsAtPoints(db: Db, points: readonly ActionPointRef[]) {
  const pointIds = points.flatMap((p) => (p.point_id ? [p.point_id] : []));
  const unregistered = points.filter((p) => !p.point_id);
  return db
    .selectFrom('action_points as p')
    .select('p.action_id')
    .where((w) =>
      w.or([
        ...(pointIds.length ? [w('p.point_id', 'in', pointIds)] : []),
        ...unregistered.map((p) => w.and([w('p.name', '=', p.name), w('p.street_address', '=', p.street_address)])),
      ]),
    );
}
