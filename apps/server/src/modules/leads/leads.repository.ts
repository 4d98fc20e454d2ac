import type { Db } from '../../db/kysely.ts';
import type { LeadOtpTable } from '../../db/schema.ts';

// ── the codes of /lead/otp ──

export type OtpRow = Omit<LeadOtpTable, 'email_wrong_tries' | 'sms_wrong_tries' | 'consumed_at'>;

/**
 * Stores a send's codes, replacing what the same promoter had for that e-mail and number (one statement,
 * so two sends at once leave one set, never two): the tries start again and the new id makes the old
 * hashes useless. Another promoter's codes for the contact are hers and stay (decision 080).
 */
export async function replaceOtp(db: Db, row: OtpRow): Promise<void> {
  const fresh = { ...row, email_wrong_tries: 0, sms_wrong_tries: 0, consumed_at: null };
  const { recipient_hash: _key, user_id: _user, ...update } = fresh;
  await db
    .insertInto('lead_otps')
    .values(fresh)
    .onConflict((oc) => oc.columns(['recipient_hash', 'user_id']).doUpdateSet(update))
    .execute();
}

/** The codes she asked for that e-mail and number; another promoter's are not hers to verify. */
export function findHerOtp(db: Db, recipientHash: string, userId: string) {
  return db
    .selectFrom('lead_otps')
    .selectAll()
    .where('recipient_hash', '=', recipientHash)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export type OtpChannel = 'email' | 'sms';
const triesColumn = (channel: OtpChannel) => (channel === 'email' ? 'email_wrong_tries' : 'sms_wrong_tries');

/**
 * Takes one of the code's tries before it is compared (atomically, so parallel guesses cannot all slip
 * under the limit); false when its tries are used up. A right code gives its try back (giveBackTry).
 */
export async function takeTry(db: Db, id: string, channel: OtpChannel, max: number): Promise<boolean> {
  const column = triesColumn(channel);
  const result = await db
    .updateTable('lead_otps')
    .set((eb) => ({ [column]: eb(column, '+', 1) }))
    .where('id', '=', id)
    .where(column, '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function giveBackTry(db: Db, id: string, channel: OtpChannel): Promise<void> {
  const column = triesColumn(channel);
  await db
    .updateTable('lead_otps')
    .set((eb) => ({ [column]: eb(column, '-', 1) }))
    .where('id', '=', id)
    .where(column, '>', 0)
    .execute();
}

/**
 * Uses the codes up: spec §5 Send rule, at the first registration attempt (/lead/register, issue 11).
 * False when they were used already (a parallel attempt came first).
 */
export async function consumeCodes(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('lead_otps')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Codes expired before `beforeIso` are of no use to anyone. */
export async function deleteExpiredOtps(db: Db, beforeIso: string): Promise<void> {
  await db.deleteFrom('lead_otps').where('expires_at', '<', beforeIso).execute();
}

// ── who registers ──

/** Her hostess code (spec §3: the webform's hostessCode is her ident). */
export async function findUserIdent(db: Db, userId: string): Promise<string> {
  return (await db.selectFrom('users').select('ident').where('id', '=', userId).executeTakeFirstOrThrow()).ident;
}

// ── the event of /lead/verify ──

/** The event with that ident, if she works on it (an action of it assigned to her, not cancelled). */
export function findHerEventByIdent(db: Db, userId: string, ident: string) {
  return db
    .selectFrom('events as e')
    .select('e.id')
    .where('e.ident', '=', ident)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('action_assignments as s')
          .innerJoin('actions as a', 'a.id', 's.action_id')
          .select('s.action_id')
          .whereRef('a.event_id', '=', 'e.id')
          .where('s.user_id', '=', userId)
          .where('s.cancelled_at', 'is', null),
      ),
    )
    .executeTakeFirst();
}
