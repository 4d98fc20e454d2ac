import type { AdminBody } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';

export const PROMOTERS_VIEW: TableViewSpec<'szukaj' | 'terytorium' | 'status'> = {
  filters: ['szukaj', 'terytorium', 'status'],
  defaultSort: [{ id: 'nazwisko', desc: false }],
  sortable: ['nazwisko', 'kod', 'login', 'terytoria', 'status'],
};

/**
 * The server's largest page (ADMIN_PAGE_SIZE_MAX of the contract, which the web app cannot import
 * without zod). The promoters of a coordinator's territories fit in one: the server filters, the table
 * sorts and pages them; past it the page says to narrow the filters.
 */
export const PROMOTERS_FETCHED = 200;

/** The list call for the filters of the address. */
export function promotersListBody(filters: Record<'szukaj' | 'terytorium' | 'status', string>): AdminBody<'/admin/promoters/list'> {
  const body: AdminBody<'/admin/promoters/list'> = { page: 1, pageSize: PROMOTERS_FETCHED };
  if (filters.szukaj.trim()) body.search = filters.szukaj.trim();
  if (filters.terytorium) body.territory = filters.terytorium;
  if (filters.status === 'aktywni') body.active = true;
  if (filters.status === 'nieaktywni') body.active = false;
  return body;
}
