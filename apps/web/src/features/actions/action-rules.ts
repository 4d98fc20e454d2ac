import type { Action, ActionPoint } from '@promotor/contract';
import { actionStatusFacts, cancelRefusal, checkInRefusal } from '@promotor/contract/rules';
import { toWallClock } from '@promotor/contract/wall-clock';
import { appDay, appTimeZone } from '../../lib/dates/app-time-zone.ts';

// spec §2 Actions list, Action detail; §4 User status. Pure rules, shared by the list, the detail
// and the forms (and unit-tested on their own).

/** Her status is 'started': the current action (spec §4). */
export const isStarted = (action: Action) => action.status.user.status === 'started';

/** The organiser cancelled it (global hst_cancelled): no start, finish or cancel (spec §4). */
export const isCancelled = (action: Action) => action.status.global.ident === 'hst_cancelled';

/**
 * The start day is today or earlier, today as the server counts it (lib/dates/app-time-zone.ts).
 * Dates are wall-clock 'YYYY-MM-DD HH:mm:ss' of that zone, so text order is time order.
 */
export const startsTodayOrEarlier = (action: Action, now: Date) => action.since.date.slice(0, 10) <= appDay(now);

/**
 * 'Aktualnie trwające akcje:' lists what runs now (issue 33 item 17, decision 111): the one she has
 * started, and today's (started on an earlier day too) until their planned end — the ones §2's start
 * link is for (a cancelled one too, marked, so she learns of it). Not tomorrow's, and not one whose
 * planned end has passed without her: those are in Kalendarz.
 */
export function runsNow(action: Action, now: Date): boolean {
  if (isStarted(action)) return true;
  return startsTodayOrEarlier(action, now) && toWallClock(now, appTimeZone()) < action.until.date;
}

/** spec §2 Actions list: the start/stop link shows only when all three conditions hold. */
export function showsStartStopLink(action: Action, now: Date): boolean {
  return startsTodayOrEarlier(action, now) && (action.actionPoints.length > 0 || isStarted(action)) && !isCancelled(action);
}

/** spec §2 Action detail: 'Rozpocznij'/'Zakończ' unless cancelled, when started or starting today or earlier. */
export function showsStartStopButton(action: Action, now: Date): boolean {
  return !isCancelled(action) && (isStarted(action) || startsTodayOrEarlier(action, now));
}

/** 'Odwołać' only when the server would take her cancel (spec §4 User status; the contract's rule). */
export const canCancel = (action: Action) => cancelRefusal(actionStatusFacts(action)) === null;

/** The finish form when started, else the start form (spec §2 Actions list). */
export const startStopPath = (action: Action) => (isStarted(action) ? `/akcja/koniec/${action.uuid}` : `/akcja/start/${action.uuid}`);

/**
 * The start form is for this action at all: the server's check-in rule (the contract's
 * checkInRefusal: not started or finished by her, not cancelled or finished by the organiser, not in
 * the future). Whether she may start it *now* is startRefusal's question.
 */
export const isStartable = (action: Action, now: Date) => checkInRefusal(actionStatusFacts(action), appDay(now)) === null;

/** The point a check-out names: the one she checked in at, else the first (spec §7 /action/check-out). */
export const checkOutPoint = (action: Action): string | null =>
  action.status.user.actionPoint?.uuid ?? action.actionPoints[0]?.uuid ?? null;

/** The action of the store list whose user status is 'started' (one at a time, decision 012). */
export const findCurrentAction = (list: readonly Action[]): Action | null => list.find(isStarted) ?? null;

/** A check-in, check-out or cancel still waiting in the outbox (its label and action), oldest first. */
export type PendingStatusChange = { actionUuid: string; label: string };

/**
 * The action she is running — or will be, once the outbox has sent what waits in it: the started
 * action of her list, with her waiting check-ins, check-outs and cancels applied in order
 * (docs/decisions/046-one-running-action-before-the-form.md).
 */
export function runningAction(list: readonly Action[], pending: readonly PendingStatusChange[]): Action | null {
  const running = new Set(list.filter(isStarted).map((action) => action.uuid));
  for (const item of pending) {
    if (item.label === 'check-in') running.add(item.actionUuid);
    else if (item.label === 'check-out' || item.label === 'cancel') running.delete(item.actionUuid);
  }
  return list.find((action) => running.has(action.uuid)) ?? null;
}

/** Why 'Rozpocznij' (or 'Zakończ') cannot go on now; shown instead of the form (decisions 046, 047). */
export type StartRefusal =
  /** Her earlier change of this action still waits in the outbox (spec §2 "dimmed while progress"). */
  | { reason: 'waiting' }
  /** No point to check in at (spec §2: the button shows, dimmed). */
  | { reason: 'no-point' }
  /** She runs another action: one at a time (decision 012, server decision 014). */
  | { reason: 'other-running'; running: Action };

export function startRefusal(action: Action, running: Action | null, inProgress: boolean): StartRefusal | null {
  if (inProgress) return { reason: 'waiting' };
  if (isStarted(action)) return null;
  if (action.actionPoints.length === 0) return { reason: 'no-point' };
  if (running && running.uuid !== action.uuid) return { reason: 'other-running', running };
  return null;
}

/** The start form's address, with the point she chose (?punkt=) when there was a choice. */
export const startFormPath = (action: Action, point?: ActionPoint) =>
  point ? `/akcja/start/${action.uuid}?punkt=${encodeURIComponent(point.uuid)}` : `/akcja/start/${action.uuid}`;

/** What 'Rozpocznij'/'Zakończ' does, the same from the list's link and the detail's button (decision 048). */
export type StartStep =
  | { kind: 'refused'; refusal: StartRefusal }
  /** More than one point: the location chooser first, then the start form of the chosen point. */
  | { kind: 'choose-point' }
  | { kind: 'open'; path: string };

export function startStep(action: Action, running: Action | null, inProgress: boolean): StartStep {
  const refusal = startRefusal(action, running, inProgress);
  if (refusal) return { kind: 'refused', refusal };
  if (!isStarted(action) && action.actionPoints.length > 1) return { kind: 'choose-point' };
  return { kind: 'open', path: startStopPath(action) };
}

/**
 * The point the start form checks in at: the one chosen before the form (?punkt=) when it is one of
 * the action's, else its only point, else none yet — then the form's own location step asks.
 */
export function startPoint(action: Action, chosenUuid: string | null): ActionPoint | null {
  const points = action.actionPoints;
  return points.find((point) => point.uuid === chosenUuid) ?? (points.length === 1 ? points[0]! : null);
}
