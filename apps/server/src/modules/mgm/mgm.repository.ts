import type { Db } from '../../db/kysely.ts';
import type { MgmInvitationTable } from '../../db/schema.ts';

// Member-get-member's SQL (decision 070): her consents on record, the invitations and the ranking. The
// consumer as the referral needs to know her is the consumers module's (consumers.service.ts, decision
// 084); mgm_invitations is migration 010's.

/**
 * Her latest proven consent record of one field (the consent as it stands now), if any. Proven: the
 * webform's (its codes proved her, decision 067) or MGM's confirmed by her code (decision 079); an MGM
 * record without her confirmation (written before 2026-11-27) never decides her consent. A withdrawal
 * recorded since (the privacy officer's, decision 097) overrides it: the service asks the privacy module.
 */
export function latestConsent(db: Db, consumerId: string, field: string) {
  return db
    .selectFrom('consent_records')
    .select(['decision', 'text_version', 'text_hash', 'recorded_at'])
    .where('consumer_id', '=', consumerId)
    .where('field', '=', field)
    .where((eb) => eb.or([eb('channel', '<>', 'mgm'), eb('mgm_confirmation_id', 'is not', null)]))
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function isInvited(db: Db, consumerId: string): Promise<boolean> {
  return (await db.selectFrom('mgm_invitations').select('id').where('consumer_id', '=', consumerId).executeTakeFirst()) !== undefined;
}

/** Stores an invitation; the unique consumer refuses a second one (isUniqueViolation). */
export async function insertInvitation(db: Db, row: MgmInvitationTable): Promise<void> {
  await db.insertInto('mgm_invitations').values(row).execute();
}

/** Her points: the sum of her invitations' points. */
export async function balanceOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('mgm_invitations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string | number>('points'), eb.val(0)).as('balance'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/** How many promoters have more points than `balance` (ties are not counted: they share a place). */
export async function promotersAbove(db: Db, balance: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('mgm_invitations')
        .select('user_id')
        .groupBy('user_id')
        .having((h) => h.fn.sum('points'), '>', balance)
        .as('above'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
