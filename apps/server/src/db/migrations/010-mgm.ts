import type { Kysely } from 'kysely';
import type { Dialect } from '../kysely.ts';

// Issue 12, member-get-member (decision 070): the invitations a promoter sends. Her points balance is
// the sum of her invitations' points, her ranking position is counted from everyone's balances; the
// consents /mgm/update-consumer records go to consent_records (migration 009) with channel 'mgm'.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('mgm_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The promoter who invited; her invitations are her points (no cascade: points are history).
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // One invitation per consumer, whoever sends it: the second is E_ALREADY_INVITED, even in a race.
    .addColumn('consumer_id', 'text', (c) => c.notNull().unique().references('consumers.id'))
    // The started action she was running (maybe-join's rule).
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id'))
    // Earned by this invitation (MGM_INVITATION_POINTS when it was sent).
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Her balance reads her rows; the ranking sums everyone's by promoter.
  await db.schema.createIndex('mgm_invitations_user_idx').on('mgm_invitations').columns(['user_id', 'points']).execute();
}
