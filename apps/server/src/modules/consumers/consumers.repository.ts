import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { ConsumerItemTable, ConsumerTable } from '../../db/schema.ts';

// The registry's writes (DatabaseConsumerRegistry.register, enrolInClub, burnDevice): the consumer, her
// items, the Glo device registry and the loyalty club's list. Reads for /lead/verify stay in
// leads.repository.ts. Every function takes the caller's transaction.

/** The consumer form's fields a registration writes (new or known consumer alike). */
export type ConsumerFields = Pick<
  ConsumerTable,
  'email_address' | 'mobile_number' | 'first_name' | 'last_name' | 'birth_date' | 'postal_code' | 'category' | 'secondary_brand'
>;

export async function insertConsumer(db: Db, row: Insertable<ConsumerTable>): Promise<void> {
  await db.insertInto('consumers').values(row).execute();
}

export async function updateConsumer(db: Db, id: string, fields: ConsumerFields & { updated_at: string }): Promise<void> {
  await db.updateTable('consumers').set(fields).where('id', '=', id).execute();
}

export async function insertItems(db: Db, rows: Insertable<ConsumerItemTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('consumer_items').values(rows).execute();
}

export function findGloDevice(db: Db, serialNumber: string) {
  return db.selectFrom('glo_devices').select(['serial_number', 'status']).where('serial_number', '=', serialNumber).executeTakeFirst();
}

/** Marks the device registered to her, only if it still is unregistered; false when someone came first. */
export async function markGloDeviceRegistered(db: Db, serialNumber: string, consumerId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('glo_devices')
    .set({ status: 'registered', consumer_id: consumerId, registered_at: at })
    .where('serial_number', '=', serialNumber)
    .where('status', '=', 'unregistered')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a registered device as used (the first burn's time stays). False when it is not registered. */
export async function burnGloDevice(db: Db, serialNumber: string, at: string): Promise<boolean> {
  const device = await db
    .selectFrom('glo_devices')
    .select(['status', 'burnt_at'])
    .where('serial_number', '=', serialNumber)
    .executeTakeFirst();
  if (device?.status !== 'registered') return false;
  if (device.burnt_at === null) {
    await db
      .updateTable('glo_devices')
      .set({ burnt_at: at })
      .where('serial_number', '=', serialNumber)
      .where('burnt_at', 'is', null)
      .execute();
  }
  return true;
}

export function findConsumerClubSince(db: Db, consumerId: string) {
  return db.selectFrom('consumers').select('inspiration_club_since').where('id', '=', consumerId).executeTakeFirstOrThrow();
}

/** The club's list entries of an e-mail (lower-case): none, one, or duplicates from old imports. */
export function findClubEntries(db: Db, emailAddress: string) {
  return db.selectFrom('inspiration_club_members').select(['id', 'left_at']).where('email_address', '=', emailAddress).execute();
}

export async function insertClubMember(db: Db, row: { id: string; email_address: string; consumer_id: string; joined_at: string }) {
  await db
    .insertInto('inspiration_club_members')
    .values({ ...row, left_at: null })
    .execute();
  await db.updateTable('consumers').set({ inspiration_club_since: row.joined_at }).where('id', '=', row.consumer_id).execute();
}

/** Whether an e-mail is an active member of the club's list (verify's notMember). */
export async function isClubListed(db: Db, emailAddress: string): Promise<boolean> {
  const row = await db
    .selectFrom('inspiration_club_members')
    .select('id')
    .where('email_address', '=', emailAddress)
    .where('left_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
