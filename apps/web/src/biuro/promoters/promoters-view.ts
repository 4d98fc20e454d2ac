import type { AdminBody } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';

export const PROMOTERS_VIEW: TableViewSpec<'szukaj' | 'terytorium' | 'status'> = {
  filters: ['szukaj', 'terytorium', 'status'],
  defaultSort: [{ id: 'nazwisko', desc: false }],
  sortable: ['nazwisko', 'login', 'terytoria', 'status'],
};

/** The list call for the filters of the address: the server filters, the table sorts and pages. */
export function promotersListBody(filters: Record<'szukaj' | 'terytorium' | 'status', string>): AdminBody<'/admin/promoters/list'> {
  const body: AdminBody<'/admin/promoters/list'> = {};
  if (filters.szukaj.trim()) body.search = filters.szukaj.trim();
  if (filters.terytorium) body.territory = filters.terytorium;
  if (filters.status === 'aktywni') body.active = true;
  if (filters.status === 'nieaktywni') body.active = false;
  return body;
}
