import { randomUUID } from 'node:crypto';
import type { NotificationShownBody, PushKeyResponse, PushSubscribeBody, PushUnsubscribeBody } from '@promotor/contract';
import { isP256PublicKey } from '../../config/vapid.ts';
import type { Db } from '../../db/kysely.ts';
import { lockPromoter } from '../../db/lock-promoter.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Caller } from '../../plugins/auth.ts';
import { endpointAllowed, type EndpointRule } from './push-endpoints.ts';
import type { VapidKeys } from './push-keys.ts';
import * as repo from './push.repository.ts';

// Her devices' Web Push subscriptions and the service worker's word that a push was shown (issue 37,
// decision 136). The pushes themselves go out through push-sender.ts.

export type PushDeps = { db: Db; now: () => Date; keys: VapidKeys | null; endpoints: EndpointRule };

/** Devices of one promoter that get pushes: the most recently renewed; an older one is dropped. */
export const MAX_SUBSCRIPTIONS_PER_PROMOTER = 5;

/** The key phones subscribe with; null when push is off (production without VAPID_*). */
export function publicKey(deps: PushDeps): PushKeyResponse {
  return { publicKey: deps.keys?.publicKey ?? null };
}

/** The browser's keys, as PushSubscription.toJSON() gives them: a P-256 point and a 16-byte secret. */
function checkKeys(keys: { p256dh: string; auth: string }): void {
  const bare = (v: string) => v.replace(/=+$/, '');
  const problems = [];
  if (!isP256PublicKey(bare(keys.p256dh)))
    problems.push({ path: 'subscription.keys.p256dh', message: 'expected a P-256 public key (base64url)' });
  const auth = bare(keys.auth);
  if (!/^[A-Za-z0-9_-]+$/.test(auth) || Buffer.from(auth, 'base64url').length !== 16) {
    problems.push({ path: 'subscription.keys.auth', message: 'expected 16 bytes (base64url)' });
  }
  if (problems.length) throw new AppError('E_VALIDATION', problems);
}

/**
 * Keeps this device's subscription for her (the app calls it at each start): one row per endpoint,
 * renewed, owned by her and her session now even if it was another promoter's; beyond her newest
 * MAX_SUBSCRIPTIONS_PER_PROMOTER the oldest is dropped. Her row locked, so her two phones at once count right.
 */
export async function subscribe(deps: PushDeps, caller: Caller, body: PushSubscribeBody): Promise<void> {
  const { endpoint, keys } = body.subscription;
  // Push is off (production without VAPID_*): a row kept now would only wait for pushes that never go.
  if (!deps.keys) throw new AppError('E_PUSH_OFF');
  if (!endpointAllowed(endpoint, deps.endpoints)) throw new AppError('E_PUSH_ENDPOINT_NOT_ALLOWED');
  checkKeys(keys);
  await deps.db.transaction().execute(async (trx) => {
    await lockPromoter(trx, caller.userId);
    await repo.upsertSubscription(trx, {
      id: randomUUID(),
      userId: caller.userId,
      sessionId: caller.sessionId,
      endpoint,
      p256dh: keys.p256dh.replace(/=+$/, ''),
      auth: keys.auth.replace(/=+$/, ''),
      at: deps.now().toISOString(),
    });
    await repo.markPendingGone(trx, await repo.trimSubscriptions(trx, caller.userId, MAX_SUBSCRIPTIONS_PER_PROMOTER));
  });
}

/**
 * Subscriptions not renewed for this long are dropped by the retention job (decision 136): the app
 * renews its phone's at every start, so such a phone has not opened the app in two months — a lost or
 * replaced phone whose push service may never answer 404/410 (ntfy prunes the same way).
 */
export const SUBSCRIPTION_RETENTION_DAYS = 60;

/**
 * Retention: up to `limit` subscriptions last renewed before `beforeIso`, with their pushes still
 * waiting (`gone`), in one transaction; answers how many went.
 */
export async function removeStaleSubscriptions(db: Db, beforeIso: string, limit: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ids = await repo.deleteSubscriptionsRenewedBefore(trx, beforeIso, limit);
    await repo.markPendingGone(trx, ids);
    return ids.length;
  });
}

/** Drops her subscription of this endpoint (she turned pushes off on this device); another's is not found. */
export async function unsubscribe(deps: PushDeps, caller: Caller, body: PushUnsubscribeBody): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const id = await repo.deleteHerSubscription(trx, caller.userId, body.endpoint);
    if (!id) throw new AppError('E_PUSH_SUBSCRIPTION_NOT_FOUND');
    await repo.markPendingGone(trx, [id]);
  });
}

/**
 * Her phone showed the push of this receipt (the service worker, which holds no session: the random
 * receipt is the key). The push's and the notification's shown times are set once; a repeat is fine.
 */
export async function shown(deps: PushDeps, body: NotificationShownBody): Promise<void> {
  const at = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    const marked = await repo.markSendShown(trx, body.receipt, at);
    if (marked === null) throw new AppError('E_PUSH_RECEIPT_NOT_FOUND');
    if (marked !== 'again') await repo.markNotificationShown(trx, marked, at);
  });
}
