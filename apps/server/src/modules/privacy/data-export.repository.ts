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
