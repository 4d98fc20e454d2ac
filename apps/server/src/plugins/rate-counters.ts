import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/kysely.ts';
import * as repo from './rate-counters.repository.ts';

/** One limit a hit counts against: at most `max` hits per fixed window of `windowMs`. */
export type RateLimit = { key: string; windowMs: number; max: number };

class OverLimit extends Error {}

/**
 * Fixed-window counters in the database, so that limits hold across instances behind a load balancer
 * and across restarts (docs/decisions/013-limits-in-the-database.md). Every hit is one atomic
 * statement: parallel requests each see their own count.
 */
export class RateCounters {
  private hits = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /** Counts a hit; returns the count including it and the milliseconds left in its window. */
  async hit(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
    const now = this.now();
    const { count, expiresAt } = await repo.increment(this.db, key, now.toISOString(), new Date(now.getTime() + windowMs).toISOString());
    // Expired windows are cleared now and then, not on every hit.
    if (++this.hits % 1000 === 0) await repo.deleteExpired(this.db, now.toISOString());
    return { count, ttlMs: Math.max(0, Date.parse(expiresAt) - now.getTime()) };
  }

  /**
   * Takes one hit from every limit, or from none: all counters move in one transaction, in the order of
   * their keys (so two sends sharing counters never deadlock), and a send over any limit rolls them all
   * back. Parallel sends therefore queue on the shared counters and each sees the others' final counts:
   * a refused send never holds a place that makes a later one fail (decision 013).
   */
  async takeAll(limits: readonly RateLimit[]): Promise<boolean> {
    const now = this.now();
    const ordered = [...limits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const limit of ordered) {
          const windowEnd = new Date(now.getTime() + limit.windowMs).toISOString();
          const { count } = await repo.increment(trx, limit.key, now.toISOString(), windowEnd);
          if (count > limit.max) throw new OverLimit();
        }
      });
      return true;
    } catch (error) {
      if (error instanceof OverLimit) return false;
      throw error;
    }
  }

  release(key: string): Promise<void> {
    return repo.decrement(this.db, key);
  }

  clear(key: string): Promise<void> {
    return repo.clear(this.db, key);
  }
}

/**
 * Failed guesses (wrong password, wrong reset code, unknown user) per username across addresses. An
 * attempt is reserved before the slow check, so parallel guesses cannot all slip under the limit;
 * a success clears the count, and an attempt that was no guess at all is given back.
 */
export class GuessLimiter {
  constructor(
    private readonly counters: RateCounters,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private key = (username: string) => `guess:${username}`;

  /** False when the username (its digest, plugins/login-guard.ts) has used up its guesses in this window. */
  async reserve(username: string): Promise<boolean> {
    return (await this.counters.hit(this.key(username), this.windowMs)).count <= this.max;
  }

  succeeded(username: string): Promise<void> {
    return this.counters.clear(this.key(username));
  }

  notAGuess(username: string): Promise<void> {
    return this.counters.release(this.key(username));
  }
}

type RouteParams = FastifyRateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } };

/** A store for @fastify/rate-limit on RateCounters; each route (or group) counts on its own. */
export function rateLimitStore(counters: RateCounters) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(params: RouteParams) {
      // A route's own limit counts under its path; limits made with createRateLimit key by their own generator.
      const route = params.routeInfo?.url ? `${String(params.routeInfo.method)}:${params.routeInfo.url}` : 'custom';
      this.prefix = `rate:${route}:`;
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      counters.hit(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: RouteParams): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
