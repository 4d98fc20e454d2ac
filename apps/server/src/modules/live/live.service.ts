import type { AdminLiveBody, AdminLiveResponse, AdminActionPoint, LiveAction, LiveException, LivePromoter } from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import { territoriesByIdent } from '../../db/territories.ts';
import type { TerritoryScope } from '../../db/territory-scope.ts';
import type { Coordinates } from '../../lib/geo.ts';
import { wallDate } from '../../lib/time.ts';
import type { BlobStore } from '../../plugins/blob-store.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { assignmentExceptions, nearestPointMeters, phoneException, type Finding, type LiveThresholds } from './live-exceptions.ts';

// The shift rules, for the report panel (reviews) and hours.csv (exports) through this module's face.
export { notStartedException, shiftExceptions, type LiveThresholds, type ShiftFacts } from './live-exceptions.ts';
import * as repo from './live.repository.ts';
import { checkerName } from './live-checks.service.ts';
import { toAdminActionPoint } from '../planning/planning.service.ts';

// /api/admin/live (issue 25, decision 091): today's actions in the caller's territories, each promoter
// with her last position and what waits on her phone, and the exceptions. Read anew on every call from
// the database, so every instance answers the same and every promoter is there whichever instance
// her phone talks to.

export type LiveDeps = {
  db: Db;
  now: () => Date;
  timezone: string;
  map: { tileUrl: string | null; attribution: string };
  thresholds: LiveThresholds;
  /** The files' store: what waits for its bucket is shown beside the day (decision 130). */
  blobStore: Pick<BlobStore, 'mode' | 'pending'>;
};

export type LiveCaller = { scope: TerritoryScope };

/** Actions that started this many days before today are not looked at (the live day is a day). */
const LOOK_BACK_DAYS = 7;

const withCoordinates = (points: readonly AdminActionPoint[]): Coordinates[] =>
  points.flatMap((p) => (p.latitude !== null && p.longitude !== null ? [{ latitude: p.latitude, longitude: p.longitude }] : []));

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Wall times to instants, each distinct one converted once: a day's actions share a few start times,
 * and each conversion asks Intl for the zone's offset (a thousand actions: tens of milliseconds).
 */
function wallInstants(timezone: string): (wall: string) => number {
  const known = new Map<string, number>();
  return (wall) => {
    let ms = known.get(wall);
    if (ms === undefined) {
      ms = instantOfWall(wall, timezone).getTime();
      known.set(wall, ms);
    }
    return ms;
  };
}

/** What waits for the bucket: one count over the register's pending index (blob_objects_pending_idx). */
async function pendingFiles(deps: LiveDeps): Promise<AdminLiveResponse['pendingFiles']> {
  if (deps.blobStore.mode !== 's3') return null;
  const { count, oldestAt } = await deps.blobStore.pending();
  return { count, oldestAt };
}

