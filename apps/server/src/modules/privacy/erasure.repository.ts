import { sql } from 'kysely';
import { ERASED_RECIPIENT } from '../../db/confirmed-proofs.ts';
import type { Db } from '../../db/schema.ts';

export { ERASED_RECIPIENT };

// An erasure's SQL (art. 17, decision 098), one statement per table of personal-data.ts's inventory
// that holds a consumer's data. Every function takes the caller's transaction. These tables belong to
// other modules (consumers, leads, receipts, mgm, notifier, the idempotency plugin); an erasure reaches
// them all at once, in one transaction, so its SQL sits together here, beside the inventory it follows.

/** The pseudonyms of personal-data.ts: NOT NULL (and UNIQUE) columns cannot be emptied to null. */
export const erasedEmail = (consumerId: string) => `erased-${consumerId}@invalid`;

export function leadIdsOf(db: Db, consumerId: string) {
  return db.selectFrom('leads').select('id').where('consumer_id', '=', consumerId).execute();
}

export function receiptIdsOf(db: Db, leadIds: readonly string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('action_receipts').select('id').where('lead_id', 'in', leadIds).execute();
}

/** Her devices' serial numbers, wherever her rows hold one: what stored answers are searched for (decision 108). */
export async function serialsOf(db: Db, consumerId: string, leadIds: readonly string[]): Promise<string[]> {
  const rows = [
    ...(await db.selectFrom('consumer_items').select('serial_number as serial').where('consumer_id', '=', consumerId).execute()),
  ];
  if (leadIds.length > 0) {
    rows.push(...(await db.selectFrom('lead_items').select('serial_number as serial').where('lead_id', 'in', leadIds).execute()));
    rows.push(...(await db.selectFrom('action_receipts').select('device_serial as serial').where('lead_id', 'in', leadIds).execute()));
  }
  return [...new Set(rows.map((r) => r.serial).filter((s): s is string => s !== null && s.trim() !== ''))];
}

/** Her row stays (consent records, leads and invitations point at it), naming no one. */
export async function eraseConsumerRow(db: Db, consumerId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('consumers')
    .set({
      email_address: erasedEmail(consumerId),
      mobile_number: '',
      first_name: '',
      last_name: '',
      birth_date: null,
      inspiration_club_since: null,
      postal_code: null,
      category: null,
      secondary_brand: null,
      updated_at: at,
      erased_at: at,
    })
    .where('id', '=', consumerId)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function eraseItems(db: Db, consumerId: string): Promise<void> {
  await db.updateTable('consumer_items').set({ serial_number: null }).where('consumer_id', '=', consumerId).execute();
}

/** Her registrations stay (the counts read them) without where she was or what she typed. */
export async function eraseLeads(db: Db, consumerId: string, leadIds: readonly string[]): Promise<void> {
  await db
    .updateTable('leads')
    .set({ email_address: null, latitude: null, longitude: null, trace: null })
    .where('consumer_id', '=', consumerId)
    .execute();
  if (leadIds.length === 0) return;
  await db.updateTable('lead_items').set({ serial_number: null }).where('lead_id', 'in', leadIds).execute();
  await db.updateTable('action_receipts').set({ device_serial: null }).where('lead_id', 'in', leadIds).execute();
}

/** The brand's device registry keeps its serial numbers; they no longer point at her. */
export async function unlinkDevices(db: Db, consumerId: string): Promise<void> {
  await db.updateTable('glo_devices').set({ consumer_id: null }).where('consumer_id', '=', consumerId).execute();
}

/** The club's list: her entries (by id or by her e-mail) take the pseudonym and she has left. */
export async function eraseClubEntries(db: Db, consumerId: string, emailAddress: string, at: string): Promise<void> {
  await db
    .updateTable('inspiration_club_members')
    .set((eb) => ({ email_address: erasedEmail(consumerId), consumer_id: consumerId, left_at: eb.fn.coalesce('left_at', sql.lit(at)) }))
    .where((eb) => eb.or([eb('consumer_id', '=', consumerId), eb('email_address', '=', emailAddress)]))
    .execute();
}

/** The number MGM's codes went to; migration 021 lets a confirmed proof take exactly this change. */
export async function eraseMgmRecipients(db: Db, consumerId: string): Promise<void> {
  await db
    .updateTable('mgm_consent_confirmations')
    .set({ recipient: ERASED_RECIPIENT })
    .where('consumer_id', '=', consumerId)
    .where('recipient', '!=', ERASED_RECIPIENT)
    .execute();
}

/** Look-ups of her e-mail: the promoter's probing counts stay, the pseudonym of her e-mail goes. */
export async function replaceLookupHash(db: Db, emailHash: string, replacement: string): Promise<void> {
  await db.updateTable('mgm_lookups').set({ email_hash: replacement }).where('email_hash', '=', emailHash).execute();
}

export async function deleteOtps(db: Db, recipientHash: string): Promise<void> {
  await db.deleteFrom('lead_otps').where('recipient_hash', '=', recipientHash).execute();
}

/** /lead/otp's send counters carry SHA-256 of her e-mail and of her number at the end of their keys. */
export async function deleteCounters(db: Db, hashes: readonly string[]): Promise<void> {
  for (const hash of hashes) await db.deleteFrom('rate_counters').where('key', 'like', `%${hash}`).execute();
}

export async function deleteMessagesTo(db: Db, recipients: readonly string[]): Promise<void> {
  const to = recipients.filter((r) => r !== '');
  if (to.length > 0) await db.deleteFrom('outbox_messages').where('recipient', 'in', to).execute();
}

/** Stored answers holding any of these texts (any case): the ones an erasure must scrub. */
export function storedAnswersHolding(db: Db, needles: readonly string[]) {
  if (needles.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('idempotency_keys')
    .select(['scope', 'key', 'response_body'])
    .where('response_body', 'is not', null)
    .where((eb) => eb.or(needles.map((n) => eb(eb.fn('lower', ['response_body']), 'like', `%${n.toLowerCase()}%`))))
    .execute();
}

export async function replaceStoredAnswer(db: Db, scope: string, key: string, body: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ response_body: body }).where('scope', '=', scope).where('key', '=', key).execute();
}

export async function deleteStoredAnswer(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
}

/**
 * Stored answers kept for replays that name her (the officer's export of her data): deleted. A `_` or
 * `%` of an e-mail only widens LIKE's match; what a replay would have answered is then answered anew.
 */
export async function deleteStoredAnswers(db: Db, needles: readonly string[]): Promise<void> {
  const terms = needles.filter((n) => n.length >= 3);
  if (terms.length === 0) return;
  await db
    .deleteFrom('idempotency_keys')
    .where('response_body', 'is not', null)
    .where((eb) => eb.or(terms.map((n) => eb('response_body', 'like', `%${n}%`))))
    .execute();
}
