import { toWallClock } from '@promotor/contract/wall-clock';
import * as pl from '../../i18n/pl.ts';
import { appTimeZone } from '../../lib/dates/app-time-zone.ts';
import type { LiveAnswer } from '../api/admin-types.ts';

// What the live day shows, from /api/admin/live's answer (issue 25, decision 094): pure functions, so
// the page, the map and the tests read the same rows.

export type LiveAction = LiveAnswer['actions'][number];
export type LivePromoter = LiveAction['promoters'][number];
export type LiveException = LiveAnswer['exceptions'][number];

/** The page polls every 30 s while its tab is in view (issue 25 "refreshes by itself"). */
export const REFRESH_MS = 30_000;

/** Whole minutes from an ISO instant to `now` (never negative: a phone's clock may run ahead). */
export const minutesSince = (iso: string, now: number): number => Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));

/** 'HH:mm' of an ISO instant on the server's clock (APP_TIMEZONE), as the plan writes its hours. */
export const wallTime = (iso: string): string => toWallClock(new Date(iso), appTimeZone()).slice(11, 16);

/** 'x min temu' of an ISO instant. */
export const agoText = (iso: string, now: number): string => pl.biuroLive.ago(minutesSince(iso, now));

/** Her status in the action, in words. */
export function promoterStatus(promoter: LivePromoter): string {
  if (promoter.cancelled) return pl.biuroLive.statuses.cancelled;
  if (promoter.status === 'started') return pl.biuroLive.statuses.started;
  if (promoter.status === 'finished') return pl.biuroLive.statuses.finished;
  return pl.biuroLive.statuses.notStarted;
}

/** The map shows a running promoter's last position (issue 25): started, not cancelled, a position known. */
export const isOnMap = (promoter: LivePromoter): boolean =>
  promoter.status === 'started' && !promoter.cancelled && promoter.lastPosition !== null;

export const pointMarkerId = (actionUuid: string, pointUuid: string) => `point:${actionUuid}:${pointUuid}`;
export const promoterMarkerId = (actionUuid: string, promoterUuid: string) => `promoter:${actionUuid}:${promoterUuid}`;

export type PointMarker = {
  id: string;
  latitude: number;
  longitude: number;
  name: string;
  address: string;
  action: LiveAction;
};
export type PromoterMarker = {
  id: string;
  action: LiveAction;
  promoter: LivePromoter & { lastPosition: NonNullable<LivePromoter['lastPosition']> };
};

/** Every point with coordinates, and every running promoter's last position. */
export function mapMarkers(actions: LiveAction[]): { points: PointMarker[]; promoters: PromoterMarker[] } {
  const points: PointMarker[] = [];
  const promoters: PromoterMarker[] = [];
  for (const action of actions) {
    for (const point of action.points) {
      if (point.latitude === null || point.longitude === null) continue;
      points.push({
        id: pointMarkerId(action.uuid, point.uuid),
        latitude: point.latitude,
        longitude: point.longitude,
        name: point.name,
        address: [point.streetAddress, point.cityName].filter(Boolean).join(', '),
        action,
      });
    }
    for (const promoter of action.promoters) {
      if (!isOnMap(promoter) || !promoter.lastPosition) continue;
      promoters.push({
        id: promoterMarkerId(action.uuid, promoter.uuid),
        action,
        promoter: { ...promoter, lastPosition: promoter.lastPosition },
      });
    }
  }
  return { points, promoters };
}

/** Where "Pokaż na mapie" goes for an action: its first point with coordinates. */
export function actionMarkerId(action: LiveAction): string | null {
  const point = action.points.find((candidate) => candidate.latitude !== null && candidate.longitude !== null);
  return point ? pointMarkerId(action.uuid, point.uuid) : null;
}

/** Where it goes for her in an action: her position when she is on the map, else the action's point. */
export function promoterTarget(action: LiveAction, promoterUuid: string): string | null {
  const promoter = action.promoters.find((candidate) => candidate.uuid === promoterUuid);
  return promoter && isOnMap(promoter) ? promoterMarkerId(action.uuid, promoter.uuid) : actionMarkerId(action);
}

/**
 * An exception in Polish: its kind, with the distance when she started far from the point and the
 * minutes of a shift against the plan (decision 116). The report panel reads the same words.
 */
export function exceptionLabel(exception: Pick<LiveException, 'kind' | 'distanceMeters' | 'minutes'>): string {
  const e = pl.biuroLive.exceptions;
  const { distanceMeters: meters, minutes } = exception;
  if (exception.kind === 'started_far' && meters !== null) return e.startedFar(meters);
  if (minutes !== null) {
    if (exception.kind === 'started_early') return e.startedEarly(minutes);
    if (exception.kind === 'past_planned_end') return e.pastPlannedEnd(minutes);
    if (exception.kind === 'short_shift') return e.shortShift(minutes);
  }
  return e.kinds[exception.kind];
}

/**
 * One exception's identity for 'Sprawdzone': its kind, action, promoter and since. A new episode (no
 * position again after a fresh one, other data waiting) has a new `since` and comes back to the queue.
 */
export const exceptionKey = (exception: LiveException): string =>
  [exception.kind, exception.action.uuid, exception.promoter.uuid, exception.since].join('|');

/** The queue: oldest first (the longest waiting is the first to look at). */
export const queueOrder = (exceptions: LiveException[]): LiveException[] =>
  [...exceptions].sort((a, b) => Date.parse(a.since) - Date.parse(b.since) || a.promoter.name.localeCompare(b.promoter.name, 'pl'));

export type PhoneRow = {
  uuid: string;
  name: string;
  ident: string;
  outbox: LivePromoter['outbox'];
  lastSeenAt: string | null;
};

/**
 * 'Co czeka w telefonach': one row per promoter (her phone, not her action), the most waiting first,
 * then the longest unseen.
 */
export function phoneRows(actions: LiveAction[]): PhoneRow[] {
  const rows = new Map<string, PhoneRow>();
  for (const action of actions) {
    for (const promoter of action.promoters) {
      if (rows.has(promoter.uuid)) continue;
      rows.set(promoter.uuid, {
        uuid: promoter.uuid,
        name: promoter.name,
        ident: promoter.ident,
        outbox: promoter.outbox,
        lastSeenAt: promoter.lastSeenAt,
      });
    }
  }
  const seen = (row: PhoneRow) => (row.lastSeenAt ? Date.parse(row.lastSeenAt) : 0);
  return [...rows.values()].sort((a, b) => (b.outbox?.count ?? 0) - (a.outbox?.count ?? 0) || seen(a) - seen(b));
}

/** The territories to choose from: hers (a coordinator), or those the answers named (an admin has no list). */
export function territoryOptions(own: readonly string[], seen: readonly string[]): string[] {
  return [...new Set([...own, ...seen])].sort();
}
