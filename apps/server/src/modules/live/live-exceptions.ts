import type { LiveExceptionKind } from '@promotor/contract';
import { distanceMeters, type Coordinates } from '../../lib/geo.ts';

// The live day's exceptions (issue 25, decision 091), the queue a coordinator works through: pure rules
// over what the repository read, each at its configured threshold (LIVE_* in config/env.ts). Every
// time is an instant in ms; each rule holds from `since` on, boundary included (≥), except started_far,
// which is "more than" its distance.

export type LiveThresholds = {
  farMeters: number;
  notStartedMs: number;
  noPositionMs: number;
  outboxStaleMs: number;
  /** Her shift against the plan (decision 116). */
  earlyStartMs: number;
  overrunMs: number;
  /** 0.5: a shift shorter than half the planned time is short. */
  shortShiftShare: number;
};

/** What the rules read of one promoter in one action. */
export type AssignmentFacts = {
  actionCancelled: boolean;
  plannedStartAt: number;
  plannedEndAt: number;
  status: 'started' | 'finished' | null;
  /** She cancelled it in her app (before starting). */
  cancelled: boolean;
  /** Her start (the check-in's tap time, else the status change), null before. */
  startedAt: number | null;
  startPosition: Coordinates | null;
  /** When her last ping was taken. */
  lastPingAt: number | null;
  finishedAt: number | null;
  hasEndPhotos: boolean;
  /** The action's points that have coordinates. */
  points: Coordinates[];
};

export type Finding = { kind: LiveExceptionKind; since: number; distanceMeters: number | null; minutes: number | null };

/** What the shift rules read: the plan, her status, her start and her end (instants in ms). */
export type ShiftFacts = Pick<AssignmentFacts, 'plannedStartAt' | 'plannedEndAt' | 'status' | 'startedAt' | 'finishedAt'>;

const wholeMinutes = (ms: number) => Math.round(ms / 60_000);

/**
 * Her shift against the plan (issue 33, decision 116), for the live day and the report panel alike: a
 * start long before the plan, a shift still running (or ended) long after the planned end, a finished
 * shift much shorter than planned. A start or end at the threshold counts (≥); short is "less than".
 */
export function shiftExceptions(f: ShiftFacts, now: number, limits: LiveThresholds): Finding[] {
  if (f.status === null || f.startedAt === null) return [];
  const found: Finding[] = [];
  const early = f.plannedStartAt - f.startedAt;
  if (early >= limits.earlyStartMs)
    found.push({ kind: 'started_early', since: f.startedAt, distanceMeters: null, minutes: wholeMinutes(early) });
  const endedAt = f.status === 'finished' ? f.finishedAt : null;
  const overSince = f.plannedEndAt + limits.overrunMs;
  const until = f.status === 'started' ? now : endedAt;
  if (until !== null && until >= overSince)
    found.push({ kind: 'past_planned_end', since: overSince, distanceMeters: null, minutes: wholeMinutes(until - f.plannedEndAt) });
  const planned = f.plannedEndAt - f.plannedStartAt;
  if (endedAt !== null && planned > 0 && endedAt - f.startedAt < planned * limits.shortShiftShare)
    found.push({ kind: 'short_shift', since: endedAt, distanceMeters: null, minutes: wholeMinutes(Math.max(0, endedAt - f.startedAt)) });
  return found;
}

/** Metres to the nearest of these points; null without any. */
export function nearestPointMeters(position: Coordinates, points: readonly Coordinates[]): number | null {
  let nearest: number | null = null;
  for (const point of points) {
    const d = distanceMeters(position, point);
    if (nearest === null || d < nearest) nearest = d;
  }
  return nearest;
}

/** Not started (neither she nor the organiser cancelled) `notStartedMs` after the planned start; also hours.csv's flag (decision 128). */
export function notStartedException(
  f: Pick<AssignmentFacts, 'status' | 'cancelled' | 'actionCancelled' | 'plannedStartAt'>,
  now: number,
  limits: LiveThresholds,
): Finding | null {
  if (f.status !== null || f.cancelled || f.actionCancelled) return null;
  const since = f.plannedStartAt + limits.notStartedMs;
  return now >= since ? { kind: 'not_started', since, distanceMeters: null, minutes: null } : null;
}

/** The exceptions of one promoter in one action at `now`. */
export function assignmentExceptions(f: AssignmentFacts, now: number, limits: LiveThresholds): Finding[] {
  const found: Finding[] = [];
  const notStarted = notStartedException(f, now, limits);
  if (notStarted) found.push(notStarted);
  if (f.status !== null && f.startPosition && f.startedAt !== null) {
    const nearest = nearestPointMeters(f.startPosition, f.points);
    if (nearest !== null && nearest > limits.farMeters)
      found.push({ kind: 'started_far', since: f.startedAt, distanceMeters: Math.round(nearest), minutes: null });
  }
  if (f.status === 'started') {
    // A position is a ping or her start; without either, her start is when the silence began.
    const last = Math.max(f.lastPingAt ?? -Infinity, f.startedAt ?? -Infinity);
    if (Number.isFinite(last) && now >= last + limits.noPositionMs)
      found.push({ kind: 'no_position', since: last + limits.noPositionMs, distanceMeters: null, minutes: null });
  }
  if (f.status === 'finished' && !f.hasEndPhotos) {
    found.push({
      kind: 'finished_without_end_photos',
      since: f.finishedAt ?? f.startedAt ?? f.plannedStartAt,
      distanceMeters: null,
      minutes: null,
    });
  }
  if (!f.cancelled && !f.actionCancelled) found.push(...shiftExceptions(f, now, limits));
  return found;
}

/** Her phone still holds items, the oldest waiting longer than the threshold. */
export function phoneException(
  outbox: { count: number; oldestAt: string | null } | null,
  now: number,
  limits: LiveThresholds,
): Finding | null {
  if (!outbox || outbox.count === 0 || !outbox.oldestAt) return null;
  const since = Date.parse(outbox.oldestAt) + limits.outboxStaleMs;
  return now >= since ? { kind: 'data_on_phone', since, distanceMeters: null, minutes: null } : null;
}
