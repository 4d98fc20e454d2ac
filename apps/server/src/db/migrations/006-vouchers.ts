import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 9, vouchers (decision 056). A batch's codes form a pool; a promoter's codes are the ones
// assigned to her from it (top-up, 'Generuj kody'), and each is given to a consumer at most once.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('vouchers')
    .addColumn('assigned_to', 'text', (c) => c.references('users.id'))
    .execute();
  // ISO UTC: when the code left the pool for her.
  await db.schema.alterTable('vouchers').addColumn('assigned_at', 'text').execute();
  // The redemption as the phone sent it: its wall-clock dateTime (the rule is judged by it, and a
  // queued redemption arrives later); redeemed_at stays the server's ISO UTC time of arrival.
  await db.schema.alterTable('vouchers').addColumn('redeemed_date_time', 'text').execute();
  // The action she was running then (reports count codes per action).
  await db.schema
    .alterTable('vouchers')
    .addColumn('redeemed_action_id', 'text', (c) => c.references('actions.id'))
    .execute();

  // Her codes of a batch (assigned_to = her) and the batch's pool (assigned_to IS NULL, taken in ident
  // order) both read one range of this index; it covers the batch_id index it replaces.
  await db.schema.createIndex('vouchers_batch_assigned_idx').on('vouchers').columns(['batch_id', 'assigned_to', 'ident']).execute();
  await db.schema.dropIndex('vouchers_batch_idx').execute();

  // The import finds a batch by event and ident (npm run admin -- import-vouchers): one each.
  await db.schema.createIndex('voucher_batches_event_ident').on('voucher_batches').columns(['event_id', 'ident']).unique().execute();
}
