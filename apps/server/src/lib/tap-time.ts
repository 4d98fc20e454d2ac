import { OUTBOX_MAX_AGE_DAYS } from '@promotor/contract/constants';
import { toWallClock } from '@promotor/contract/wall-clock';
import { instantOfWall } from './wall-instant.ts';

// Issue 20 item 2 (decision 072): a check-in, check-out or poll answer sent late from the outbox counts
// at the time she tapped, as a redemption counts at its dateTime (decision 056). The phone's clock says
// when; the server keeps that within what could have happened.

const DAY_MS = 24 * 3_600_000;

export type TapTime = {
  /** When it counts, ISO UTC (created_at). */
  iso: string;
  /** The same instant on the app's wall clock (wall_time, last_status_at). */
  wall: string;
  /** When the server received it, ISO UTC (received_at). */
  receivedIso: string;
};

export type TapBounds = {
  now: Date;
  timezone: string;
  /** The action's planned start, wall clock: nothing of it can have happened before that day began. */
  since: string;
  /** Her step before this one (e.g. her check-in, before a check-out): no step goes before it. */
  after?: string | null;
};

/**
 * `tappedAt` within its bounds: not after the server's now (the phone's clock runs fast: it happened
 * before it arrived), not before the action's start day began, not older than the outbox keeps a step
 * (OUTBOX_MAX_AGE_DAYS), not before her previous step. Out of bounds it is moved to the nearest one;
 * missing, it is now (clients that do not send it work as before).
 */
export function tapTime(tappedAt: string | undefined, b: TapBounds): TapTime {
  const now = b.now.getTime();
  const lower = Math.max(
    instantOfWall(`${b.since.slice(0, 10)} 00:00:00`, b.timezone).getTime(),
    now - OUTBOX_MAX_AGE_DAYS * DAY_MS,
    b.after ? Date.parse(b.after) : -Infinity,
  );
  const tapped = tappedAt === undefined ? now : Date.parse(tappedAt);
  const at = new Date(Math.min(now, Math.max(lower, tapped)));
  return { iso: at.toISOString(), wall: toWallClock(at, b.timezone), receivedIso: b.now.toISOString() };
}
