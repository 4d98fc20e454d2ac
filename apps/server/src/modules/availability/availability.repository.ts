import type { Db } from '../../db/kysely.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { AvailabilityTable } from '../../db/schema.ts';

// Times are the API's wall clock 'YYYY-MM-DD HH:mm:ss' and compare as text on both databases
// (decision 003). Two blocks overlap when each starts before the other ends: touching ends do not.

export type AvailabilityRow = Pick<AvailabilityTable, 'id' | 'since' | 'until'>;

// The calendar asks for its window on every visit and after every change: prepared.
const inWindow = preparedQuery((db, v: { userId: string; since: string; until: string }) =>
  db
    .selectFrom('availability')
    .select(['id', 'since', 'until'])
    .where('user_id', '=', v.userId)
    .where('since', '<', v.until)
    .where('until', '>', v.since)
    .orderBy('since')
    .orderBy('id'),
);

/** Her blocks overlapping the window, earliest first. */
export async function listInWindow(db: Db, userId: string, since: string, until: string): Promise<AvailabilityRow[]> {
  return (await inWindow(db, { userId, since, until })).rows;
}

/** Her block, or undefined — another promoter's block is never revealed to exist. */
export function findOwn(db: Db, userId: string, id: string): Promise<AvailabilityRow | undefined> {
  return db
    .selectFrom('availability')
    .select(['id', 'since', 'until'])
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether one of her blocks, other than `exceptId`, overlaps since–until. */
export async function overlapsAnother(db: Db, userId: string, since: string, until: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('availability').select('id').where('user_id', '=', userId).where('since', '<', until).where('until', '>', since);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

// Her writes are serialised by the shared db/lock-promoter.ts (also the vouchers' top-up).
export { lockPromoter } from '../../db/lock-promoter.ts';

export async function insert(db: Db, row: AvailabilityTable): Promise<void> {
  await db.insertInto('availability').values(row).execute();
}

export async function move(db: Db, userId: string, id: string, since: string, until: string): Promise<void> {
  await db.updateTable('availability').set({ since, until }).where('user_id', '=', userId).where('id', '=', id).execute();
}

/** Removes her block; false when there was none (removed meanwhile). */
export async function remove(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('availability').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
