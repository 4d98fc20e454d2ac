import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AdminBody, CatalogueTerritory } from '../api/admin-types.ts';
import { useCan } from '../auth/use-can.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { CATALOGUE_FETCHED, CATALOGUE_VIEW, catalogueListOf, CataloguePage, type CatalogueCount } from './catalogue-page.tsx';
import type { CatalogueSave } from './catalogue-panel.tsx';

const t = pl.biuroTerritories;

const COUNTS: CatalogueCount<CatalogueTerritory>[] = [
  { id: 'promotorzy', header: t.columns.promoters, of: (e) => e.promoters },
  { id: 'pracownicy', header: t.columns.staff, of: (e) => e.staff },
  { id: 'akcje', header: t.columns.actions, of: (e) => e.actions },
];

const save: CatalogueSave = (entry, fields, idempotencyKey) =>
  entry
    ? adminCall('/admin/territories/update', { territory: { uuid: entry.uuid, ...fields } })
    : adminCall('/admin/territories/create', { territory: fields }, { idempotencyKey });

/** /biuro/terytoria: the areas promoters, coordinators and actions belong to (issue 34, decision 123). */
export function TerritoriesPage() {
  const { view, setFilter, clearFilters } = useTableUrlState(CATALOGUE_VIEW);
  const search = view.filters.szukaj;
  const body: AdminBody<'/admin/territories/list'> = {
    page: 1,
    pageSize: CATALOGUE_FETCHED,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const list = catalogueListOf(useAdminQuery('/admin/territories/list', body), (data) => ({
    entries: data.territories,
    total: data.total,
  }));
  return (
    <CataloguePage
      kind="territories"
      texts={t}
      list={list}
      search={search}
      onSearch={(value) => setFilter('szukaj', value)}
      onClear={clearFilters}
      counts={COUNTS}
      canManage={useCan('territories.manage')}
      save={save}
    />
  );
}
