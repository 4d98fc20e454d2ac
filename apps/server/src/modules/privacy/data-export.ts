import {
  WEBFORM_CONSENTS,
  type AdminConsumer,
  type ConsentHistoryEntry,
  type ConsumerDataExport,
  type WebformConsentField,
} from '@promotor/contract';
import type { Db } from '../../db/schema.ts';
import * as repo from './data-export.repository.ts';
import type { ConsumerRow } from './subject-requests.repository.ts';

// Art. 15 and 20 (decision 098): what is held about her, machine-readable. Receipts are listed with
// whether their image is still kept, never attached.

/** Her row as the officer sees it: after an erasure the fields are gone (null), erasedAt says when. */
export function toAdminConsumer(row: ConsumerRow): AdminConsumer {
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

/**
 * Her consent history, newest first: the records (webform, MGM) and the officer's withdrawals.
 * TODO(issue 26, merge): a minimal stand-in for consent-history.ts's consentHistoryOf (the other
 * helper's, not on main yet); the lead replaces this with it.
 */
export async function consentsOf(db: Db, consumerId: string): Promise<ConsentHistoryEntry[]> {
  const [records, withdrawals] = await Promise.all([repo.consentRecordsOf(db, consumerId), repo.withdrawalsOf(db, consumerId)]);
  // The contract's field is a WEBFORM_CONSENTS one; the webform also records personalDataHandling
  // (decision 067), which it cannot name yet: left out here until the contract names it (reported).
  const known = new Set<string>(WEBFORM_CONSENTS);
  const entries: ConsentHistoryEntry[] = [
    ...records
      .filter((r) => known.has(r.field))
      .map((r): ConsentHistoryEntry => ({
        uuid: r.id,
        field: r.field as WebformConsentField,
        decision: r.decision === 1,
        recordedAt: r.recorded_at,
        channel: r.channel,
        text: r.text_version && r.text_hash ? { version: r.text_version, sha256: r.text_hash, words: r.text ?? null } : null,
        promoter: r.user_ident ? { uuid: r.user_id, ident: r.user_ident, firstname: r.firstname ?? '', lastname: r.lastname ?? '' } : null,
        action: r.action_id && r.action_ident ? { uuid: r.action_id, ident: r.action_ident, name: r.action_name ?? '' } : null,
        point:
          r.action_point_id && r.point_name
            ? { uuid: r.action_point_id, name: r.point_name, streetAddress: r.street_address ?? '', cityName: r.city_name ?? '' }
            : null,
        proof:
          r.channel === 'mgm'
            ? { kind: 'mgm-confirmed', confirmedAt: r.confirmed_at ?? null, staff: null, note: null }
            : { kind: 'codes', confirmedAt: null, staff: null, note: null },
      })),
    ...withdrawals.map((w): ConsentHistoryEntry => ({
      uuid: w.id,
      field: w.field as WebformConsentField,
      decision: false,
      recordedAt: w.recorded_at,
      channel: 'withdrawal',
      text: null,
      promoter: null,
      action: null,
      point: null,
      proof: { kind: 'officer', confirmedAt: null, staff: w.staff_name, note: w.note },
    })),
  ];
  return entries.sort((a, b) => (a.recordedAt < b.recordedAt ? 1 : a.recordedAt > b.recordedAt ? -1 : a.uuid < b.uuid ? 1 : -1));
}

export async function exportOf(db: Db, consumer: ConsumerRow, at: Date): Promise<ConsumerDataExport> {
  const [items, leads, club, invitations, consents] = await Promise.all([
    repo.itemsOf(db, consumer.id),
    repo.registrationsOf(db, consumer.id),
    repo.clubEntriesOf(db, consumer.id, consumer.email_address),
    repo.invitationsOf(db, consumer.id),
    consentsOf(db, consumer.id),
  ]);
  const leadIds = leads.map((l) => l.id);
  const [leadItems, receipts] = await Promise.all([repo.leadItemsOf(db, leadIds), repo.receiptsOf(db, leadIds)]);
  const member = consumer.inspiration_club_since !== null || club.length > 0;
  return {
    exportedAt: at.toISOString(),
    consumer: toAdminConsumer(consumer),
    items: items.map((i) => ({
      kind: i.kind,
      brand: i.brand,
      model: i.model,
      serialNumber: i.serial_number,
      sku: i.sku,
      createdAt: i.created_at,
    })),
    registrations: leads.map((l) => ({
      uuid: l.id,
      createdAt: l.created_at,
      action: l.action_ident ? { ident: l.action_ident, name: l.action_name ?? '' } : null,
      point: l.point_name ? { name: l.point_name, cityName: l.city_name ?? '' } : null,
      items: leadItems.filter((i) => i.lead_id === l.id).map((i) => ({ brand: i.brand, model: i.model, serialNumber: i.serial_number })),
      receipts: receipts
        .filter((r) => r.lead_id === l.id)
        .map((r) => ({ uuid: r.id, createdAt: r.created_at, imageKept: r.image_removed_at === null })),
    })),
    consents,
    inspirationClub: member
      ? {
          since: consumer.inspiration_club_since ?? club[0]?.joined_at ?? null,
          leftAt: club.length > 0 && club.every((c) => c.left_at !== null) ? club[club.length - 1]!.left_at : null,
        }
      : null,
    invitations: invitations.map((i) => ({
      createdAt: i.created_at,
      action: i.action_ident ? { ident: i.action_ident, name: i.action_name ?? '' } : null,
    })),
  };
}
