import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/kysely.ts';
import * as repo from './push-sender.repository.ts';
import { deleteSubscription, markPendingGone } from './push.repository.ts';
import { endpointAllowed, type EndpointRule } from './push-endpoints.ts';
import { pushRequest, pushUrl, type PushRequest } from './push-message.ts';
import type { VapidKeys } from './push-keys.ts';

// The push sender (issue 37, decision 136): every instance, every second or when woken, claims the due
// sends of push_sends (one claimant per row), drops those a newer push of the same Topic makes stale,
// and posts each to its subscription's push service. Accepted: 'sent'. 404/410: the subscription is gone
// (deleted, with everything still waiting for it), as is one whose endpoint is no push service's the
// server may post to (push-endpoints.ts). A request that can never succeed (400, 401, 403,
// 413): 'failed'. Anything else — 429, 5xx, a timeout, no network — is tried again with backoff.

/** How long a claim holds: far above one request's timeout; a crashed claimant's runs out. */
export const PUSH_CLAIM_MS = 2 * 60_000;
/** One request to a push service, at most. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Tries of one push before it is 'failed' (its backoffs add up to about 85 minutes). */
export const PUSH_MAX_ATTEMPTS = 10;
/** The wait after the n-th failed try: 10 s, doubled each time, at most an hour. */
export const pushRetryDelayMs = (attempts: number) => Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Answers no retry can turn into a success: a bad request, a key the service refuses, a payload too large. */
const PERMANENT = new Set([400, 401, 403, 413]);

export type PushRound = { sent: number; retried: number; failed: number; gone: number; superseded: number };
type Outcome = Exclude<keyof PushRound, 'superseded'> | 'released';

export type PushSenderOptions = {
  db: Db;
  now: () => Date;
  /** null: no push is configured (production without VAPID_*); the sender then sends nothing. */
  keys: VapidKeys | null;
  /** Where pushes may go (push-endpoints.ts): checked again before each post, for rows kept before the rule. */
  endpoints: EndpointRule;
  log?: FastifyBaseLogger;
  /** This process's name in claimed_by; random unless a test names it. */
  holder?: string;
  timeoutMs?: number;
  /** Sends claimed at once, and posted at once. */
  batch?: number;
  parallel?: number;
};

export class PushSender {
  readonly keys: VapidKeys | null;
  readonly holder: string;
  private readonly stopping = new AbortController();
  private wakeUp: (() => void) | null = null;

