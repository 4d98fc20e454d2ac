import type { Insertable } from 'kysely';
import type { Db } from '../../db/kysely.ts';
import type { ActionReceiptTable } from '../../db/schema.ts';

/** Her registration (lead) by id; another promoter's is not found. */
export function findOwnLead(db: Db, leadId: string, userId: string) {
  return db
    .selectFrom('leads')
    .select(['id', 'action_id', 'receipt_count'])
    .where('id', '=', leadId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Counts one more receipt of the lead or of the action unless it has `max` already; false at the cap.
 * One conditional update in the receipt's transaction: PostgreSQL locks the row until the commit (a
 * parallel upload waits, then sees the new count), SQLite has one writer, and a failed insert rolls
 * the count back with it (decision 080).
 */
export async function countReceipt(db: Db, of: 'leads' | 'actions', id: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable(of)
    .set((eb) => ({ receipt_count: eb('receipt_count', '+', 1) }))
    .where('id', '=', id)
    .where('receipt_count', '<', max)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertReceipt(db: Db, row: Insertable<ActionReceiptTable>): Promise<void> {
  await db.insertInto('action_receipts').values(row).execute();
}

/** Her receipts of an action in the order they were made. */
export function receiptsOf(db: Db, actionId: string, userId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('action_receipts')
    .select(['id', 'device_serial', 'device_beacon'])
    .where('action_id', '=', actionId)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function findOwnReceipt(db: Db, receiptId: string, userId: string) {
  return db
    .selectFrom('action_receipts')
    .select(['blob_key', 'content_type', 'image_removed_at'])
    .where('id', '=', receiptId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Receipts whose image is still kept, among `ids`. */
export function receiptsWithImage(db: Db, ids: readonly string[]) {
  return db.selectFrom('action_receipts').select(['id', 'blob_key']).where('id', 'in', ids).where('image_removed_at', 'is', null).execute();
}

export async function markImageRemoved(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('action_receipts')
    .set({ image_removed_at: at })
    .where('id', '=', id)
    .where('image_removed_at', 'is', null)
    .execute();
}
