import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/kysely.ts';
import type { NotificationTable } from '../../db/schema.ts';

// The SMS fallback's statements (decision 135). Every change of a notification's SMS is one UPDATE
// guarded by the state it was seen in, so sweeps of several instances (or a resend) at once cannot both
// send: the one whose UPDATE changed the row sends, the others change nothing.

type SmsState = NotificationTable['sms_state'];
const PENDING: SmsState[] = ['waiting', 'quiet_hours'];

/**
 * Still to tell her: not read in the app, and no push shown — unless staff resent it since, after which
 * only reading it stops the SMS (a shown push did not make her act).
 */
const unseen = (eb: ExpressionBuilder<Database, 'notifications'>) =>
  eb.and([eb('read_at', 'is', null), eb.or([eb('push_shown_at', 'is', null), eb('resent_at', 'is not', null)])]);

/** Notifications whose SMS is due by `nowIso` (or that one), oldest due first, with her number. */
export function dueSms(db: Db, nowIso: string, limit: number, id?: number) {
  let q = db
    .selectFrom('notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.id', 'n.kind', 'n.read_at', 'n.push_shown_at', 'n.resent_at', 'u.mobile_phone', 'u.deactivated_at'])
    .where('n.sms_state', 'in', PENDING)
    .where('n.sms_due_at', '<=', nowIso);
  if (id !== undefined) q = q.where('n.id', '=', id);
  return q.orderBy('n.sms_due_at').orderBy('n.id').limit(limit).execute();
}

/** Seen in time: no SMS. */
export async function markNotNeeded(db: Db, id: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ sms_state: 'not_needed' })
    .where('id', '=', id)
    .where('sms_state', 'in', PENDING)
    .where((eb) => eb.not(unseen(eb)))
    .execute();
}

/** Due in the quiet hours: it waits until `untilIso` (8:00). */
export async function holdForQuietHours(db: Db, id: number, nowIso: string, untilIso: string): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ sms_state: 'quiet_hours', sms_due_at: untilIso })
    .where('id', '=', id)
    .where('sms_state', 'in', PENDING)
    .where('sms_due_at', '<=', nowIso)
    .execute();
}

/** Her account is active: a deactivated promoter gets no SMS (she has no app to read it in). */
const herAccountActive = (eb: ExpressionBuilder<Database, 'notifications'>) =>
  eb.exists(
    eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'notifications.user_id').where('users.deactivated_at', 'is', null),
  );

/** Her account was deactivated since: the SMS still waiting is not needed (decision 135). */
export async function markNotNeededForDeactivated(db: Db, id: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ sms_state: 'not_needed' })
    .where('id', '=', id)
    .where('sms_state', 'in', PENDING)
    .where((eb) => eb.not(herAccountActive(eb)))
    .execute();
}

/** One sender's claim of an SMS: its try's number, and the token only this claim holds. */
export type SmsClaim = { attempt: number; token: string };

/**
 * Claims the SMS for one sender: its due time moves to the end of a lease (a sender that dies mid-way
 * leaves it to the sweep after that), its attempt is counted and the claim's token set. Null when
 * another sender claimed it first, it is no longer due or needed, or her account was deactivated.
 */
export async function claimSms(db: Db, id: number, nowIso: string, leaseUntilIso: string): Promise<SmsClaim | null> {
  const token = randomUUID();
  const row = await db
    .updateTable('notifications')
    .set((eb) => ({ sms_due_at: leaseUntilIso, sms_attempts: eb('sms_attempts', '+', 1), sms_claim: token }))
    .where('id', '=', id)
    .where('sms_state', 'in', PENDING)
    .where('sms_due_at', '<=', nowIso)
    .where(unseen)
    .where(herAccountActive)
    .returning('sms_attempts')
    .executeTakeFirst();
  return row ? { attempt: Number(row.sms_attempts), token } : null;
}

/** The claimed attempt's outcome: sent, failed, or due again at `dueIso` (a gateway failure to retry). */
export async function finishSms(
  db: Db,
  id: number,
  claim: SmsClaim,
  outcome: { state: 'sent'; atIso: string } | { state: 'failed' } | { state: 'waiting'; dueIso: string },
): Promise<void> {
  const values =
    outcome.state === 'sent'
      ? { sms_state: 'sent' as const, sms_sent_at: outcome.atIso }
      : outcome.state === 'failed'
        ? { sms_state: 'failed' as const }
        : { sms_state: 'waiting' as const, sms_due_at: outcome.dueIso };
  // Only the claim's own token: a sender whose lease ran out and was claimed again, or whose claim a
  // resend cleared (it sets the attempts back to 0, so their number could be this one's), writes nothing.
  await db
    .updateTable('notifications')
    .set({ ...values, sms_claim: null })
    .where('id', '=', id)
    .where('sms_claim', '=', claim.token)
    .execute();
}

/** A resend's SMS (decision 135): due at `dueIso` again, for an event that falls back (its sms_due_at was set). */
export async function rearmSms(db: Db, id: number, state: 'waiting' | 'quiet_hours', dueIso: string): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    // Its tries counted anew: a gateway that failed the first SMS three times leaves the resend its own.
    // A claim still standing (a sweep waiting on the gateway) loses its right to write.
    .set({ sms_state: state, sms_due_at: dueIso, sms_attempts: 0, sms_claim: null })
    .where('id', '=', id)
    .where('sms_due_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
