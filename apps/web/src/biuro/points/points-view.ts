import type { AdminBody } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';

type Filter = 'szukaj' | 'terytorium' | 'widok';

export const POINTS_VIEW: TableViewSpec<Filter> = {
  filters: ['szukaj', 'terytorium', 'widok'],
  defaultSort: [{ id: 'nazwa', desc: false }],
  sortable: ['kod', 'nazwa', 'adres', 'siec', 'terytorium'],
};

/** The server's largest page: the table sorts and pages it; past it the page says to narrow the filters. */
export const POINTS_FETCHED = 200;

/** The list call for the filters of the address: 'widok=archiwum' shows the archive. */
export function pointsListBody(filters: Record<Filter, string>): AdminBody<'/admin/points/list'> {
  const body: AdminBody<'/admin/points/list'> = { page: 1, pageSize: POINTS_FETCHED, archived: filters.widok === 'archiwum' };
  if (filters.szukaj.trim()) body.search = filters.szukaj.trim();
  if (filters.terytorium) body.territory = filters.terytorium;
  return body;
}
