import {
  actionNameRules,
  cityRules,
  eventIdentRules,
  firstError,
  parseCoordinate,
  petraIdRules,
  planDateRules,
  planDateOf,
  planMessages,
  planTimeOf,
  planTimeRules,
  pointCodeOf,
  pointCodeRules,
  pointNameRules,
  postalCodeRules,
  streetRules,
  territoryIdentRules,
  type PlanCsvColumn,
  type Rule,
} from '@promotor/contract/rules';
import { PLAN_ASSIGN_MAX } from '@promotor/contract';
import { toWallClock } from '@promotor/contract/wall-clock';
import { timeSlices } from '../../lib/time-slices.ts';
import { instantOfWall } from '../../lib/wall-instant.ts';
import type { PlanCsvError, PlanCsvRow } from './plan-csv.ts';

// The plan's rows judged cell by cell with the contract's rules (the same as the back office's form),
// then gathered into actions: rows with the same event, name, territory, date and times are one action,
// each row one of its points (decision 087).

export type PlannedPoint = {
  /**
   * The register's point (issue 34, decision 125): its code as the file names it, or null; its id once
   * resolved (plan-register.ts), null for a point the register does not have yet.
   */
  code: string | null;
  pointId: string | null;
  name: string;
  street: string;
  postalCode: string | null;
  city: string;
  petraId: string | null;
  latitude: number | null;
  longitude: number | null;
};

export type PlannedAction = {
  /** What matches it to an action already planned: event, name, territory, since, until. */
  key: string;
  event: string;
  name: string;
  territory: string;
  /** Wall clock 'YYYY-MM-DD HH:mm:ss' in APP_TIMEZONE, as actions are stored. */
  since: string;
  until: string;
  points: (PlannedPoint & { row: number })[];
  /** Hostess codes in the order the file names them, each with the rows that name it. */
  promoters: Map<string, number[]>;
  /** The file's lines of its rows, in order. */
  rows: number[];
};

export const planKey = (a: { event: string; name: string; territory: string; since: string; until: string }) =>
  [a.event, a.name, a.territory, a.since, a.until].join('\u0000');

const TEXT_RULES: [PlanCsvColumn, readonly Rule[]][] = [
  ['event', eventIdentRules],
  ['name', actionNameRules],
  ['territory', territoryIdentRules],
  ['date', planDateRules],
  ['from', planTimeRules],
  ['to', planTimeRules],
  ['point_code', pointCodeRules],
  ['point_name', pointNameRules],
  ['street', streetRules],
  ['postal_code', postalCodeRules],
  ['city', cityRules],
  ['petra_id', petraIdRules],
];

/** What a row naming a point by its code may leave empty. */
const BY_CODE: readonly PlanCsvColumn[] = ['point_name', 'street', 'city'];

const offsetAt = (instant: number, timeZone: string) =>
  Date.parse(`${toWallClock(new Date(instant), timeZone).replace(' ', 'T')}Z`) - instant;

/**
 * A wall-clock time that a clock of the zone never shows (the hour skipped in spring) is no time. Only
 * a day on which the zone's offset changes can skip one, so the full check runs on those days alone:
 * `days` remembers, per date, whether it is one (a plan of 10,000 rows has a few hundred dates).
 */
function onTheClock(wall: string, timeZone: string, days: Map<string, boolean>): boolean {
  const date = wall.slice(0, 10);
  let changes = days.get(date);
  if (changes === undefined) {
    const noon = Date.parse(`${date}T12:00:00Z`);
    changes = offsetAt(noon - 14 * 3_600_000, timeZone) !== offsetAt(noon + 14 * 3_600_000, timeZone);
    days.set(date, changes);
  }
  return !changes || toWallClock(instantOfWall(wall, timeZone), timeZone) === wall;
}

/** A row names at most as many promoters as one /assign call takes: each row's work stays small (issue 32). */
const tooManyPromoters = `Wiersz może wskazać najwyżej ${PLAN_ASSIGN_MAX} kodów hostess.`;

