import { createHash } from 'node:crypto';
import type { NotificationKind } from '@promotor/contract';
import { instantOfWall, toWallClock, wallDay } from '@promotor/contract/wall-clock';

// Which notification an event makes, how urgent it is and whether it falls back to SMS (decision 135).
// Pure: the times are the wall clock of APP_TIMEZONE ('YYYY-MM-DD HH:mm:ss', as actions store them), so
// the rules are unit tests as well as integration ones.

const HOUR_MS = 3_600_000;

/** 'Nowa akcja' and 'plan changed' tell of her next 7 days only; a change further ahead waits for her list. */
export const NOTIFY_AHEAD_MS = 7 * 24 * HOUR_MS;

/** A cancellation or move of an action starting within this falls back to SMS (issue 37). */
export const SMS_AHEAD_MS = 24 * HOUR_MS;

/** No SMS between these hours of APP_TIMEZONE's wall clock: what falls due then goes at QUIET_END_HOUR. */
export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

/** The wall clock `ms` from `now`. */
const wallAfter = (now: Date, ms: number, timeZone: string) => toWallClock(new Date(now.getTime() + ms), timeZone);

export type ActionTimes = { since: string; until: string };

/** Not over yet, and starting before `now` + `aheadMs` (one running now counts: it is still ahead of her). */
export function startsWithin(action: ActionTimes, now: Date, aheadMs: number, timeZone: string): boolean {
  return action.until > toWallClock(now, timeZone) && action.since < wallAfter(now, aheadMs, timeZone);
}

/** Starts on today's date (APP_TIMEZONE): a cancellation of it is urgent. */
export const startsToday = (action: ActionTimes, now: Date, timeZone: string): boolean =>
  action.since.slice(0, 10) === wallDay(now, timeZone);

/**
 * Whether the event falls back to SMS: a send-back always; a cancellation or a move of an action that
 * starts within 24 hours (a move: before or after it — moved away from tomorrow morning she must know
 * as much as moved onto it); an assignment and a plan change never (her list shows them).
 */
export function fallsBackToSms(kind: NotificationKind, times: readonly ActionTimes[], now: Date, timeZone: string): boolean {
  if (kind === 'report_returned') return true;
  if (kind !== 'action_cancelled' && kind !== 'action_moved') return false;
  return times.some((t) => startsWithin(t, now, SMS_AHEAD_MS, timeZone));
}

/** Urgency high (Web Push): a send-back, and a cancellation of an action starting today. */
export const isUrgent = (kind: NotificationKind, action: ActionTimes | null, now: Date, timeZone: string): boolean =>
  kind === 'report_returned' || (kind === 'action_cancelled' && action !== null && startsToday(action, now, timeZone));

/**
 * The Web Push Topic (RFC 8030 §5.4: at most 32 characters of the URL-safe base64 alphabet): what one
 * push replaces of another still waiting at the push service. One subject, one topic — a report's
 * send-backs; everything of one action (assigned, moved, cancelled: the newest says it all); her plan
 * changes — each for one promoter. A digest, not the ids: the push service sees the topic in clear.
 */
export function topicOf(subject: 'report' | 'action' | 'plan', userId: string, actionId: string | null): string {
  const digest = createHash('sha256')
    .update(`${subject}\n${userId}\n${actionId ?? ''}`)
    .digest('base64url');
  return `${subject}-${digest.slice(0, 22)}`;
}

/** Whether `now` falls in the quiet hours (21:00–8:00 APP_TIMEZONE). */
export function inQuietHours(now: Date, timeZone: string): boolean {
  const hour = Number(toWallClock(now, timeZone).slice(11, 13));
  return hour >= QUIET_START_HOUR || hour < QUIET_END_HOUR;
}

/** The end of the quiet hours `now` falls in: 8:00 of today (before 8:00) or of tomorrow (from 21:00). */
export function quietHoursEnd(now: Date, timeZone: string): Date {
  const hour = Number(toWallClock(now, timeZone).slice(11, 13));
  const day = wallDay(now, timeZone, hour >= QUIET_START_HOUR ? 1 : 0);
  return instantOfWall(`${day} ${String(QUIET_END_HOUR).padStart(2, '0')}:00:00`, timeZone);
}
