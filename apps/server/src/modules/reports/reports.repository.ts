import type { Db } from '../../db/kysely.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { WallRange } from './sample-periods.ts';

/** The brands the stats count (spec §3 Sample stats); Veo and Neo samples are stored, not counted. */
const COUNTED_BRANDS = ['Glo', 'Vuse', 'Velo'] as const;
type CountedBrand = (typeof COUNTED_BRANDS)[number];
type CountRow = { brand: string; model: string; count: number | string };

// Registrations made on the exp1707 test action (spec §2) never count (decision 067).
function countedItems(db: Db, userId: string) {
  return db
    .selectFrom('lead_items as i')
    .innerJoin('leads as l', 'l.id', 'i.lead_id')
    .where('l.user_id', '=', userId)
    .where('l.is_test', '=', 0)
    .where('i.brand', 'in', COUNTED_BRANDS)
    .select(['i.brand', 'i.model'])
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .groupBy(['i.brand', 'i.model'])
    .orderBy('i.brand')
    .orderBy('i.model');
}

// Her devices per brand and model: in one action, or in a range of wall time (a month).
const inAction = preparedQuery((db, v: { userId: string; actionId: string }) =>
  countedItems(db, v.userId).where('l.action_id', '=', v.actionId),
);
const inRange = preparedQuery((db, v: { userId: string; from: string; to: string }) =>
  countedItems(db, v.userId).where('l.wall_time', '>=', v.from).where('l.wall_time', '<', v.to),
);

const counted = (rows: CountRow[]) => rows.map((r) => ({ brand: r.brand as CountedBrand, model: r.model, count: Number(r.count) }));

export async function countInAction(db: Db, userId: string, actionId: string) {
  return counted((await inAction(db, { userId, actionId })).rows);
}

export async function countInRange(db: Db, userId: string, range: WallRange) {
  return counted((await inRange(db, { userId, ...range })).rows);
}

export function findUser(db: Db, userId: string) {
  return db.selectFrom('users').select(['ident', 'firstname', 'lastname']).where('id', '=', userId).executeTakeFirstOrThrow();
}

/**
 * Her check-ins and check-outs of an action in the order they happened. A check-out tapped before its
 * check-in counts at the check-in (decision 072): at one instant the check-in comes first, as
 * 'check_in' sorts before 'check_out'.
 */
export function transitionsOf(db: Db, actionId: string, userId: string) {
  return db
    .selectFrom('action_status_events')
    .select(['kind', 'action_point_id', 'wall_time', 'created_at'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .where('kind', 'in', ['check_in', 'check_out'])
    .orderBy('created_at')
    .orderBy('kind')
    .orderBy('id')
    .execute();
}
