import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 25, exports and the dashboard (decision 092): the redeemed codes read by when they were handed
// out (a period, page after page in that order) and by the action and promoter they were handed out
// on (each row of the actions export counts hers). Without them each page would read every voucher.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('vouchers_redeemed_time_idx').on('vouchers').columns(['redeemed_date_time', 'id']).execute();
  await db.schema.createIndex('vouchers_redeemed_action_idx').on('vouchers').columns(['redeemed_action_id', 'redeemed_by']).execute();
  // The dashboard's registrations per day: every promoter's leads of a period.
  await db.schema.createIndex('leads_wall_time_idx').on('leads').column('wall_time').execute();
}
