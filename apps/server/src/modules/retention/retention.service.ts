import { OUTBOX_MAX_AGE_DAYS } from '@promotor/contract/constants';
import type { Db } from '../../db/kysely.ts';
import type { Actor } from '../../plugins/auth.ts';
import { recordAudit } from '../../plugins/audit-trail.ts';
import type { JobContext, ScheduledJob } from '../../plugins/scheduled-jobs.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import { removeReceiptImages } from '../receipts/receipts.service.ts';
import { removeOldNotifications } from '../notifications/notifications.service.ts';
import { removeStaleSubscriptions, SUBSCRIPTION_RETENTION_DAYS } from '../push/push.service.ts';
import * as repo from './retention.repository.ts';

// Retention (issue 26, decision 099): location pings, receipts' images and one-time codes kept only as
// long as configured — and her notifications and her phones' push subscriptions (decisions 135, 136) —
// removed by a scheduled job that one server instance at a time runs (plugins/scheduled-jobs.ts), each
// run one entry in the audit log.

export const RETENTION_JOB = 'retention';

/** Rows per statement: a short write each, whatever is waiting. */
export const RETENTION_BATCH = 1_000;

const DAY_MS = 86_400_000;

/**
 * Her notifications (issue 37, decision 135) are kept this long, with their pushes: the inbox is news,
 * not a record (the changes themselves are in the audit log and the reviews' history).
 */
export const NOTIFICATION_RETENTION_DAYS = 90;

export type RetentionSettings = { locationDays: number; receiptImageDays: number; codeDays: number };

export type RetentionDeps = RetentionSettings & { db: Db; blobStore: BlobStore; batchSize?: number };

/** The job's actor in the audit log: the server itself, no person and no address. */
export const RETENTION_ACTOR: Actor = { type: 'system', id: null, name: 'retention', roles: [], address: null };

export type RetentionCounts = {
  locationPings: number;
  lastPings: number;
  receiptImages: number;
  leadCodes: number;
  passwordResetCodes: number;
  staffResetCodes: number;
  staffPasswordLinks: number;
  mgmUnconfirmedRequests: number;
  rateCounters: number;
  idempotencyKeys: number;
  notifications: number;
  pushSends: number;
  pushSubscriptions: number;
};

export type RetentionRun = {
  /** ISO UTC instants: what was older than these went (codes: expired before it). */
  cutoffs: {
    locations: string;
    receiptImages: string;
    codes: string;
    idempotencyKeys: string;
    notifications: string;
    pushSubscriptions: string;
  };
  removed: RetentionCounts;
};

/**
 * The job as the scheduler runs it (app.ts), once per `intervalMs` across all instances; tests run it
 * through their own JobRunner.
 */
export const retentionJob = (deps: RetentionDeps & { intervalMs: number }): ScheduledJob => ({
  name: RETENTION_JOB,
  everyMs: deps.intervalMs,
  run: async (ctx) => void (await runRetention(deps, ctx)),
});

/** One run: every kind in batches, the lock kept between them, then its audit entry. */
export async function runRetention(deps: RetentionDeps, ctx: JobContext): Promise<RetentionRun> {
  const { db } = deps;
  const limit = deps.batchSize ?? RETENTION_BATCH;
  const started = ctx.now();
  const before = (days: number) => new Date(started.getTime() - days * DAY_MS).toISOString();
  const cutoffs = {
    locations: before(deps.locationDays),
    receiptImages: before(deps.receiptImageDays),
    codes: before(deps.codeDays),
    idempotencyKeys: before(OUTBOX_MAX_AGE_DAYS),
    notifications: before(NOTIFICATION_RETENTION_DAYS),
    pushSubscriptions: before(SUBSCRIPTION_RETENTION_DAYS),
  };
  // Batch after batch until one comes back short; the lease moves on between them.
  const drain = async (batch: () => Promise<number>) => {
    let total = 0;
    for (;;) {
      const n = await batch();
      total += n;
      if (n < limit) return total;
      await ctx.keepLock();
    }
  };
  const removed: RetentionCounts = {
    locationPings: await drain(() => repo.deletePings(db, cutoffs.locations, limit)),
    lastPings: await drain(() => repo.clearLastPings(db, cutoffs.locations, limit)),
    receiptImages: await drainReceiptImages(deps, cutoffs.receiptImages, limit, ctx),
    leadCodes: await drain(() => repo.deleteLeadCodes(db, cutoffs.codes, limit)),
    passwordResetCodes: await drain(() => repo.deletePasswordResetCodes(db, cutoffs.codes, limit)),
    staffResetCodes: await drain(() => repo.deleteStaffPasswordCodes(db, 'staff_password_resets', cutoffs.codes, limit)),
    staffPasswordLinks: await drain(() => repo.deleteStaffPasswordCodes(db, 'staff_password_links', cutoffs.codes, limit)),
    mgmUnconfirmedRequests: await drain(() => repo.deleteUnconfirmedMgmRequests(db, cutoffs.codes, limit)),
    rateCounters: await drain(() => repo.deleteEndedRateCounters(db, started.toISOString(), limit)),
    idempotencyKeys: await drain(() => repo.deleteIdempotencyKeys(db, cutoffs.idempotencyKeys, limit)),
    ...(await drainNotifications(deps, cutoffs.notifications, limit, ctx)),
    // Phones whose app has not started for SUBSCRIPTION_RETENTION_DAYS, through the push module.
    pushSubscriptions: await drain(() => removeStaleSubscriptions(db, cutoffs.pushSubscriptions, limit)),
  };
  await recordAudit(db, ctx.now(), { actor: RETENTION_ACTOR, verb: 'retention.run', details: { cutoffs, removed } });
  return { cutoffs, removed };
}

/** Old notifications and their pushes, through the notifications module. */
async function drainNotifications(deps: RetentionDeps, beforeIso: string, limit: number, ctx: JobContext) {
  const total = { notifications: 0, pushSends: 0 };
  for (;;) {
    const n = await removeOldNotifications(deps.db, beforeIso, limit);
    total.notifications += n.notifications;
    total.pushSends += n.pushSends;
    if (n.notifications < limit) return total;
    await ctx.keepLock();
  }
}

/** Receipts' images through the receipts module (bytes gone, rows kept for the counts). */
async function drainReceiptImages(deps: RetentionDeps, beforeIso: string, limit: number, ctx: JobContext): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await repo.receiptsWithImageBefore(deps.db, beforeIso, limit);
    const n = await removeReceiptImages(deps, ids, ctx.now());
    total += n;
    // n < ids.length only if another run removed some meanwhile; none at all would loop forever.
    if (ids.length < limit || n === 0) return total;
    await ctx.keepLock();
  }
}
