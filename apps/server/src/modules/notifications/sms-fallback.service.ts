import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '@promotor/contract';
import type { Db } from '../../db/kysely.ts';
import type { JobContext, ScheduledJob } from '../../plugins/scheduled-jobs.ts';
import { SendFailure, type Message, type Notifier } from '../notifier/notifier.ts';
import { inQuietHours, quietHoursEnd } from './notification-rules.ts';
import * as repo from './sms-fallback.repository.ts';

// The SMS fallback (issue 37, decision 135): a send-back, or a cancellation or move of an action
// starting within 24 hours, that she has neither seen as a push nor read in the app SMS_FALLBACK_AFTER_SECONDS
// after it happened, goes by SMS through the notifier (the gateway the password-reset codes use). A
// scheduled job looks every NOTIFICATION_SWEEP_INTERVAL_SECONDS; none goes between 21:00 and 8:00.

export const SMS_FALLBACK_JOB = 'sms-fallback';

/** Notifications settled per run: a backlog (after an outage) goes over the next runs. */
export const SMS_SWEEP_BATCH = 100;

/** How long a claimed SMS is its sender's: one that dies mid-way leaves it to a sweep after this. */
export const SMS_CLAIM_LEASE_MS = 5 * 60_000;

/** Tries of a gateway failure that may pass (a timeout, a 5xx), the first included; then 'failed'. */
export const SMS_MAX_ATTEMPTS = 3;

/** The wait before the 2nd and 3rd try: over the next sweeps, not in one. */
export const SMS_RETRY_BACKOFF_MS = [60_000, 5 * 60_000];

export type SmsFallbackDeps = {
  db: Db;
  notifier: Notifier;
  timezone: string;
  /** Where the app is opened (PUBLIC_URL): the SMS links her inbox; without it the SMS names the app. */
  publicUrl: string | null;
  log?: FastifyBaseLogger;
};

const WHAT: Partial<Record<NotificationKind, string>> = {
  report_returned: 'Twój raport wrócił do poprawy.',
  action_cancelled: 'Odwołano jedną z Twoich akcji.',
  action_moved: 'Zmieniono termin lub miejsce jednej z Twoich akcji.',
};

/**
 * The SMS: what happened, in a few words, and where to read it — no names, no places, no note (anyone
 * may read a phone's lock screen; the inbox, behind her login, has the rest).
 */
export function smsText(kind: NotificationKind, publicUrl: string | null): string {
  const where = publicUrl ? `Szczegóły: ${publicUrl.replace(/\/+$/, '')}/powiadomienia` : 'Szczegóły w aplikacji Promotor.';
  return `Promotor: ${WHAT[kind] ?? 'Masz nowe powiadomienie.'} ${where}`;
}

type Due = Awaited<ReturnType<typeof repo.dueSms>>[number];
export type SmsOutcome = 'sent' | 'failed' | 'retrying' | 'quiet_hours' | 'not_needed' | 'taken';

/** The job as app.ts schedules it: once per interval across all instances (plugins/scheduled-jobs.ts). */
export const smsFallbackJob = (deps: SmsFallbackDeps & { everyMs: number }): ScheduledJob => ({
  name: SMS_FALLBACK_JOB,
  everyMs: deps.everyMs,
  run: async (ctx) => void (await runSmsFallback(deps, ctx)),
});

/** One sweep: every notification whose SMS is due, settled one by one; answers what became of each. */
export async function runSmsFallback(deps: SmsFallbackDeps, ctx: Pick<JobContext, 'now' | 'keepLock'>): Promise<SmsOutcome[]> {
  const due = await repo.dueSms(deps.db, ctx.now().toISOString(), SMS_SWEEP_BATCH);
  const outcomes: SmsOutcome[] = [];
  for (const row of due) {
    outcomes.push(await settle(deps, row, ctx.now));
    await ctx.keepLock();
  }
  return outcomes;
}

/** A resend's SMS at once (outside the quiet hours): the same claim as the sweep's. */
export async function sendDueSmsNow(deps: SmsFallbackDeps, id: number, now: () => Date): Promise<SmsOutcome | null> {
  const [row] = await repo.dueSms(deps.db, now().toISOString(), 1, id);
  return row ? settle(deps, row, now) : null;
}

async function settle(deps: SmsFallbackDeps, row: Due, now: () => Date): Promise<SmsOutcome> {
  const { db, timezone } = deps;
  const at = now();
  // Deactivated since the event (or before a resend): no app, no work for her to be told of.
  if (row.deactivated_at !== null) {
    await repo.markNotNeededForDeactivated(db, row.id);
    return 'not_needed';
  }
  if (row.read_at !== null || (row.push_shown_at !== null && row.resent_at === null)) {
    await repo.markNotNeeded(db, row.id);
    return 'not_needed';
  }
  if (inQuietHours(at, timezone)) {
    await repo.holdForQuietHours(db, row.id, at.toISOString(), quietHoursEnd(at, timezone).toISOString());
    return 'quiet_hours';
  }
  const claim = await repo.claimSms(db, row.id, at.toISOString(), new Date(at.getTime() + SMS_CLAIM_LEASE_MS).toISOString());
  // Another sweep (an instance, a resend) has it, or she read it meanwhile.
  if (claim === null) return 'taken';
  if (!row.mobile_phone) {
    await repo.finishSms(db, row.id, claim, { state: 'failed' });
    return 'failed';
  }
  return send(deps, { ...row, mobile_phone: row.mobile_phone }, claim, now);
}

/** The claimed SMS through the gateway, and its outcome written under the claim. */
async function send(
  deps: SmsFallbackDeps,
  row: Due & { mobile_phone: string },
  claim: repo.SmsClaim,
  now: () => Date,
): Promise<SmsOutcome> {
  const { db } = deps;
  const { attempt } = claim;
  const message: Message = {
    channel: 'sms',
    recipient: row.mobile_phone,
    subject: `Powiadomienie (${row.kind})`,
    body: smsText(row.kind, deps.publicUrl),
  };
  try {
    await deps.notifier.sendOnce(message, deps.log ? { log: deps.log } : {});
    await repo.finishSms(db, row.id, claim, { state: 'sent', atIso: now().toISOString() });
    return 'sent';
  } catch (error) {
    const permanent = error instanceof SendFailure && error.permanent;
    if (permanent || attempt >= SMS_MAX_ATTEMPTS) {
      await repo.finishSms(db, row.id, claim, { state: 'failed' });
      return 'failed';
    }
    const wait = SMS_RETRY_BACKOFF_MS[Math.min(attempt - 1, SMS_RETRY_BACKOFF_MS.length - 1)]!;
    await repo.finishSms(db, row.id, claim, { state: 'waiting', dueIso: new Date(now().getTime() + wait).toISOString() });
    return 'retrying';
  }
}
