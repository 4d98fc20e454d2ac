import { toWallClock } from '@promotor/contract/wall-clock';
import { DASHBOARD_DAYS_MAX, LIVE_EXCEPTION_KINDS, type AdminDashboardBody, type AdminDashboardResponse } from '@promotor/contract';
import type { z } from 'zod';
import type { Db } from '../../db/kysely.ts';
import type { TerritoryScope } from '../../db/territory-scope.ts';
import { clientView } from '../../lib/client-view.ts';
import { distanceMeters } from '../../lib/geo.ts';
import type { StaffCall } from '../../plugins/audit-trail.ts';
import * as repo from './dashboard.repository.ts';
import { daysOf, periodOf, territoryOf, today } from './export-filter.ts';

// /api/admin/dashboard (issue 25, decision 092): a period's registrations per day and brand, codes
// handed out, actions by how far they got, and the exceptions the period had — in the caller's scope.

export type DashboardDeps = { db: Db; now: () => Date; timezone: string; liveFarMeters: number };

/** 'not started' holds this long after the planned start (the live day's rule, issue 25). */
export const NOT_STARTED_AFTER_MINUTES = 15;
/** Actions whose check-ins are judged at once for 'started far'. */
export const STARTED_PER_PAGE = 500;

type Kind = AdminDashboardResponse['exceptions'][number]['kind'];
/** What the dashboard counts of the live day's exceptions: what is over stays over (not a phone's present state). */
const PAST_KINDS: readonly Kind[] = LIVE_EXCEPTION_KINDS.filter(
  (k) => k === 'not_started' || k === 'started_far' || k === 'finished_without_end_photos',
);

/**
 * Her starts farther than `farMeters` from every point of the action with coordinates: her first check-in
 * with a position, judged against that action's points (an action without coordinates is not judged).
 */
async function startedFarCount(db: Db, f: repo.DashboardFilter, scope: TerritoryScope, farMeters: number): Promise<number> {
  let far = 0;
  let after: { since: string; id: string } | null = null;
  for (;;) {
    const page = await repo.startedActionsPage(db, f, scope, after, STARTED_PER_PAGE);
    const ids = page.map((a) => a.id);
    const [points, checkIns] = await Promise.all([repo.pointsWithCoordinates(db, ids), repo.checkInsWithPosition(db, ids)]);
    const pointsOf = new Map<string, { latitude: number; longitude: number }[]>();
    for (const p of points)
      pointsOf.set(p.action_id, [...(pointsOf.get(p.action_id) ?? []), { latitude: p.latitude!, longitude: p.longitude! }]);
    const judged = new Set<string>();
    for (const c of checkIns) {
      const pair = `${c.action_id} ${c.user_id}`;
      if (judged.has(pair)) continue;
      judged.add(pair);
      const targets = pointsOf.get(c.action_id);
      if (!targets || c.latitude === null || c.longitude === null) continue;
      const at = { latitude: c.latitude, longitude: c.longitude };
      if (targets.every((p) => distanceMeters(at, p) > farMeters)) far++;
    }
    if (page.length < STARTED_PER_PAGE) return far;
    after = page.at(-1)!;
  }
}

export async function adminDashboard(
  deps: DashboardDeps,
  call: StaffCall,
  body: z.output<typeof AdminDashboardBody>,
): Promise<AdminDashboardResponse> {
  const { db } = deps;
  const scope = call.staff.scope;
  const now = deps.now();
  const period = periodOf(body, today(now, deps.timezone), DASHBOARD_DAYS_MAX);
  const f = {
    since: period.since,
    until: period.until,
    territoryId: await territoryOf(db, body.territory, scope),
    approvedOnly: clientView(call.actor).approvedOnly,
  };
  const plannedBefore = toWallClock(new Date(now.getTime() - NOT_STARTED_AFTER_MINUTES * 60_000), deps.timezone);
  const [registrations, codes, actions, notStarted, withoutEndPhotos, startedFar, flagged] = await Promise.all([
    repo.registrationsPerDay(db, f, scope),
    repo.codesPerDay(db, f, scope),
    repo.actionCounts(db, f, scope),
    repo.notStartedCount(db, f, scope, plannedBefore),
    repo.finishedWithoutEndPhotosCount(db, f, scope),
    startedFarCount(db, f, scope, deps.liveFarMeters),
    f.approvedOnly ? Promise.resolve([]) : repo.flaggedActions(db, f, scope),
  ]);
  const days = daysOf(period).map((date) => ({ date, registrations: { Glo: 0, Vuse: 0, Velo: 0 }, codesHandedOut: 0 }));
  const byDate = new Map(days.map((d) => [d.date, d]));
  for (const r of registrations) {
    const d = byDate.get(r.day);
    if (d) d.registrations[r.brand] += r.count;
  }
  for (const c of codes) {
    const d = byDate.get(c.day);
    if (d) d.codesHandedOut += c.count;
  }
  const counts: Record<Kind, number> = {
    not_started: notStarted,
    started_far: startedFar,
    finished_without_end_photos: withoutEndPhotos,
    no_position: 0,
    data_on_phone: 0,
    // The shift rules (decision 116) are the live day's and the report panel's, not the period's counts.
    started_early: 0,
    past_planned_end: 0,
    short_shift: 0,
    // Plausibility flags are counted per week and territory (flaggedWeeks), not as a live exception.
    integrity_flag: 0,
  };
  return {
    days,
    actions,
    registrations: days.reduce((sum, d) => sum + d.registrations.Glo + d.registrations.Vuse + d.registrations.Velo, 0),
    codesHandedOut: days.reduce((sum, d) => sum + d.codesHandedOut, 0),
    exceptions: PAST_KINDS.map((kind) => ({ kind, count: counts[kind] })),
    flaggedActions: perWeekAndTerritory(flagged),
  };
}

/** The Monday of a wall-clock date's week (YYYY-MM-DD): calendar arithmetic, no time zone involved. */
export function mondayOf(date: string): string {
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

type FlaggedRow = { since: string; territory_ident: string | null; territory_name: string | null };

function perWeekAndTerritory(rows: readonly FlaggedRow[]): AdminDashboardResponse['flaggedActions'] {
  const groups = new Map<string, AdminDashboardResponse['flaggedActions'][number]>();
  for (const r of rows) {
    const week = mondayOf(r.since);
    const territory = r.territory_ident && r.territory_name ? { ident: r.territory_ident, name: r.territory_name } : null;
    const key = `${week}|${territory?.ident ?? ''}`;
    const group = groups.get(key) ?? { week, territory, actions: 0 };
    group.actions++;
    groups.set(key, group);
  }
  const keyOf = (g: { week: string; territory: { ident: string } | null }) => `${g.week}|${g.territory?.ident ?? ''}`;
  return [...groups.values()].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}
