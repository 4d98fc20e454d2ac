import { emptyAppendOnly } from './append-only.ts';
import { emptyConfirmedProofs } from './confirmed-proofs.ts';
import type { Db } from './kysely.ts';

/**
 * Empties every table (children first) so that the demo seed can run again (`npm run seed -- --reset`).
 * The database's business, not the seed's: it knows which tables refuse DELETE and how to empty them.
 */
export async function clearAllData(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The consent records refuse DELETE (append-only, decision 067): only this reset empties them.
    await emptyAppendOnly(trx, 'consent_records');
    // So are the withdrawals the privacy officer recorded (issue 26).
    await emptyAppendOnly(trx, 'consent_withdrawals');
    // Confirmed MGM requests refuse DELETE too (decision 079), once their records are gone.
    await emptyConfirmedProofs(trx);
    // The back office's audit log is append-only too (decision 086).
    await emptyAppendOnly(trx, 'audit_log');
    for (const table of [
      // Her inbox and her devices' pushes (issue 37), before the users and staff they point at.
      'push_sends',
      'notifications',
      'push_subscriptions',
      'consumer_requests',
      'job_locks',
      'report_review_events',
      'report_reviews',
      'promoter_phones',
      'staff_sessions',
      'staff_password_links',
      'staff_password_resets',
      'staff_territories',
      'staff_roles',
      'staff',
      'mgm_lookups',
      'mgm_invitations',
      'glo_devices',
      'inspiration_club_members',
      'action_receipts',
      'lead_items',
      'leads',
      'lead_otps',
      'consumer_items',
      'consumers',
      'action_surveys',
      'action_files',
      'poll_answers',
      'action_locations',
      'action_status_events',
      'blobs',
      'blob_objects',
      'blob_deletions',
      'vouchers',
      'voucher_batches',
      'availability',
      'action_assignments',
      'action_points',
      'points',
      'actions',
      'events',
      'sessions',
      'password_resets',
      'user_territories',
      'territories',
      'users',
      'outbox_messages',
      'idempotency_keys',
    ] as const) {
      await trx.deleteFrom(table).execute();
    }
  });
}
