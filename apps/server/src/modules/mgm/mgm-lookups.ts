import type { ErrorCode } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId, sha256 } from '../../lib/crypto.ts';
import type { CallerUser } from '../../plugins/auth.ts';
import type { RateCounters } from '../../plugins/rate-counters.ts';
import * as repo from './mgm-confirmations.repository.ts';

// Issue 21 item 4 (decision 079): every MGM call that looks a consumer up by e-mail tells whether she
// is registered, a member, invited, with products. A promoter may look up MGM_LOOKUPS_PER_HOUR
// e-mails an hour, and each call is logged (mgm_lookups) so the back office can see probing.

/** Different e-mails a promoter may look up in an hour (the same e-mail again within the hour is free). */
export const MGM_LOOKUPS_PER_HOUR = 30;
export const HOUR_MS = 3_600_000;

export type LookupCall = 'validate' | 'update' | 'confirm' | 'invite';
type LookupDeps = { db: Db; now: () => Date; counters: RateCounters };

/**
 * One more of her hits in the hour's window of `key`, refused with `code` past `max`; a refused hit is
 * not counted. Returns how to give it back (a hit that ends up refused for another reason).
 */
export async function hourlyHit(counters: RateCounters, key: string, max: number, code: ErrorCode): Promise<() => Promise<void>> {
  const { count } = await counters.hit(key, HOUR_MS);
  const release = () => counters.release(key);
  if (count > max) {
    await release();
    throw new AppError(code);
  }
  return release;
}

/**
 * Runs `work` as her look-up of `emailAddress` (lower-case) during `actionId`. It counts against her
 * hourly look-ups unless she looked the same e-mail up within the last hour (a flow calls validate,
 * update, confirm and invite on one consumer, and repeating a call tells her nothing new); past the
 * limit it is 429 E_TOO_MANY_REQUESTS. Whatever it answers is logged with a pseudonym of the e-mail.
 */
export async function asLookup<T>(
  deps: LookupDeps,
  caller: CallerUser,
  actionId: string,
  call: LookupCall,
  emailAddress: string,
  work: () => Promise<T>,
): Promise<T> {
  const emailHash = sha256(`mgm-lookup:${emailAddress}`);
  const at = deps.now();
  const seen = await repo.lookedUpSince(deps.db, caller.userId, emailHash, new Date(at.getTime() - HOUR_MS).toISOString());
  let outcome: string = 'ok';
  try {
    if (!seen) await hourlyHit(deps.counters, `mgm-lookup:${caller.userId}`, MGM_LOOKUPS_PER_HOUR, 'E_TOO_MANY_REQUESTS');
    return await work();
  } catch (error) {
    outcome = error instanceof AppError ? error.code : 'E_INTERNAL';
    throw error;
  } finally {
    await repo.logLookup(deps.db, {
      id: newId(),
      user_id: caller.userId,
      action_id: actionId,
      email_hash: emailHash,
      call,
      outcome,
      counted: !seen && outcome !== 'E_TOO_MANY_REQUESTS' ? 1 : 0,
      looked_up_at: at.toISOString(),
    });
  }
}
