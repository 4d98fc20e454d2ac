import type { Db } from '../../db/kysely.ts';
import type { ActionReceiptTable } from '../../db/schema.ts';

/** Her registration (lead) by id; another promoter's is not found. */
export function findOwnLead(db: Db, leadId: string, userId: string) {
  return db.selectFrom('leads').select(['id', 'action_id']).where('id', '=', leadId).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertReceipt(db: Db, row: ActionReceiptTable): Promise<void> {
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
    .select(['blob_key', 'content_type'])
    .where('id', '=', receiptId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
