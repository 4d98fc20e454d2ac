import type { NotificationDetails, NotificationKind } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { newId, newToken } from '../../lib/crypto.ts';
import { fallsBackToSms, isUrgent, NOTIFY_AHEAD_MS, startsWithin, topicOf, type ActionTimes } from './notification-rules.ts';
import * as repo from './notifications.repository.ts';

// The events that fill her inbox (issue 37, decision 135), each written by the service of the change
// inside its own transaction: a change and its notifications commit together or not at all. With each
// notification go its pushes (one push_sends row per device of hers; the push module's sender sends
// them) and, for an event that falls back, the SMS's due time (sms-fallback.service.ts sends it).
// Nothing is written for a change that changes nothing she would see.

/**
 * What the creating services pass: the settings that decide the SMS and the pushes, and the clock.
 * `pushOn`: the server has VAPID keys (decision 136); without them no push is queued.
 */
export type NotificationSettings = { smsFallbackAfterMs: number; pushOn: boolean };
export type NotifyContext = NotificationSettings & { now: Date; timezone: string };

/** A service's deps as the context of its notifications, at `at` (the change's time; its clock's now by default). */
export const notifyContext = (
  deps: { now: () => Date; timezone: string; notifications: NotificationSettings },
  at: Date = deps.now(),
): NotifyContext => ({ ...deps.notifications, now: at, timezone: deps.timezone });

/** The action as an event tells of it: its times and its points as one line each ('Name, street, code city'). */
export type ActionSnapshot = ActionTimes & { id: string; name: string; place: string | null };

type New = {
  userId: string;
  kind: NotificationKind;
  actionId: string | null;
  details: NotificationDetails;
  topic: string;
  urgent: boolean;
  fallsBack: boolean;
};

const noDetails: NotificationDetails = {
  actionUuid: null,
  actionName: null,
  since: null,
  place: null,
  previousSince: null,
  previousPlace: null,
  note: null,
  changedActions: null,
};

const aboutAction = (a: ActionSnapshot): NotificationDetails => ({
  ...noDetails,
  actionUuid: a.id,
  actionName: a.name,
  since: a.since,
  place: a.place,
});

/** The action now, as her app's action detail shows it; undefined when there is none. */
export async function actionSnapshot(db: Db, actionId: string): Promise<ActionSnapshot | undefined> {
  const facts = await repo.findActionFacts(db, actionId);
  if (!facts) return undefined;
  const lines = facts.points.map((p) =>
    [p.name, p.street_address, p.postal_code ? `${p.postal_code} ${p.city_name}` : p.city_name].filter(Boolean).join(', '),
  );
  return { id: facts.id, name: facts.name, since: facts.since, until: facts.until, place: lines.length > 0 ? lines.join('; ') : null };
}

/**
 * Her devices' pushes of the notification, due now; answers how many (the notification's push_devices).
 * With push off none: rows that no sender would ever send, and a count of devices that got nothing.
 */
export async function queuePushes(
  db: Db,
  n: { id: number; userId: string; topic: string },
  o: { atIso: string; pushOn: boolean },
): Promise<number> {
  const { atIso } = o;
  const subscriptions = o.pushOn ? await repo.subscriptionIdsOf(db, n.userId) : [];
  await repo.insertPushSends(
    db,
    subscriptions.map((subscriptionId) => ({
      id: newId(),
      notification_id: n.id,
      subscription_id: subscriptionId,
      topic: n.topic,
      // The service worker hands it back to /notifications/shown: random, one per push.
      receipt: newToken(),
      state: 'pending' as const,
      created_at: atIso,
      attempts: 0,
      next_attempt_at: atIso,
      last_error: null,
      claimed_by: null,
      claimed_until: null,
      sent_at: null,
      shown_at: null,
    })),
  );
  await repo.setPushDevices(db, n.id, subscriptions.length);
  return subscriptions.length;
}

async function create(db: Db, ctx: NotifyContext, n: New): Promise<void> {
  const createdAt = ctx.now.toISOString();
  const id = await repo.insertNotification(db, {
    user_id: n.userId,
    kind: n.kind,
    action_id: n.actionId,
    details: JSON.stringify(n.details),
    topic: n.topic,
    urgent: n.urgent ? 1 : 0,
    created_at: createdAt,
    read_at: null,
    push_devices: 0,
    push_sent_at: null,
    push_shown_at: null,
    sms_state: n.fallsBack ? 'waiting' : 'not_needed',
    // Kept once set, whatever becomes of the SMS: it marks an event that falls back (a resend sends it again).
    sms_due_at: n.fallsBack ? new Date(ctx.now.getTime() + ctx.smsFallbackAfterMs).toISOString() : null,
    sms_sent_at: null,
    sms_attempts: 0,
    resent_at: null,
    resent_by: null,
  });
  await queuePushes(db, { id, userId: n.userId, topic: n.topic }, { atIso: createdAt, pushOn: ctx.pushOn });
}

