import type { AdminBody } from '../api/admin-types.ts';
import type { PageState, TableViewSpec } from '../lib/table-url-state.ts';

type AuditFilter = 'kto' | 'zdarzenie' | 'od' | 'do';

/** The audit log is paged by the server, newest first: the address holds its filters and page. */
export const AUDIT_VIEW: TableViewSpec<AuditFilter> = { filters: ['kto', 'zdarzenie', 'od', 'do'], pageSize: 50, sortable: [] };

export function auditListBody(filters: Record<AuditFilter, string>, pagination: PageState): AdminBody<'/admin/audit/list'> {
  const body: AdminBody<'/admin/audit/list'> = { page: pagination.pageIndex + 1, pageSize: pagination.pageSize };
  if (filters.kto.trim()) body.actor = filters.kto.trim();
  if (filters.zdarzenie.trim()) body.action = filters.zdarzenie.trim();
  if (filters.od) body.from = filters.od;
  if (filters.do) body.to = filters.do;
  return body;
}

/** A time of the log in the reader's clock, to the second (the log keeps UTC). */
export const auditTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('pl-PL', { dateStyle: 'short', timeStyle: 'medium' });
};