/** Whether the cell holds more than `max` comma-separated values, read no further than needed to tell. */
function moreValuesThan(cell: string, max: number): boolean {
  let commas = 0;
  for (let at = cell.indexOf(','); at >= 0; at = cell.indexOf(',', at + 1)) if (++commas >= max) return true;
  return false;
}

type Checked = { action: Omit<PlannedAction, 'points' | 'promoters' | 'rows'>; point: PlannedPoint; codes: string[] };

/** One row's value, or its errors (every bad cell, not only the first). */
function checkRow({ row, cells }: PlanCsvRow, timeZone: string, days: Map<string, boolean>): Checked | PlanCsvError[] {
  const errors: PlanCsvError[] = [];
  const fail = (column: PlanCsvColumn, message: string) => errors.push({ row, column, message });
  for (const [column, rules] of TEXT_RULES) {
    // A point named by its code may leave its name and address to the register (decision 125).
    if (cells.point_code !== '' && cells[column] === '' && BY_CODE.includes(column)) continue;
    const message = firstError(rules, cells[column]);
    if (message !== null) fail(column, message);
  }
  const latitude = parseCoordinate(cells.latitude, 90);
  const longitude = parseCoordinate(cells.longitude, 180);
  if (latitude === 'invalid') fail('latitude', planMessages.latitude);
  if (longitude === 'invalid') fail('longitude', planMessages.longitude);
  if (latitude !== 'invalid' && longitude !== 'invalid' && (latitude === null) !== (longitude === null)) {
    fail(latitude === null ? 'latitude' : 'longitude', planMessages.coordinatesBoth);
  }
  const tooMany = moreValuesThan(cells.promoters, PLAN_ASSIGN_MAX);
  if (tooMany) fail('promoters', tooManyPromoters);
  // '30.11.2026' and '9:00', as a Polish spreadsheet writes them, are 2026-11-30 and 09:00 (decision 114).
  const date = planDateOf(cells.date);
  const since = `${date} ${planTimeOf(cells.from)}:00`;
  const until = `${date} ${planTimeOf(cells.to)}:00`;
  if (errors.length === 0) {
    if (!onTheClock(since, timeZone, days)) fail('from', planMessages.timeNotOnClock);
    if (!onTheClock(until, timeZone, days)) fail('to', planMessages.timeNotOnClock);
    if (until <= since) fail('to', planMessages.endNotAfterStart);
  }
  if (errors.length > 0 || latitude === 'invalid' || longitude === 'invalid') return errors;
  return {
    action: { key: '', event: cells.event, name: cells.name, territory: cells.territory, since, until },
    point: {
      code: cells.point_code === '' ? null : pointCodeOf(cells.point_code),
      pointId: null,
      name: cells.point_name,
      street: cells.street,
      postalCode: cells.postal_code || null,
      city: cells.city,
      petraId: cells.petra_id || null,
      latitude,
      longitude,
    },
    codes: cells.promoters
      .split(',')
      .map((code) => code.trim())
      .filter((code) => code !== ''),
  };
}

/** The file's actions in the order they first appear, or every error of every row; in time slices. */
export async function planActionsFromRows(
  rows: readonly PlanCsvRow[],
  timeZone: string,
): Promise<{ actions: PlannedAction[]; errors: PlanCsvError[] }> {
  const errors: PlanCsvError[] = [];
  const actions = new Map<string, PlannedAction>();
  const days = new Map<string, boolean>();
  const pause = timeSlices();
  for (const row of rows) {
    await pause();
    const checked = checkRow(row, timeZone, days);
    if (Array.isArray(checked)) {
      errors.push(...checked);
      continue;
    }
    const key = planKey(checked.action);
    let action = actions.get(key);
    if (!action) {
      action = { ...checked.action, key, points: [], promoters: new Map(), rows: [] };
      actions.set(key, action);
    }
    action.rows.push(row.row);
    action.points.push({ ...checked.point, row: row.row });
    for (const code of checked.codes) {
      const named = action.promoters.get(code);
      if (named) {
        if (named.at(-1) !== row.row) named.push(row.row);
      } else action.promoters.set(code, [row.row]);
    }
  }
  return { actions: errors.length > 0 ? [] : [...actions.values()], errors };
}
