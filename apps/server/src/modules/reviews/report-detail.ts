import type {
  AdminReport,
  AdminReportException,
  AdminReportSummary,
  AdminReportTimelineEntry,
  ReportReviewState,
  ReviewReason,
} from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import type { Db } from '../../db/kysely.ts';
import { distanceToNearest } from '../../lib/geo.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { shiftExceptions, type LiveThresholds } from '../live/live.service.ts';
import { flagsOfReport } from './report-flags.ts';
import * as repo from './reviews.repository.ts';

// A report as the back office shows it (issue 25, decision 090): the list's summary, and the detail
// with its timeline, photos, receipts, answers and counts. Counts only of registrations: never a
// consumer's data, for any role.

export const stateOf = (row: { state: ReportReviewState | null }): ReportReviewState => row.state ?? 'submitted';

/** When she finished or last resubmitted (ISO UTC): the review row's, else her check-out, else her last status change. */
export function submittedAt(row: repo.ReportRow, timezone: string): string {
  if (row.submitted_at) return row.submitted_at;
  if (row.checked_out_at) return row.checked_out_at;
  return instantOfWall(row.last_status_at ?? row.until, timezone).toISOString();
}

export function toSummary(row: repo.ReportRow, timezone: string): AdminReportSummary {
  return {
    action: {
      uuid: row.action_id,
      ident: row.action_ident,
      name: row.action_name,
      since: row.since,
      until: row.until,
      status: row.action_state,
      territory: row.territory_ident && row.territory_name ? { ident: row.territory_ident, name: row.territory_name } : null,
      event: { ident: row.event_ident, name: row.event_name },
    },
    promoter: { uuid: row.user_id, ident: row.user_ident, firstname: row.firstname, lastname: row.lastname },
    state: stateOf(row),
    start: row.start_wall ?? null,
    end: row.end_wall ?? null,
    submittedAt: submittedAt(row, timezone),
    registrations: Number(row.registrations ?? 0),
    codesHandedOut: Number(row.codes ?? 0),
    flaggedPhotos: Number(row.flagged ?? 0),
    openFlags: Number(row.open_flags ?? 0),
  };
}

const entry = (kind: AdminReportTimelineEntry['kind'], at: string): AdminReportTimelineEntry => ({
  kind,
  at,
  point: null,
  position: null,
  distanceMeters: null,
  note: null,
});

/**
 * A receipt's device serial as a reviewer sees it (decision 108): the brand's prefix and the last two,
 * enough to tell a report's receipts apart and to hold one against its photo — never the whole serial,
 * which the brand's registry ties to her (personal-data.ts: hers, erased with her).
 */
export function maskSerial(serial: string): string {
  const s = serial.trim();
  if (s.length >= 11) return `${s.slice(0, 5)}…${s.slice(-2)}`;
  if (s.length >= 6) return `${s.slice(0, 2)}…${s.slice(-1)}`;
  return '…';
}

/**
 * Her shift against the plan (decision 116): the live day's rules on her tapped start and end, so the
 * report says what the live day said (started early, past the planned end, short).
 */
export function reportExceptions(
  row: repo.ReportRow,
  o: { timezone: string; now: Date; thresholds: LiveThresholds },
): AdminReportException[] {
  const instant = (wall: string) => instantOfWall(wall, o.timezone).getTime();
  const end = row.end_wall ?? row.last_status_at;
  const findings = shiftExceptions(
    {
      plannedStartAt: instant(row.since),
      plannedEndAt: instant(row.until),
      status: 'finished',
      startedAt: row.start_wall ? instant(row.start_wall) : null,
      finishedAt: end ? instant(end) : null,
    },
    o.now.getTime(),
    o.thresholds,
  );
  return findings.map((f) => ({
    kind: f.kind,
    since: new Date(f.since).toISOString(),
    distanceMeters: f.distanceMeters,
    minutes: f.minutes,
  }));
}

/**
 * The report's detail as its reviewers (admin, coordinators) see it, a receipt's serial masked. What the
 * brand's viewer may read of it is cut by lib/client-view.ts (decision 112).
 */
export async function toDetail(
  db: Db,
  row: repo.ReportRow,
  o: { timezone: string; now: Date; thresholds: LiveThresholds },
): Promise<AdminReport> {
  const [points, events, files, receipts, polls, survey, registrations, reviews, flags] = await Promise.all([
    repo.pointsOf(db, row.action_id),
    repo.statusEventsOf(db, row.action_id, row.user_id),
    repo.filesOf(db, row.action_id, row.user_id),
    repo.receiptsOf(db, row.action_id, row.user_id),
    repo.pollsOf(db, row.action_id, row.user_id),
    repo.surveyOf(db, row.action_id, row.user_id),
    repo.registrationsByModel(db, row.action_id, row.user_id),
    repo.reviewEvents(db, row.action_id, row.user_id),
    flagsOfReport(db, row.action_id, row.user_id, o.timezone),
  ]);
  const located = points.filter((p) => p.latitude !== null && p.longitude !== null);
  const taps = events.map((e): AdminReportTimelineEntry => {
    const point = points.find((p) => p.id === e.action_point_id);
    const position = e.latitude !== null && e.longitude !== null ? { latitude: e.latitude, longitude: e.longitude } : null;
    return {
      ...entry(e.kind, e.wall_time),
      point: point ? { uuid: point.id, name: point.name } : null,
      position,
      distanceMeters: position ? roundMeters(distanceToNearest(position, located)) : null,
    };
  });
  const decisions = reviews.map((r) => ({
    ...entry(r.kind === 'resubmitted' ? 'resubmitted' : 'review', toWallClock(new Date(r.at), o.timezone)),
    note: r.note,
  }));
  // Planned times first at one instant; sort is stable.
  const timeline = [entry('planned_start', row.since), entry('planned_end', row.until), ...taps, ...decisions].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  );
  return {
    ...toSummary(row, o.timezone),
    timeline,
    photos: files.map((f) => ({ uuid: f.id, ident: f.ident, createdAt: f.created_at, flagged: f.flagged_at !== null })),
    receipts: receipts.map((r) => ({
      uuid: r.id,
      imageKept: r.image_removed_at === null,
      device: { serial: r.device_serial === null ? null : maskSerial(r.device_serial), beacon: r.device_beacon },
    })),
    polls: polls.map((p) => ({ ident: p.ident, content: p.content })),
    survey: survey ? { chechboxes: JSON.parse(survey.chechboxes) as ('tak' | 'nie')[], text: survey.text } : null,
    registrationsByModel: registrations,
    reviews: reviews
      .filter((r) => r.kind !== 'resubmitted')
      .map((r) => ({
        decision: r.kind as 'approved' | 'changes_requested',
        reason: (r.reason as ReviewReason | null) ?? null,
        note: r.note,
        at: r.at,
        reviewer: { name: r.staff_name ?? '' },
      })),
    // A tool of the review: lib/client-view.ts gives the brand's viewer none.
    exceptions: reportExceptions(row, o),
    flags,
  };
}

const roundMeters = (m: number | null) => (m === null ? null : Math.round(m));
