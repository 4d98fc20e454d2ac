import * as pl from '../../i18n/pl.ts';
import type { AdminBody, AuditEntry } from '../api/admin-types.ts';
import type { PageState, TableViewSpec } from '../lib/table-url-state.ts';
import { appDateText, appDayStartInstant } from '../../lib/dates/app-time-zone.ts';

type AuditFilter = 'kto' | 'zdarzenie' | 'od' | 'do';

/** The audit log is paged by the server, newest first: the address holds its filters and page. */
export const AUDIT_VIEW: TableViewSpec<AuditFilter> = { filters: ['kto', 'zdarzenie', 'od', 'do'], pageSize: 50, sortable: [] };

export function auditListBody(filters: Record<AuditFilter, string>, pagination: PageState): AdminBody<'/admin/audit/list'> {
  const body: AdminBody<'/admin/audit/list'> = { page: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  if (filters.kto.trim()) body.actor = filters.kto.trim();
  if (filters.zdarzenie.trim()) body.verb = filters.zdarzenie.trim();
  // Days of the app's calendar (APP_TIMEZONE, issue 33); the log answers instants: from the first day's
  // midnight to the midnight after the last day.
  const from = dayStart(filters.od, 0);
  const to = dayStart(filters.do, 1);
  if (from) body.from = from;
  if (to) body.to = to;
  return body;
}

function dayStart(day: string, plusDays: number): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + plusDays));
  return appDayStartInstant(date.toISOString().slice(0, 10));
}

/** Who: a staff member's or promoter's name, else what kind of caller (a failed login names what was typed). */
export const actorOf = (entry: AuditEntry): string => entry.actor.name ?? pl.biuro.audit.actorTypes[entry.actor.type] ?? entry.actor.type;

/** A time of the log on the app's clock (APP_TIMEZONE), to the second (the log keeps UTC). */
export const auditTime = (iso: string): string => appDateText(iso, 'second');
