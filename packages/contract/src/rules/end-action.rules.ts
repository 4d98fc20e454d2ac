import { PLANNED_END_GRACE_MINUTES } from '../constants.ts';
import { toWallClock } from '../wall-clock.ts';

// Decision 119: when her end needs a reason. Written once for the phone (which asks for it) and the
// server (which refuses 'as_planned' without it), so the two agree. Zod-free.

/**
 * Whether an end at `endedAt` comes before the action's planned end (`plannedUntil`, wall clock
 * 'YYYY-MM-DD HH:mm:ss' of `timeZone`) by more than PLANNED_END_GRACE_MINUTES: then §2's reason is
 * asked. Wall-clock times of one zone compare as text.
 */
export function endsBeforePlan(plannedUntil: string, endedAt: Date, timeZone: string): boolean {
  const withGrace = new Date(endedAt.getTime() + PLANNED_END_GRACE_MINUTES * 60_000);
  return toWallClock(withGrace, timeZone) < plannedUntil;
}