/** Her report sent back for correction ('Do poprawy'), with the coordinator's note. */
export async function notifyReportReturned(db: Db, ctx: NotifyContext, o: { actionId: string; userId: string; note: string | null }) {
  const action = await actionSnapshot(db, o.actionId);
  if (!action || (await repo.activePromoters(db, [o.userId])).length === 0) return;
  await create(db, ctx, {
    userId: o.userId,
    kind: 'report_returned',
    actionId: action.id,
    details: { ...aboutAction(action), note: o.note },
    topic: topicOf('report', o.userId, action.id),
    urgent: true,
    fallsBack: true,
  });
}

/** The action cancelled by staff: each promoter on it who has not cancelled it herself, unless it is over. */
export async function notifyActionCancelled(db: Db, ctx: NotifyContext, actionId: string) {
  const action = await actionSnapshot(db, actionId);
  if (!action || action.until <= toWallClock(ctx.now, ctx.timezone)) return;
  for (const userId of await repo.activePromoters(db, await repo.assigneesOf(db, actionId))) {
    await create(db, ctx, {
      userId,
      kind: 'action_cancelled',
      actionId,
      details: aboutAction(action),
      topic: topicOf('action', userId, actionId),
      urgent: isUrgent('action_cancelled', action, ctx.now, ctx.timezone),
      fallsBack: fallsBackToSms('action_cancelled', [action], ctx.now, ctx.timezone),
    });
  }
}

/**
 * The action moved: its times or its points' names and addresses differ from `before` (taken in the same
 * transaction before the change). Anything else changed (its name, event, territory, a point's
 * coordinates or code alone) is no move: she goes to the same place at the same time.
 */
export async function notifyActionMoved(db: Db, ctx: NotifyContext, before: ActionSnapshot) {
  const after = await actionSnapshot(db, before.id);
  if (!after) return;
  const timesMoved = after.since !== before.since || after.until !== before.until;
  const placeMoved = after.place !== before.place;
  const nowWall = toWallClock(ctx.now, ctx.timezone);
  if ((!timesMoved && !placeMoved) || (before.until <= nowWall && after.until <= nowWall)) return;
  for (const userId of await repo.activePromoters(db, await repo.assigneesOf(db, before.id))) {
    await create(db, ctx, {
      userId,
      kind: 'action_moved',
      actionId: before.id,
      details: {
        ...aboutAction(after),
        previousSince: after.since !== before.since ? before.since : null,
        previousPlace: placeMoved ? before.place : null,
      },
      topic: topicOf('action', userId, before.id),
      urgent: false,
      fallsBack: fallsBackToSms('action_moved', [before, after], ctx.now, ctx.timezone),
    });
  }
}

/** Promoters newly on the action, when it starts within her next 7 days (further ahead: her list shows it). */
export async function notifyAssigned(db: Db, ctx: NotifyContext, actionId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return;
  const action = await actionSnapshot(db, actionId);
  if (!action || !startsWithin(action, ctx.now, NOTIFY_AHEAD_MS, ctx.timezone)) return;
  for (const userId of await repo.activePromoters(db, userIds)) {
    await create(db, ctx, {
      userId,
      kind: 'action_assigned',
      actionId,
      details: aboutAction(action),
      topic: topicOf('action', userId, actionId),
      urgent: false,
      fallsBack: false,
    });
  }
}

/** One action a bulk change (a plan import, a copy) wrote, and whom it concerns: those named, or everyone on it. */
export type PlanChange = ActionTimes & { actionId: string; promoters: readonly string[] | 'assigned' };

/**
 * A bulk change of the plan: ONE notification per promoter whose next 7 days it changed, counting her
 * actions in them it added or changed — never one per row.
 */
export async function notifyPlanChanged(db: Db, ctx: NotifyContext, changes: readonly PlanChange[]) {
  const actionsOf = new Map<string, Set<string>>();
  for (const change of changes) {
    if (!startsWithin(change, ctx.now, NOTIFY_AHEAD_MS, ctx.timezone)) continue;
    const userIds = change.promoters === 'assigned' ? await repo.assigneesOf(db, change.actionId) : change.promoters;
    for (const userId of userIds) actionsOf.set(userId, (actionsOf.get(userId) ?? new Set()).add(change.actionId));
  }
  // In the order of their ids: two imports at once insert in one order.
  for (const userId of (await repo.activePromoters(db, [...actionsOf.keys()])).sort()) {
    await create(db, ctx, {
      userId,
      kind: 'plan_changed',
      actionId: null,
      details: { ...noDetails, changedActions: actionsOf.get(userId)!.size },
      topic: topicOf('plan', userId, null),
      urgent: false,
      fallsBack: false,
    });
  }
}
