import type { Db } from '../../db/kysely.ts';

// A staff member's one-time links (decision 118) and e-mailed reset codes (decision 120): hashes only.

export async function insertLink(
  db: Db,
  row: { id: string; staff_id: string; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('staff_password_links')
    .values({ ...row, used_at: null })
    .execute();
}

/** A link by its token's hash, with whose account it opens. */
export function findLink(db: Db, tokenHash: string) {
  return db
    .selectFrom('staff_password_links')
    .innerJoin('staff', 'staff.id', 'staff_password_links.staff_id')
    .select([
      'staff_password_links.id',
      'staff_password_links.staff_id',
      'staff_password_links.expires_at',
      'staff_password_links.used_at',
      'staff.username',
      'staff.firstname',
      'staff.lastname',
      'staff.deactivated_at',
    ])
    .where('staff_password_links.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the link used; false when another request used (or voided) it first. */
export async function useLink(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_password_links')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Her open links stop working (a fresh one is sent). */
export async function voidLinks(db: Db, staffId: string, at: string): Promise<void> {
  await db.updateTable('staff_password_links').set({ used_at: at }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
}

/** Her open links and codes stop working: a newer link, a password set, her deactivation. */
export async function voidLinksAndCodes(db: Db, staffId: string, at: string): Promise<void> {
  await voidLinks(db, staffId, at);
  await db.updateTable('staff_password_resets').set({ used_at: at }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
}
