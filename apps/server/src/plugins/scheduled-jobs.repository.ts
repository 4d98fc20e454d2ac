import type { Db } from '../db/kysely.ts';

// job_locks (migration 020): one row per scheduled job, held by the instance that runs it and then
// until the next tick (decision 103). Each write is one statement, so two instances asking at once
// cannot both get the lock on either database.

/**
 * Takes the job's lock for `holder` until `untilIso`: a new row, or a row held no longer at `nowIso`
 * (the tick it was held for is over, or its holder crashed or hung). True when this holder has it now.
 */
export async function acquire(db: Db, name: string, holder: string, nowIso: string, untilIso: string): Promise<boolean> {
  const result = await db
    .insertInto('job_locks')
    .values({ name, holder, locked_until: untilIso })
    .onConflict((oc) => oc.column('name').doUpdateSet({ holder, locked_until: untilIso }).where('job_locks.locked_until', '<=', nowIso))
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Moves the lease on while `holder` still has the lock; false when another instance has taken it over. */
export async function extend(db: Db, name: string, holder: string, untilIso: string): Promise<boolean> {
  const result = await db
    .updateTable('job_locks')
    .set({ locked_until: untilIso })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * After a run: the lock held until the next tick starts, so no instance runs the job again in this one
 * (only this holder's row: one that lost it leaves the new holder's row alone).
 */
export async function holdUntil(db: Db, name: string, holder: string, untilIso: string): Promise<void> {
  await db.updateTable('job_locks').set({ locked_until: untilIso }).where('name', '=', name).where('holder', '=', holder).execute();
}

/** Gives the lock back at once (a run stopped by its server closing: another instance may run this tick). */
export async function release(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('job_locks').where('name', '=', name).where('holder', '=', holder).execute();
}

/** The lock's row as it is (tests and logs). */
export function findLock(db: Db, name: string) {
  return db.selectFrom('job_locks').select(['holder', 'locked_until']).where('name', '=', name).executeTakeFirst();
}
