import { PLANNED_END_GRACE_MINUTES } from '../constants.ts';

// Decision 119: when her end needs a reason. Written once for the phone (which asks for it) and the
// server (which refuses 'as_planned' without it), so the two agree. Zod-free, and free of the time
// zone tables too (the login page's chunk loads these rules): both sides pass wall-clock times.

/** A wall-clock time 'YYYY-MM-DD HH:mm:ss' as milliseconds of a naive (zone-less) clock. */
const naive = (wall: string) => Date.parse(`${wall.slice(0, 10)}T${wall.slice(11, 19) || '00:00:00'}Z`);

/**
 * Whether an end at `endedAt` comes before the action's planned end `plannedUntil` by more than
 * PLANNED_END_GRACE_MINUTES: then §2's reason is asked. Both are wall-clock times of the app's zone
 * ('YYYY-MM-DD HH:mm:ss', e.g. wall-clock.ts `toWallClock`); the 15 minutes are counted on the wall
 * clock, which differs from real time only within a change to or from summer time, at night.
 */
export function endsBeforePlan(plannedUntil: string, endedAt: string): boolean {
  return naive(endedAt) < naive(plannedUntil) - PLANNED_END_GRACE_MINUTES * 60_000;
}