export async function liveDay(deps: LiveDeps, caller: LiveCaller, body: z.output<typeof AdminLiveBody>): Promise<AdminLiveResponse> {
  const at = deps.now();
  const now = at.getTime();
  const day = (offset: number) => `${wallDate(at, deps.timezone, offset)} 00:00:00`;
  const instant = wallInstants(deps.timezone);
  // A territory outside her scope, or unknown, is an empty day — as planning's list answers it.
  const territoryIds = body.territory ? (await territoriesByIdent(deps.db, [body.territory])).map((t) => t.id) : undefined;
  const filter: repo.LiveDayFilter = { dayStart: day(0), dayEnd: day(1), earliestStart: day(-LOOK_BACK_DAYS), territoryIds };
  // One after another, on one connection: on PostgreSQL three at once made three server processes
  // compete with this one for the machine's cores, and the slowest poll paid for it (decision 101);
  // SQLite answers one statement at a time anyway.
  const actionRows = await repo.todaysActions(deps.db, filter, caller.scope);
  const pointRows = await repo.pointsOfTodaysActions(deps.db, filter, caller.scope);
  const promoterRows = await repo.promotersOfTodaysActions(deps.db, filter, caller.scope);
  const checkRows = await repo.checksOfTodaysActions(deps.db, filter, caller.scope);
  const raised = { from: instant(day(0)), to: instant(day(1)) };
  const flagRows = await repo.flagsOfTodaysActions(deps.db, filter, caller.scope, { from: iso(raised.from), to: iso(raised.to) });
  const flaggedSince = new Map(flagRows.map((r) => [`${r.action_id}|${r.user_id}`, Date.parse(r.first_raised_at)]));
  const checks = new Map(checkRows.map((c) => [checkKey(c.kind, c.action_id, c.user_id, c.since), c]));

  const pointsOf = groupBy(pointRows, (p) => p.action_id);
  for (const points of pointsOf.values()) points.sort((x, y) => x.position - y.position);
  const promotersOf = groupBy(promoterRows, (p) => p.action_id);
  for (const rows of promotersOf.values()) rows.sort(byName);
  actionRows.sort(bySinceAndName);
  const actions: LiveAction[] = [];
  const exceptions: LiveException[] = [];
  // data_on_phone is the promoter's, not an action's: once, with her running action or her first of the day.
  const phones = new Map<string, { action: LiveAction; promoter: LivePromoter; running: boolean }>();

  for (const a of actionRows) {
    const points = (pointsOf.get(a.id) ?? []).map(toAdminActionPoint);
    const located = withCoordinates(points);
    const plannedStartAt = instant(a.since);
    const action: LiveAction = {
      uuid: a.id,
      ident: a.ident,
      name: a.name,
      since: a.since,
      until: a.until,
      status: a.state,
      territory: a.territory_ident && a.territory_name ? { ident: a.territory_ident, name: a.territory_name } : null,
      points,
      promoters: [],
    };
    for (const row of promotersOf.get(a.id) ?? []) {
      const takenAt = row.last_ping_at === null ? null : Date.parse(row.last_ping_at);
      const promoter = toLivePromoter(row, located);
      action.promoters.push(promoter);
      const statusAt = row.last_status_at ? instant(row.last_status_at) : null;
      const startedAt = row.checked_in_at ? Date.parse(row.checked_in_at) : row.status !== null ? statusAt : null;
      const findings = assignmentExceptions(
        {
          actionCancelled: a.global_status === 'hst_cancelled',
          plannedStartAt,
          plannedEndAt: instant(a.until),
          status: row.status,
          cancelled: row.cancelled_at !== null,
          startedAt,
          startPosition:
            row.check_in_latitude !== null && row.check_in_longitude !== null
              ? { latitude: row.check_in_latitude, longitude: row.check_in_longitude }
              : null,
          lastPingAt: takenAt,
          finishedAt: row.status === 'finished' ? statusAt : null,
          hasEndPhotos: row.end_photos_at !== null,
          points: located,
        },
        now,
        deps.thresholds,
      );
      const flagged = flaggedSince.get(`${a.id}|${row.user_id}`);
      if (flagged !== undefined) findings.push({ kind: 'integrity_flag', since: flagged, distanceMeters: null, minutes: null });
      for (const finding of findings) exceptions.push(toException(finding, action, promoter));
      const chosen = phones.get(row.user_id);
      const running = row.status === 'started';
      if (!chosen || (running && !chosen.running)) phones.set(row.user_id, { action, promoter, running });
    }
    actions.push(action);
  }
  for (const { action, promoter } of phones.values()) {
    const finding = phoneException(promoter.outbox, now, deps.thresholds);
    if (finding) exceptions.push(toException(finding, action, promoter));
  }
  // 'Sprawdzone' is the territory's, kept on the server (decision 117).
  for (const e of exceptions) {
    const check = checks.get(checkKey(e.kind, e.action.uuid, e.promoter.uuid, e.since));
    if (check) e.checked = { by: { uuid: check.checked_by, name: checkerName(check) }, at: check.checked_at };
  }
  // ISO UTC times, all of one length: in order as text.
  exceptions.sort((x, y) => (x.since < y.since ? -1 : x.since > y.since ? 1 : x.kind.localeCompare(y.kind)));
  return { at: at.toISOString(), map: deps.map, actions, exceptions, pendingFiles: await pendingFiles(deps) };
}

function toLivePromoter(row: repo.LivePromoterRow, located: Coordinates[]): LivePromoter {
  const lastPosition =
    row.last_ping_at !== null && row.last_ping_latitude !== null && row.last_ping_longitude !== null && row.last_ping_accuracy !== null
      ? {
          latitude: row.last_ping_latitude,
          longitude: row.last_ping_longitude,
          accuracy: row.last_ping_accuracy,
          capturedAt: row.last_ping_at,
        }
      : null;
  const nearest = lastPosition ? nearestPointMeters(lastPosition, located) : null;
  return {
    uuid: row.user_id,
    ident: row.ident,
    name: `${row.firstname} ${row.lastname}`,
    status: row.status,
    cancelled: row.cancelled_at !== null,
    startedAt: row.checked_in_wall_time ?? null,
    lastPosition,
    distanceMeters: nearest === null ? null : Math.round(nearest),
    outbox:
      row.outbox_reported_at !== null && row.outbox_count !== null
        ? { count: Number(row.outbox_count), oldestAt: row.outbox_oldest_at }
        : null,
    lastSeenAt: row.last_seen_at ?? null,
  };
}

const toException = (f: Finding, action: LiveAction, promoter: LivePromoter): LiveException => ({
  kind: f.kind,
  action: { uuid: action.uuid, name: action.name },
  promoter: { uuid: promoter.uuid, ident: promoter.ident, name: promoter.name },
  since: iso(f.since),
  distanceMeters: f.distanceMeters,
  minutes: f.minutes,
  checked: null,
});

const checkKey = (kind: string, actionId: string, userId: string, since: string) => `${kind}|${actionId}|${userId}|${since}`;

const polish = new Intl.Collator('pl');
const byName = (a: repo.LivePromoterRow, b: repo.LivePromoterRow) =>
  polish.compare(a.lastname, b.lastname) || polish.compare(a.firstname, b.firstname) || (a.user_id < b.user_id ? -1 : 1);
const bySinceAndName = (a: repo.LiveActionRow, b: repo.LiveActionRow) =>
  (a.since < b.since ? -1 : a.since > b.since ? 1 : 0) || polish.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}
