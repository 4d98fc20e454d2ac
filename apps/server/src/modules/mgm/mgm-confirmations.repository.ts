import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { MgmConsentConfirmationTable, MgmLookupTable } from '../../db/schema.ts';

// Member-get-member's consent confirmations and look-up log (migration 013, decision 079). A confirmed
// row is a proof its consent records point at: nothing here updates one once confirmed_at is set.

export type PendingConsent = { field: string; decision: 0 | 1; text_version: string; text_hash: string };

/**
 * Her new request for this consumer's confirmation, replacing her unconfirmed one in one statement (two
 * sends at once leave one request): the new id makes the old code's hash useless, the tries start again.
 */
export async function replacePendingConfirmation(db: Db, row: Insertable<MgmConsentConfirmationTable>): Promise<void> {
  const { user_id: _user, consumer_id: _consumer, ...update } = { ...row, wrong_tries: 0 };
  await db
    .insertInto('mgm_consent_confirmations')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'consumer_id']).where('confirmed_at', 'is', null).doUpdateSet(update))
    .execute();
}

/** Unconfirmed requests that expired before `beforeIso` prove nothing and can never be confirmed. */
export async function deleteExpiredPending(db: Db, beforeIso: string): Promise<void> {
  await db.deleteFrom('mgm_consent_confirmations').where('confirmed_at', 'is', null).where('expires_at', '<', beforeIso).execute();
}

/** Her request waiting for this consumer's code, if any (another promoter's is not hers to confirm). */
export function findPendingConfirmation(db: Db, userId: string, consumerId: string) {
  return db
    .selectFrom('mgm_consent_confirmations')
    .selectAll()
    .where('user_id', '=', userId)
    .where('consumer_id', '=', consumerId)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
}

/** Takes one wrong try before the comparison (atomically); false when its tries are used up. */
export async function takeTry(db: Db, id: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('mgm_consent_confirmations')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '+', 1) }))
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('wrong_tries', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackTry(db: Db, id: string): Promise<void> {
  await db
    .updateTable('mgm_consent_confirmations')
    .set((eb) => ({ wrong_tries: eb('wrong_tries', '-', 1) }))
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('wrong_tries', '>', 0)
    .execute();
}

/** Marks it confirmed; false when a parallel confirmation came first. */
export async function markConfirmed(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('mgm_consent_confirmations')
    .set({ confirmed_at: at })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── the look-up log ──

/** Whether she looked this e-mail up since `sinceIso` (a look-up refused by the limit told her nothing). */
export async function lookedUpSince(db: Db, userId: string, emailHash: string, sinceIso: string): Promise<boolean> {
  const row = await db
    .selectFrom('mgm_lookups')
    .select('id')
    .where('user_id', '=', userId)
    .where('email_hash', '=', emailHash)
    .where('looked_up_at', '>', sinceIso)
    .where('outcome', '<>', 'E_TOO_MANY_REQUESTS')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function logLookup(db: Db, row: MgmLookupTable): Promise<void> {
  await db.insertInto('mgm_lookups').values(row).execute();
}
