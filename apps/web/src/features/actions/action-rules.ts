import type { Action } from '@promotor/contract';
import { appDay } from '../../lib/dates/app-time-zone.ts';

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

/** spec §2 Actions list: the start/stop link shows only when all three conditions hold. */
export function showsStartStopLink(action: Action, now: Date): boolean {
  return (
    startsTodayOrEarlier(action, now) &&
    (action.actionPoints.length > 0 || isStarted(action)) &&
    !isCancelled(action)
  );
}

/** spec §2 Action detail: 'Rozpocznij'/'Zakończ' unless cancelled, when started or starting today or earlier. */
export function showsStartStopButton(action: Action, now: Date): boolean {
  return !isCancelled(action) && (isStarted(action) || startsTodayOrEarlier(action, now));
}

/** 'Odwołać' only before she has started and not on a cancelled action (spec §4 User status). */
export const canCancel = (action: Action) => !isCancelled(action) && action.status.user.status === null;

/** The finish form when started, else the start form (spec §2 Actions list). */
export const startStopPath = (action: Action) =>
  isStarted(action) ? `/akcja/koniec/${action.uuid}` : `/akcja/start/${action.uuid}`;

/** The start form may be filled in: a point to check in at, not started, not cancelled, not in the future. */
export const canStart = (action: Action, now: Date) =>
  canCancel(action) && action.actionPoints.length > 0 && startsTodayOrEarlier(action, now);

/** The point a check-out names: the one she checked in at, else the first (spec §7 /action/check-out). */
export const checkOutPoint = (action: Action): string | null =>
  action.status.user.actionPoint?.uuid ?? action.actionPoints[0]?.uuid ?? null;

/** The action of the store list whose user status is 'started' (one at a time, decision 012). */
export const findCurrentAction = (list: readonly Action[]): Action | null => list.find(isStarted) ?? null;
