import type { Permission } from '@promotor/contract/permissions';
import { ACTION_STATES } from '@promotor/contract/rules';
import type { AdminCsvPath } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';
import { isDay, periodOf } from '../plan/plan-period.ts';

// The exports' filter in the address, like a table's (decision 089), so a link gives the same files.

export type ExportsFilter = 'od' | 'do' | 'terytorium' | 'wydarzenie' | 'promotor' | 'status';

export const EXPORTS_VIEW: TableViewSpec<ExportsFilter> = { filters: ['od', 'do', 'terytorium', 'wydarzenie', 'promotor', 'status'] };

/** Each file with what it needs: her hours are promoters' data, not the brand viewer's (decision 128). */
export const EXPORTS = [
  { name: 'actions', path: '/admin/exports/actions.csv', permission: 'exports.read' },
  { name: 'registrations', path: '/admin/exports/registrations.csv', permission: 'exports.read' },
  { name: 'redemptions', path: '/admin/exports/redemptions.csv', permission: 'exports.read' },
  { name: 'hours', path: '/admin/exports/hours.csv', permission: 'promoters.read' },
] as const satisfies readonly { name: string; path: AdminCsvPath; permission: Permission }[];
export type ExportName = (typeof EXPORTS)[number]['name'];

const STATUSES: readonly string[] = ACTION_STATES;

/** The period of the address; a day missing or broken falls back to the current month's (the server's default too). */
export function exportPeriod(filters: Record<ExportsFilter, string>, today: string): { from: string; to: string } {
  const month = periodOf('miesiac', today);
  return { from: isDay(filters.od) ? filters.od : month.first, to: isDay(filters.do) ? filters.do : month.last };
}

/** The query string of an export (contract AdminExportQuery): only what is chosen; null when the period is backwards. */
export function exportQuery(filters: Record<ExportsFilter, string>, today: string): Record<string, string> | null {
  const { from, to } = exportPeriod(filters, today);
  if (to < from) return null;
  const query: Record<string, string> = { from, to };
  const territory = filters.terytorium.trim().toUpperCase();
  if (territory) query.territory = territory;
  if (filters.wydarzenie.trim()) query.event = filters.wydarzenie.trim();
  if (filters.promotor.trim()) query.promoter = filters.promotor.trim();
  if (STATUSES.includes(filters.status)) query.status = filters.status;
  return query;
}

/** Hands a downloaded file to the browser to save under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
