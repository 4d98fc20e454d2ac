import type { LiveExceptionKind } from '@promotor/contract';
import { instantOfWall } from '../../lib/wall-instant.ts';
import { notStartedException, shiftExceptions, type LiveThresholds } from '../live/live.service.ts';
import type { ShiftRow } from './hours.repository.ts';

// hours.csv's lines (decision 128), pure: each of her shifts measured, then summed per day of its
// planned start and per promoter. Every figure is whole minutes, so a total is exactly the sum of its
// lines (no rounding between them), and a day's figures are exactly the sums of its shifts.

/**
 * The live day's rules that judge a shift against the plan (decisions 091, 116), 'running': no check-out
 * yet, and the two a payroll asks for that the live day has no queue for: a start later than planned and
 * an end earlier than planned, each by at least the live day's tolerance the other way (a start
 * `earlyStartMs` before the plan is flagged, so is one that late; an end `overrunMs` past it, so is one
 * that early). Decision 128.
 */
export type HoursFlagKind =
  | Extract<LiveExceptionKind, 'not_started' | 'started_early' | 'past_planned_end' | 'short_shift'>
  | 'started_late'
  | 'ended_early'
  | 'running';

export type HoursFlag = { actionIdent: string; kind: HoursFlagKind; minutes: number | null };

/** One shift: her assignment on one action. */
export type Shift = {
  /** The planned start's day on the wall clock of APP_TIMEZONE: the whole shift counts there. */
  day: string;
  plannedMinutes: number;
  /** From her check-in to her check-out as tapped; 0 until she has finished. */
  workedMinutes: number;
  approved: boolean;
  flags: HoursFlag[];
};

/** A line of the file: one day of hers, or (day null) her total over the period. */
export type HoursLine = {
  hostessCode: string;
  firstname: string;
  lastname: string;
  day: string | null;
  actions: number;
  plannedMinutes: number;
  workedMinutes: number;
  approvedActions: number;
  approvedMinutes: number;
  flags: HoursFlag[];
};

export type HoursClock = { timezone: string; now: number; thresholds: LiveThresholds };

const MINUTE_MS = 60_000;
/** The minute an instant falls in: a tap at 09:00:59 is at 09:00, as the report shows it. */
const minuteOf = (iso: string) => Math.floor(Date.parse(iso) / MINUTE_MS);

/**
 * One shift measured and judged. Durations come from instants, so a shift across the autumn's
 * repeated hour is an hour longer than its wall clocks say. Her start is her first check-in (the
 * assignment's copy for rows older than the events); her end her last check-out, else her last status
 * change, as the report panel reads them.
 */
export function shiftOf(row: ShiftRow, clock: HoursClock): Shift {
  const instant = (wall: string) => instantOfWall(wall, clock.timezone).getTime();
  const plannedStartAt = instant(row.since);
  const plannedEndAt = instant(row.until);
  const start = row.check_in_at ?? row.checked_in_at;
  const end =
    row.status === 'finished'
      ? (row.check_out_at ?? (row.last_status_at ? instantOfWall(row.last_status_at, clock.timezone).toISOString() : null))
      : null;
  const startedAt = start ? Date.parse(start) : null;
  const finishedAt = end ? Date.parse(end) : null;
  const workedMinutes = start && end ? Math.max(0, minuteOf(end) - minuteOf(start)) : 0;

  const facts = { plannedStartAt, plannedEndAt, status: row.status, startedAt, finishedAt, cancelled: false, actionCancelled: false };
  const findings = [...shiftExceptions(facts, clock.now, clock.thresholds)];
  const notStarted = notStartedException(facts, clock.now, clock.thresholds);
  if (notStarted) findings.unshift(notStarted);
  const flags: HoursFlag[] = findings.map((f) => ({ actionIdent: row.action_ident, kind: f.kind as HoursFlagKind, minutes: f.minutes }));
  const { earlyStartMs, overrunMs } = clock.thresholds;
  if (startedAt !== null && startedAt - plannedStartAt >= earlyStartMs)
    flags.push({ actionIdent: row.action_ident, kind: 'started_late', minutes: Math.round((startedAt - plannedStartAt) / MINUTE_MS) });
  if (finishedAt !== null && plannedEndAt - finishedAt >= overrunMs)
    flags.push({ actionIdent: row.action_ident, kind: 'ended_early', minutes: Math.round((plannedEndAt - finishedAt) / MINUTE_MS) });
  if (row.status === 'started') flags.push({ actionIdent: row.action_ident, kind: 'running', minutes: null });

  return {
    day: row.since.slice(0, 10),
    plannedMinutes: Math.round((plannedEndAt - plannedStartAt) / MINUTE_MS),
    workedMinutes,
    approved: row.status === 'finished' && Number(row.report_approved) === 1,
    flags,
  };
}

function sumOf(shifts: readonly Shift[]) {
  let plannedMinutes = 0;
  let workedMinutes = 0;
  let approvedActions = 0;
  let approvedMinutes = 0;
  for (const s of shifts) {
    plannedMinutes += s.plannedMinutes;
    workedMinutes += s.workedMinutes;
    if (s.approved) {
      approvedActions += 1;
      approvedMinutes += s.workedMinutes;
    }
  }
  return { actions: shifts.length, plannedMinutes, workedMinutes, approvedActions, approvedMinutes, flags: shifts.flatMap((s) => s.flags) };
}

/**
 * The page's lines: for each promoter (rows ordered by promoter, then planned start) her days in order,
 * each the sum of its shifts, then her total, the sum of all her shifts.
 */
export function hoursLines(rows: readonly ShiftRow[], clock: HoursClock): HoursLine[] {
  const lines: HoursLine[] = [];
  let i = 0;
  while (i < rows.length) {
    const first = rows[i]!;
    const who = { hostessCode: first.hostess_code, firstname: first.firstname, lastname: first.lastname };
    const hers: Shift[] = [];
    for (; i < rows.length && rows[i]!.user_id === first.user_id; i++) hers.push(shiftOf(rows[i]!, clock));
    const days = new Map<string, Shift[]>();
    for (const shift of hers) days.set(shift.day, [...(days.get(shift.day) ?? []), shift]);
    for (const [day, shifts] of days) lines.push({ ...who, day, ...sumOf(shifts) });
    lines.push({ ...who, day: null, ...sumOf(hers) });
  }
  return lines;
}
