import type { Db } from './kysely.ts';

// The e-mailed (and texted) password reset codes of promoters (password_resets) and of staff
// (staff_password_resets, migration 030, decision 120): twin tables, one set of statements. Hashes only.

/** Whose codes: the table and the column naming their owner. */
export type ResetCodes = { table: 'password_resets'; owner: 'user_id' } | { table: 'staff_password_resets'; owner: 'staff_id' };

export const PROMOTER_RESET_CODES: ResetCodes = { table: 'password_resets', owner: 'user_id' };
export const STAFF_RESET_CODES: ResetCodes = { table: 'staff_password_resets', owner: 'staff_id' };

// The twins have the same columns but their owner's: the statements are typed by the promoters' table,
// the owner's column named through `owner`.
const tableOf = (codes: ResetCodes) => codes.table as 'password_resets';
const ownerOf = (codes: ResetCodes) => codes.owner as 'user_id';

export async function insertResetCode(
  db: Db,
  codes: ResetCodes,
  row: { id: string; ownerId: string; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  const { ownerId, ...values } = row;
  await db
    .insertInto(tableOf(codes))
    .values({ ...values, [ownerOf(codes)]: ownerId, used_at: null, attempts: 0 } as never)
    .execute();
}

/** Only the newest code counts; asking for a new one voids the older ones. */
export async function voidResetCodes(db: Db, codes: ResetCodes, ownerId: string, at: string): Promise<void> {
  await db.updateTable(tableOf(codes)).set({ used_at: at }).where(ownerOf(codes), '=', ownerId).where('used_at', 'is', null).execute();
}

export function latestOpenResetCode(db: Db, codes: ResetCodes, ownerId: string) {
  return db
    .selectFrom(tableOf(codes))
    .select(['id', 'code_hash', 'created_at', 'expires_at', 'attempts'])
    .where(ownerOf(codes), '=', ownerId)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Takes one try of a code if any is left (parallel guesses cannot pass the limit): the tries used now, or null. */
export async function claimResetCodeTry(db: Db, codes: ResetCodes, id: string, maxAttempts: number): Promise<number | null> {
  const row = await db
    .updateTable(tableOf(codes))
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/** Marks the code used; false when another request used it first. */
export async function useResetCode(db: Db, codes: ResetCodes, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable(tableOf(codes))
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
