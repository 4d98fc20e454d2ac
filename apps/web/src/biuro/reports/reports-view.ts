import * as pl from '../../i18n/pl.ts';
import type { AdminBody, ReportState, ReportSummary } from '../api/admin-types.ts';
import type { PageState, TableViewSpec } from '../lib/table-url-state.ts';
import { isDay, periodOf } from '../plan/plan-period.ts';

// The reports list in the address (decision 089): its period, filters and page; Polish names like the
// other tables (?od=2026-12-01&do=2026-12-31&stan=submitted&terytorium=WAW-CENTRUM).

export type ReportsFilter = 'od' | 'do' | 'terytorium' | 'stan' | 'wydarzenie' | 'promotor' | 'wyjasnienie';

export const REPORTS_VIEW: TableViewSpec<ReportsFilter> = {
  // wyjasnienie=tak: 'Do wyjaśnienia' (issue 38), reports with an open plausibility flag.
  filters: ['od', 'do', 'terytorium', 'stan', 'wydarzenie', 'promotor', 'wyjasnienie'],
  pageSize: 50,
  sortable: [],
};

export const REPORT_STATES: readonly ReportState[] = ['submitted', 'changes_requested', 'resubmitted', 'approved'];

/** The value of ?wyjasnienie= that asks for 'Do wyjaśnienia' only. */
export const FLAGGED_ONLY = 'tak';

/** The states a coordinator may approve from (decision 090): what bulk approval may select. */
export const isApprovable = (state: ReportState): boolean => state === 'submitted' || state === 'resubmitted';

/** The period of the address; a day missing or broken falls back to the current month's bounds. */
export function reportsPeriod(filters: Record<ReportsFilter, string>, today: string): { from: string; to: string } {
  const month = periodOf('miesiac', today);
  return { from: isDay(filters.od) ? filters.od : month.first, to: isDay(filters.do) ? filters.do : month.last };
}

/** The list call of a view, or null when its period is backwards (the page says so instead of asking). */
export function reportsListBody(
  filters: Record<ReportsFilter, string>,
  pagination: PageState,
  today: string,
): AdminBody<'/admin/reports/list'> | null {
  const { from, to } = reportsPeriod(filters, today);
  if (to < from) return null;
  const body: AdminBody<'/admin/reports/list'> = { from, to, page: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  const territory = filters.terytorium.trim().toUpperCase();
  if (territory) body.territory = territory;
  const state = REPORT_STATES.find((candidate) => candidate === filters.stan);
  if (state) body.state = state;
  if (filters.wydarzenie.trim()) body.event = filters.wydarzenie.trim();
  if (filters.promotor.trim()) body.promoter = filters.promotor.trim();
  if (filters.wyjasnienie === FLAGGED_ONLY) body.flagged = true;
  return body;
}

/** A report's key: one per action and promoter. */
export const reportKey = (report: Pick<ReportSummary, 'action' | 'promoter'>): string => `${report.action.uuid}/${report.promoter.ident}`;

export const reportRef = (report: Pick<ReportSummary, 'action' | 'promoter'>) => ({
  action: { uuid: report.action.uuid },
  promoter: { ident: report.promoter.ident },
});

export const promoterName = (report: Pick<ReportSummary, 'promoter'>): string =>
  `${report.promoter.firstname} ${report.promoter.lastname}`.trim() || report.promoter.ident;

/** Her name and hostess code; the code alone for the brand's viewer, who is given no names (decision 085). */
export const promoterLabel = (report: Pick<ReportSummary, 'promoter'>): string => {
  const name = `${report.promoter.firstname} ${report.promoter.lastname}`.trim();
  return name ? `${name} (${report.promoter.ident})` : report.promoter.ident;
};

/** How a row names its report to assistive technology: 'Akcja 1, 01.12.2026, Anna Nowak'. */
export const reportLabel = (report: ReportSummary): string =>
  `${report.action.name}, ${report.action.since.slice(0, 10)}, ${promoterName(report)}`;

export const stateText = (state: string): string => pl.biuroReports.states[state] ?? state;

/** An ISO UTC instant in the app's wall clock, to the minute ('1.12.2026, 18:05'). */
export function instantText(iso: string, timeZone: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('pl-PL', { dateStyle: 'short', timeStyle: 'short', timeZone });
}

/** A wall-clock time of the API ('YYYY-MM-DD HH:mm:ss') as '01.12.2026 10:00'. */
export function wallText(dateTime: string | null): string {
  if (!dateTime) return pl.biuroReports.none;
  const [day = '', time = ''] = dateTime.split(' ');
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y} ${time.slice(0, 5)}`.trim();
}
