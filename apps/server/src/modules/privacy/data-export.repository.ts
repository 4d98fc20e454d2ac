import type { Db } from '../../db/schema.ts';

// What is held about one consumer (art. 15, 20; decision 098): the export's SQL.

export function itemsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('consumer_items')
    .select(['kind', 'brand', 'model', 'serial_number', 'sku', 'created_at'])
    .where('consumer_id', '=', consumerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function registrationsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('leads as l')
    .leftJoin('actions as a', 'a.id', 'l.action_id')
    .leftJoin('action_points as p', 'p.id', 'l.action_point_id')
    .select(['l.id', 'l.created_at', 'a.ident as action_ident', 'a.name as action_name', 'p.name as point_name', 'p.city_name'])
    .where('l.consumer_id', '=', consumerId)
    .orderBy('l.created_at')
    .orderBy('l.id')
    .execute();
}

export function leadItemsOf(db: Db, leadIds: readonly string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('lead_items')
    .select(['lead_id', 'brand', 'model', 'serial_number'])
    .where('lead_id', 'in', leadIds)
    .orderBy('lead_id')
    .orderBy('position')
    .execute();
}

export function receiptsOf(db: Db, leadIds: readonly string[]) {
  if (leadIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('action_receipts')
    .select(['id', 'lead_id', 'created_at', 'image_removed_at'])
    .where('lead_id', 'in', leadIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The club's list rows of her: by her id, or by her e-mail (the club's older imports have no id). */
export function clubEntriesOf(db: Db, consumerId: string, emailAddress: string) {
  return db
    .selectFrom('inspiration_club_members')
    .select(['joined_at', 'left_at'])
    .where((eb) => eb.or([eb('consumer_id', '=', consumerId), eb('email_address', '=', emailAddress)]))
    .orderBy('joined_at')
    .execute();
}

export function invitationsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('mgm_invitations as i')
    .leftJoin('actions as a', 'a.id', 'i.action_id')
    .select(['i.created_at', 'a.ident as action_ident', 'a.name as action_name'])
    .where('i.consumer_id', '=', consumerId)
    .orderBy('i.created_at')
    .execute();
}

/** Her consent records with the words shown, the promoter, the action and point, and MGM's confirmation. */
export function consentRecordsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('consent_records as r')
    .leftJoin('consent_texts as t', 't.id', 'r.consent_text_id')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('actions as a', 'a.id', 'r.action_id')
    .leftJoin('action_points as p', 'p.id', 'r.action_point_id')
    .leftJoin('mgm_consent_confirmations as m', 'm.id', 'r.mgm_confirmation_id')
    .select([
      'r.id',
      'r.field',
      'r.decision',
      'r.recorded_at',
      'r.channel',
      'r.text_version',
      'r.text_hash',
      't.text',
      'r.user_id',
      'u.ident as user_ident',
      'u.firstname',
      'u.lastname',
      'r.action_id',
      'a.ident as action_ident',
      'a.name as action_name',
      'r.action_point_id',
      'p.name as point_name',
      'p.street_address',
      'p.city_name',
      'm.confirmed_at',
    ])
    .where('r.consumer_id', '=', consumerId)
    .execute();
}

export function withdrawalsOf(db: Db, consumerId: string) {
  return db
    .selectFrom('consent_withdrawals')
    .select(['id', 'field', 'recorded_at', 'staff_name', 'note'])
    .where('consumer_id', '=', consumerId)
    .execute();
}
