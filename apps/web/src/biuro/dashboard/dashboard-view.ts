import type { AdminBody, DashboardAnswer } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';
import { isDay, periodOf } from '../plan/plan-period.ts';

// The dashboard's period and territory in the address (?od=2026-12-01&do=2026-12-31&terytorium=…),
// this month when none is named, and what it asks /api/admin/dashboard (issue 25, decision 094).

export type DashboardFilter = 'od' | 'do' | 'terytorium';
export const DASHBOARD_VIEW: TableViewSpec<DashboardFilter> = { filters: ['od', 'do', 'terytorium'] };

/** The contract's DASHBOARD_DAYS_MAX (the web app does not load zod; a test keeps the two equal). */
export const DAYS_MAX = 92;

export const BRANDS = ['Glo', 'Vuse', 'Velo'] as const;
export type Brand = (typeof BRANDS)[number];

export type DashboardPeriod = { from: string; to: string; problem: 'reversed' | 'too-long' | null };

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period of the address; a day missing or broken is this month's first or last (`today`'s month). */
export function dashboardPeriod(filters: Record<DashboardFilter, string>, today: string): DashboardPeriod {
  const month = periodOf('miesiac', today);
  const from = isDay(filters.od) ? filters.od : month.first;
  const to = isDay(filters.do) ? filters.do : month.last;
  const problem = to < from ? 'reversed' : daysBetween(from, to) > DAYS_MAX ? 'too-long' : null;
  return { from, to, problem };
}

export function dashboardBody(period: DashboardPeriod, territory: string): AdminBody<'/admin/dashboard'> {
  return territory ? { from: period.from, to: period.to, territory } : { from: period.from, to: period.to };
}

/** Each brand's registrations over the period. */
export function brandTotals(days: DashboardAnswer['days']): Record<Brand, number> {
  const totals: Record<Brand, number> = { Glo: 0, Vuse: 0, Velo: 0 };
  for (const day of days) for (const brand of BRANDS) totals[brand] += day.registrations[brand];
  return totals;
}

/** A day as the axis and the table write it: '1.12'. */
export const shortDay = (day: string): string => `${Number(day.slice(8, 10))}.${day.slice(5, 7)}`;

/** 'YYYY-MM-DD' → seconds at its UTC midnight (uPlot's time axis, drawn in UTC: the day as written). */
export const daySeconds = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;
