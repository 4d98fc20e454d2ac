import {
  RECORDED_CONSENT_FIELDS,
  type AdminConsumer,
  type AdminConsumerHistoryResponse,
  type ConsentHistoryEntry,
  type ConsumerRequest,
  type RecordedConsentField,
} from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import type { ConsumerRequestTable } from '../../db/schema.ts';
import * as repo from './consumer-privacy.repository.ts';

// A consumer's consent history (issue 26, decision 097): her consent records (the webform's, proven by
// the codes she typed; MGM's, proven by her confirmation code) and the withdrawals the officer recorded,
// newest first, each with the words she was shown. The access and portability export reuses it.

/** Her data as held; after an erasure only the dates (the row stays so her records point at something). */
export function toAdminConsumer(row: repo.ConsumerRow): AdminConsumer {
  const held = row.erased_at === null;
  return {
    uuid: row.id,
    firstName: held ? row.first_name : null,
    lastName: held ? row.last_name : null,
    emailAddress: held ? row.email_address : null,
    mobileNumber: held ? row.mobile_number : null,
    birthDate: held ? row.birth_date : null,
    postalCode: held ? row.postal_code : null,
    createdAt: row.created_at,
    erasedAt: row.erased_at,
  };
}

/** A data-subject request as the contract shows it. */
export function toConsumerRequest(row: ConsumerRequestTable): ConsumerRequest {
  return {
    uuid: row.id,
    consumer: { uuid: row.consumer_id },
    kind: row.kind,
    state: row.state,
    receivedAt: row.received_at,
    dueAt: row.due_at,
    extension:
      row.extension_reason !== null ? { reason: row.extension_reason, at: row.extended_at ?? '', by: row.extended_by ?? '' } : null,
    note: row.note,
    createdBy: row.created_by,
    completedAt: row.completed_at,
    completedBy: row.completed_by,
    outcomeNote: row.outcome_note,
  };
}

const isRecordedField = (field: string): field is RecordedConsentField => (RECORDED_CONSENT_FIELDS as readonly string[]).includes(field);

type Words = Map<string, string>;
const wordsKey = (version: string, hash: string) => `${version}\n${hash}`;

function fromRecord(r: repo.ConsentRecordRow, older: Words): ConsentHistoryEntry {
  const text =
    r.text_version !== null && r.text_hash !== null
      ? { version: r.text_version, sha256: r.text_hash, words: r.words ?? older.get(wordsKey(r.text_version, r.text_hash)) ?? null }
      : null;
  return {
    uuid: r.id,
    field: r.field as RecordedConsentField,
    decision: Number(r.decision) === 1,
    recordedAt: r.recorded_at,
    channel: r.channel,
    text,
    promoter:
      r.user_id !== null
        ? { uuid: r.user_id, ident: r.user_ident ?? '', firstname: r.user_firstname ?? '', lastname: r.user_lastname ?? '' }
        : null,
    action: r.action_id !== null ? { uuid: r.action_id, ident: r.action_ident ?? '', name: r.action_name ?? '' } : null,
    point:
      r.point_id !== null
        ? { uuid: r.point_id, name: r.point_name ?? '', streetAddress: r.point_street ?? '', cityName: r.point_city ?? '' }
        : null,
    // An MGM record without her confirmation (before decision 079) has confirmedAt null: not proven.
    proof:
      r.channel === 'mgm'
        ? { kind: 'mgm-confirmed', confirmedAt: r.confirmed_at ?? null, staff: null, note: null }
        : { kind: 'codes', confirmedAt: null, staff: null, note: null },
  };
}

export function fromWithdrawal(w: repo.WithdrawalRow): ConsentHistoryEntry {
  return {
    uuid: w.id,
    field: w.field as RecordedConsentField,
    decision: false,
    recordedAt: w.recorded_at,
    channel: 'withdrawal',
    text: null,
    promoter: null,
    action: null,
    point: null,
    proof: { kind: 'officer', confirmedAt: null, staff: w.staff_name, note: w.note },
  };
}

const fieldOrder = (field: string) => RECORDED_CONSENT_FIELDS.indexOf(field as RecordedConsentField);

/** Newest first; at the same instant a withdrawal comes first (it decides), then the catalogue's order. */
function newestFirst(a: ConsentHistoryEntry, b: ConsentHistoryEntry): number {
  if (a.recordedAt !== b.recordedAt) return a.recordedAt < b.recordedAt ? 1 : -1;
  const withdrawn = Number(b.channel === 'withdrawal') - Number(a.channel === 'withdrawal');
  if (withdrawn !== 0) return withdrawn;
  return fieldOrder(a.field) - fieldOrder(b.field) || (a.uuid < b.uuid ? -1 : 1);
}

/** Her consent history, newest first: every decision with its words, channel, promoter, action, point and proof. */
export async function consentHistoryOf(db: Db, consumerId: string): Promise<ConsentHistoryEntry[]> {
  const [records, withdrawals] = await Promise.all([repo.consentRecordsOf(db, consumerId), repo.withdrawalsOf(db, consumerId)]);
  // Records made before migration 012 point at no text: their words are found by version and hash.
  const unlinked = records.filter((r) => r.words === null && r.text_hash !== null);
  const older: Words = new Map(
    (await repo.textsByHash(db, [...new Set(unlinked.map((r) => r.text_hash!))])).map((t) => [wordsKey(t.version, t.text_hash), t.text]),
  );
  return [
    ...records.filter((r) => isRecordedField(r.field)).map((r) => fromRecord(r, older)),
    ...withdrawals.filter((w) => isRecordedField(w.field)).map(fromWithdrawal),
  ].sort(newestFirst);
}

/** An entry that decides her consent: an MGM record counts only once she confirmed it (decision 079). */
const decides = (e: ConsentHistoryEntry) => e.channel !== 'mgm' || e.proof.confirmedAt !== null;

/** Each consent's decision now: the newest deciding entry of its field, in the catalogue's order. */
export function currentConsents(history: ConsentHistoryEntry[]): AdminConsumerHistoryResponse['current'] {
  const newest = new Map<RecordedConsentField, ConsentHistoryEntry>();
  for (const entry of history) if (decides(entry) && !newest.has(entry.field)) newest.set(entry.field, entry);
  return RECORDED_CONSENT_FIELDS.flatMap((field) => {
    const entry = newest.get(field);
    return entry ? [{ field, decision: entry.decision, since: entry.recordedAt }] : [];
  });
}