  constructor(private readonly o: PushSenderOptions) {
    this.keys = o.keys;
    this.holder = o.holder ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  /** Sends what is due now, batch after batch while batches come full; what each push came to. */
  async sendDue(): Promise<PushRound> {
    const round: PushRound = { sent: 0, retried: 0, failed: 0, gone: 0, superseded: 0 };
    const { db, now } = this.o;
    const batch = this.o.batch ?? 50;
    for (let i = 0; i < 20 && this.keys && !this.stopping.signal.aborted; i++) {
      const at = now();
      if (!(await repo.anyDue(db, at.toISOString()))) break;
      const until = new Date(at.getTime() + PUSH_CLAIM_MS).toISOString();
      const claimed = await repo.claimDue(db, this.holder, at.toISOString(), until, batch);
      round.superseded += await repo.supersedeClaimed(db, this.holder);
      await eachAtOnce(await repo.claimedSends(db, this.holder), this.o.parallel ?? 8, async (send) => {
        const outcome = await this.deliver(this.keys!, send);
        if (outcome !== 'released') round[outcome] += 1;
      });
      if (claimed < batch) break;
    }
    return round;
  }

  /** Asks for a round now (a notification was just written); nothing unless the sender is scheduled. */
  wake(): void {
    this.wakeUp?.();
  }

  /** The scheduler's: what wake() starts. */
  onWake(run: () => void): void {
    this.wakeUp = run;
  }

  /** Requests in flight are abandoned (their sends given back untried), and no batch follows. */
  stop(): void {
    this.stopping.abort();
  }

  private async deliver(keys: VapidKeys, send: repo.ClaimedSend): Promise<Outcome> {
    const { db } = this.o;
    // The endpoint went to another promoter's phone, or was deleted, after this push was queued.
    if (!send.endpoint || !send.p256dh || !send.auth || send.subscriberId !== send.userId) {
      await repo.settle(db, send.id, this.holder, { state: 'gone' });
      return 'gone';
    }
    // Logged out on that phone, or her account closed: no more pushes to it. An endpoint the server may
    // not post to (kept before the rule, or PUSH_ENDPOINT_HOSTS narrowed since) is never called.
    if (send.sessionRevokedAt || send.deactivatedAt || !endpointAllowed(send.endpoint, this.o.endpoints))
      return this.dropSubscription(send.subscriptionId);
    let request: PushRequest;
    try {
      const payload = {
        kind: send.kind,
        url: pushUrl(send.kind, send.actionId),
        receipt: send.receipt,
        unread: await repo.unreadCount(db, send.userId),
      };
      request = pushRequest(keys, { endpoint: send.endpoint, p256dh: send.p256dh, auth: send.auth }, payload, {
        topic: send.topic,
        urgent: send.urgent === 1,
      });
    } catch (error) {
      // Keys that are no keys (web-push refuses to encrypt for them): no retry helps.
      return this.fail(send, describe(error));
    }
    const answer = await this.post(request);
    if (answer === 'stopped') {
      await repo.settle(db, send.id, this.holder, {});
      return 'released';
    }
    if ('error' in answer) return this.retry(send, answer.error, null);
    if (answer.status >= 200 && answer.status < 300) {
      const at = this.o.now().toISOString();
      await repo.settle(db, send.id, this.holder, { state: 'sent', sent_at: at, attempts: send.attempts + 1, last_error: null });
      await repo.recordSuccess(db, send.notificationId, send.subscriptionId, at);
      return 'sent';
    }
    if (answer.status === 404 || answer.status === 410) return this.dropSubscription(send.subscriptionId);
    if (PERMANENT.has(answer.status)) return this.fail(send, `HTTP ${answer.status}`);
    return this.retry(send, `HTTP ${answer.status}`, answer.retryAfter);
  }

  private async post(request: PushRequest): Promise<{ status: number; retryAfter: string | null } | { error: string } | 'stopped'> {
    try {
      const signal = AbortSignal.any([AbortSignal.timeout(this.o.timeoutMs ?? PUSH_TIMEOUT_MS), this.stopping.signal]);
      const res = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal,
        redirect: 'manual',
      });
      await res.arrayBuffer().catch(() => undefined);
      return { status: res.status, retryAfter: res.headers.get('retry-after') };
    } catch (error) {
      return this.stopping.signal.aborted ? 'stopped' : { error: describe(error) };
    }
  }

  private async dropSubscription(subscriptionId: string): Promise<Outcome> {
    await this.o.db.transaction().execute(async (trx) => {
      await deleteSubscription(trx, subscriptionId);
      await markPendingGone(trx, [subscriptionId]);
    });
    this.o.log?.info({ subscription: subscriptionId }, 'push subscription gone: deleted');
    return 'gone';
  }

  private async fail(send: repo.ClaimedSend, error: string): Promise<Outcome> {
    await repo.settle(this.o.db, send.id, this.holder, { state: 'failed', attempts: send.attempts + 1, last_error: error });
    await repo.recordFailure(this.o.db, send.subscriptionId);
    this.o.log?.warn({ push: send.id, subscription: send.subscriptionId, error }, 'push failed');
    return 'failed';
  }

  private async retry(send: repo.ClaimedSend, error: string, retryAfter: string | null): Promise<Outcome> {
    const attempts = send.attempts + 1;
    if (attempts >= PUSH_MAX_ATTEMPTS) return this.fail(send, error);
    const delay = Math.max(pushRetryDelayMs(attempts), retryAfterMs(retryAfter, this.o.now()));
    const next = new Date(this.o.now().getTime() + delay).toISOString();
    await repo.settle(this.o.db, send.id, this.holder, { attempts, next_attempt_at: next, last_error: error });
    await repo.recordFailure(this.o.db, send.subscriptionId);
    this.o.log?.debug({ push: send.id, attempts, next, error }, 'push to be tried again');
    return 'retried';
  }
}

/** A push service's Retry-After (seconds or a date), at most an hour; 0 when absent or unreadable. */
export function retryAfterMs(value: string | null, now: Date): number {
  if (!value) return 0;
  const ms = /^\d+$/.test(value.trim()) ? Number(value.trim()) * 1000 : Date.parse(value) - now.getTime();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), 3_600_000) : 0;
}

function describe(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string } };
  return `${e.name ?? 'Error'}: ${e.message ?? String(error)}${e.cause?.code ? ` (${e.cause.code})` : ''}`.slice(0, 500);
}

/** Runs `fn` over `items`, at most `limit` at once. */
async function eachAtOnce<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
