import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { ConsumerItemTable, ConsumerTable, GloDeviceTable } from '../../db/schema.ts';

// The consumer registry's tables (migrations 008 and 009; decisions 063, 067 and 084): consumers, their
// items, the Glo device registry and the loyalty club's list. The only SQL on them: the registry
// (database-consumer-registry.ts), consumers.service.ts (what MGM reads), the seed and the tests'
// builders all come here. Every function takes the caller's database or transaction.

/**
 * The consumer with that e-mail (lower-case, unique). Only the e-mail identifies a consumer: numbers
 * are shared (a family phone), so a number never finds anyone (decision 063).
 */
export function findConsumerByEmail(db: Db, emailAddress: string) {
  return db
    .selectFrom('consumers')
    .select(['id', 'mobile_number', 'inspiration_club_since'])
    .where('email_address', '=', emailAddress)
    .executeTakeFirst();
}

export function itemsOfConsumer(db: Db, consumerId: string) {
  return db.selectFrom('consumer_items').select(['kind', 'brand', 'model']).where('consumer_id', '=', consumerId).execute();
}

/** The brand of her first device, else of her first product; undefined when she has none. */
export async function findConsumerBrand(db: Db, consumerId: string): Promise<string | undefined> {
  const item = await db
    .selectFrom('consumer_items')
    .select('brand')
    .where('consumer_id', '=', consumerId)
    // 'asset' sorts before 'product_interest'
    .orderBy('kind')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return item?.brand;
}

/** The consumer form's fields a registration writes (new or known consumer alike). */
export type ConsumerFields = Pick<
  ConsumerTable,
  'email_address' | 'mobile_number' | 'first_name' | 'last_name' | 'birth_date' | 'postal_code' | 'category' | 'secondary_brand'
>;

export async function insertConsumer(db: Db, row: Insertable<ConsumerTable>): Promise<void> {
  await db.insertInto('consumers').values(row).execute();
}

/**
 * Writes a registration's fields on a consumer still held; false when she was erased (decision 098)
 * after the registration read her row: her data must not come back on the row that names no one.
 */
export async function updateConsumer(db: Db, id: string, fields: ConsumerFields & { updated_at: string }): Promise<boolean> {
  const result = await db.updateTable('consumers').set(fields).where('id', '=', id).where('erased_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertItems(db: Db, rows: Insertable<ConsumerItemTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('consumer_items').values(rows).execute();
}

/** Devices in the registry (an import, the seed, a test); a serial number already there is left as it is. */
export async function insertGloDevices(db: Db, rows: Insertable<GloDeviceTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('glo_devices')
    .values(rows)
    .onConflict((oc) => oc.column('serial_number').doNothing())
    .execute();
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
