import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/kysely.ts';

// What the retention job removes (decision 099), each a batch of at most `limit` rows per statement:
// a short write each, so a million old pings never hold one long transaction, and other writes (the
// pings of the day) go between batches. The row's id is chosen by a sub-select with LIMIT, which both
// databases take (neither has DELETE … LIMIT by default). Each answers how many rows it changed.

/** Location pings that arrived before the cut-off. */
export async function deletePings(db: Db, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('action_locations')
    .where('id', 'in', (eb) => eb.selectFrom('action_locations').select('id').where('created_at', '<', beforeIso).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** An assignment's copy of her newest ping (decision 096) once that ping is older than the cut-off. */
export async function clearLastPings(db: Db, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .updateTable('action_assignments')
    .set({ last_ping_latitude: null, last_ping_longitude: null, last_ping_accuracy: null, last_ping_at: null })
    .where((eb) =>
      eb(
        eb.refTuple('action_id', 'user_id'),
        'in',
        eb
          .selectFrom('action_assignments as old')
          .select(['old.action_id', 'old.user_id'])
          .where('old.last_ping_at', '<', beforeIso)
          .limit(limit)
          .$asTuple('action_id', 'user_id'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Receipts made before the cut-off whose image is still kept, oldest first. */
export async function receiptsWithImageBefore(db: Db, beforeIso: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('action_receipts')
    .select('id')
    .where('created_at', '<', beforeIso)
    .where('image_removed_at', 'is', null)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The webform's codes (hashed) that expired before the cut-off. */
export async function deleteLeadCodes(db: Db, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('lead_otps')
    .where('id', 'in', (eb) => eb.selectFrom('lead_otps').select('id').where('expires_at', '<', beforeIso).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Password reset codes (hashed), used or not, that expired before the cut-off. */
export async function deletePasswordResetCodes(db: Db, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where('id', 'in', (eb) => eb.selectFrom('password_resets').select('id').where('expires_at', '<', beforeIso).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A staff member's reset codes and set-password links (hashes, used or not) that expired before the cut-off (decisions 118, 120). */
export async function deleteStaffPasswordCodes(
  db: Db,
  table: 'staff_password_resets' | 'staff_password_links',
  beforeIso: string,
  limit: number,
) {
  const result = await db
    .deleteFrom(table)
    .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('expires_at', '<', beforeIso).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * MGM requests never confirmed that expired before the cut-off (a number and a code's hash). A confirmed
 * one is the proof its consent records name: never selected here, and its triggers would refuse it.
 */
export async function deleteUnconfirmedMgmRequests(db: Db, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('mgm_consent_confirmations')
    .where('confirmed_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('mgm_consent_confirmations')
        .select('id')
        .where('confirmed_at', 'is', null)
        .where('expires_at', '<', beforeIso)
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Rate counters whose window has ended (an address, the keyed digest of a username typed at login). */
export async function deleteEndedRateCounters(db: Db, nowIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('rate_counters')
    .where('key', 'in', (eb) => eb.selectFrom('rate_counters').select('key').where('expires_at', '<=', nowIso).limit(limit))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Idempotency keys older than a phone's outbox may retry (decision 005): the sweep the idempotency
 * plugin kept on its own timer on every instance, now a step of this job (issue 40, decision 103).
 */
export async function deleteIdempotencyKeys(db: Db, beforeIso: string, limit: number): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    // Its key is (scope, key): a row value IN, which both databases take.
    .where(
      (eb) =>
        sql<SqlBool>`(scope, key) in (${eb.selectFrom('idempotency_keys').select(['scope', 'key']).where('created_at', '<', beforeIso).limit(limit)})`,
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
