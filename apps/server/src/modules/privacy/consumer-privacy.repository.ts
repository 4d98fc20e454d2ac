import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { ConsentWithdrawalTable } from '../../db/schema.ts';

// The privacy officer's reads of a consumer and her consents, and the one write of her own: a
// withdrawal (issue 26, decision 097). consent_withdrawals is append-only like consent_records: insert only.

const CONSUMER_COLUMNS = [
  'id',
  'email_address',
  'mobile_number',
  'first_name',
  'last_name',
  'birth_date',
  'postal_code',
  'created_at',
  'erased_at',
  'inspiration_club_since',
] as const;

/** Consumers still held (an erased one is found by nobody, decision 097) with that e-mail (lower-case). */
export function findConsumersByEmail(db: Db, emailAddress: string) {
  return db
    .selectFrom('consumers')
    .select(CONSUMER_COLUMNS)
    .where('email_address', '=', emailAddress)
    .where('erased_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Consumers still held with that number, as stored ('+48600123456'); a family phone may give several. */
export function findConsumersByMobile(db: Db, mobileNumber: string) {
  return db
    .selectFrom('consumers')
    .select(CONSUMER_COLUMNS)
    .where('mobile_number', '=', mobileNumber)
    .where('erased_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findConsumerById(db: Db, consumerId: string) {
  return db.selectFrom('consumers').select(CONSUMER_COLUMNS).where('id', '=', consumerId).executeTakeFirst();
}

export type ConsumerRow = NonNullable<Awaited<ReturnType<typeof findConsumerById>>>;

/** Her consent records with the words, the promoter, the action and point, and MGM's confirmation. */
export function consentRecordsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('consent_records as r')
    .leftJoin('consent_texts as t', 't.id', 'r.consent_text_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('actions as a', 'a.id', 'r.action_id')
    .leftJoin('action_points as p', 'p.id', 'r.action_point_id')
    .leftJoin('mgm_consent_confirmations as c', 'c.id', 'r.mgm_confirmation_id')
    .select([
      'r.id',
      'r.field',
      'r.decision',
      'r.recorded_at',
      'r.channel',
      'r.text_version',
      'r.text_hash',
      'r.mgm_confirmation_id',
      't.text as words',
      'u.id as user_id',
      'u.ident as user_ident',
      'u.firstname as user_firstname',
      'u.lastname as user_lastname',
      'a.id as action_id',
      'a.ident as action_ident',
      'a.name as action_name',
      'p.id as point_id',
      'p.name as point_name',
      'p.street_address as point_street',
      'p.city_name as point_city',
      'c.confirmed_at',
    ])
    .where('r.consumer_id', '=', consumerId)
    .execute();
}

export type ConsentRecordRow = Awaited<ReturnType<typeof consentRecordsOf>>[number];

/** Stored texts by their hashes: the words of a record made before it pointed at its text (decision 078). */
export function textsByHash(db: Db, hashes: string[]) {
  if (hashes.length === 0) return Promise.resolve([]);
  return db.selectFrom('consent_texts').select(['version', 'text_hash', 'text']).where('text_hash', 'in', hashes).execute();
}

export function withdrawalsOf(db: Db, consumerId: string) {
  return db.selectFrom('consent_withdrawals').selectAll().where('consumer_id', '=', consumerId).execute();
}

export type WithdrawalRow = Awaited<ReturnType<typeof withdrawalsOf>>[number];

/** Appends withdrawals (never updated nor deleted: the database refuses both, migration 020). */
export async function insertWithdrawals(db: Db, rows: Insertable<ConsentWithdrawalTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('consent_withdrawals').values(rows).execute();
}

/** Whether a withdrawal of that field was recorded at or after `since` (ISO UTC). */
export async function withdrawnAtOrAfter(db: Db, consumerId: string, field: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('consent_withdrawals')
    .select('id')
    .where('consumer_id', '=', consumerId)
    .where('field', '=', field)
    .where('recorded_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The fields she has any consent record of (a withdrawal of a riding field is written only then). */
export async function recordedFields(db: Db, consumerId: string): Promise<string[]> {
  const rows = await db.selectFrom('consent_records').select('field').distinct().where('consumer_id', '=', consumerId).execute();
  return rows.map((r) => r.field);
}

export function requestsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('consumer_requests')
    .selectAll()
    .where('consumer_id', '=', consumerId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
