import { sql, type Kysely } from 'kysely';
import { guardConfirmedProofs } from '../confirmed-proofs.ts';
import type { Dialect } from '../kysely.ts';

// Issue 21 items 1 and 4 (decision 079): consents changed through member-get-member wait for the
// consumer's own confirmation (a one-time code by SMS), and every look-up of a consumer by e-mail is
// logged so the back office can see a promoter probing the registry.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Consents a promoter entered for a consumer, pending until the consumer types the code sent to her
  // number (a new send replaces her unconfirmed one). A confirmed row is the proof its consent records
  // point at: the code's hash, the channel and number it went to, when it was sent and confirmed.
  await db.schema
    .createTable('mgm_consent_confirmations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('consumer_id', 'text', (c) => c.notNull().references('consumers.id'))
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id'))
    .addColumn('action_point_id', 'text', (c) => c.references('action_points.id'))
    // JSON: [{ field, decision, text_version, text_hash }] — exactly what the code confirms.
    .addColumn('consents', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    // The number the code went to (the registry's number of the consumer at the time of the send).
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('wrong_tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_at', 'text')
    .execute();
  // One request of hers waits per consumer: a new send replaces it in one upsert, even two sends at once.
  await db.schema
    .createIndex('mgm_consent_confirmations_pending_unique')
    .on('mgm_consent_confirmations')
    .columns(['user_id', 'consumer_id'])
    .unique()
    .where(sql.ref('confirmed_at'), 'is', null)
    .execute();
  // A confirmed row never changes nor goes, for any role (db/confirmed-proofs.ts).
  await guardConfirmedProofs(db, dialect);

  // The records a confirmation wrote name it (the webform's name their lead, whose codes proved them).
  await db.schema
    .alterTable('consent_records')
    .addColumn('mgm_confirmation_id', 'text', (c) => c.references('mgm_consent_confirmations.id'))
    .execute();

  // One row per MGM call that looked a consumer up by e-mail: who, during which action, a pseudonym of
  // the e-mail (sha256, as decision 063's codes), the call, what it answered (ok or the error code, a
  // refused look-up included) and whether it counted against her hourly look-ups.
  await db.schema
    .createTable('mgm_lookups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action_id', 'text', (c) => c.notNull().references('actions.id'))
    .addColumn('email_hash', 'text', (c) => c.notNull())
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('looked_up_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mgm_lookups_user_idx').on('mgm_lookups').columns(['user_id', 'looked_up_at']).execute();
}
