import * as pl from '../../i18n/pl.ts';
import { adminCall } from '../api/admin-api.ts';
import type { AdminBody, CatalogueEvent } from '../api/admin-types.ts';
import { useCan } from '../auth/use-can.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { CATALOGUE_FETCHED, CATALOGUE_VIEW, catalogueListOf, CataloguePage, type CatalogueCount } from './catalogue-page.tsx';
import type { CatalogueSave } from './catalogue-panel.tsx';

const t = pl.biuroEvents;

const COUNTS: CatalogueCount<CatalogueEvent>[] = [
  { id: 'akcje', header: t.columns.actions, of: (e) => e.actions },
  { id: 'partie', header: t.columns.batches, of: (e) => e.voucherBatches },
];

const save: CatalogueSave = (entry, fields, idempotencyKey) =>
  entry
    ? adminCall('/admin/events/update', { event: { uuid: entry.uuid, ...fields } })
    : adminCall('/admin/events/create', { event: fields }, { idempotencyKey });

/** /biuro/wydarzenia: the brand's campaigns that plans and voucher batches name (issue 34, decision 123). */
export function EventsPage() {
  const { view, setFilter, clearFilters } = useTableUrlState(CATALOGUE_VIEW);
  const search = view.filters.szukaj;
  const body: AdminBody<'/admin/events/list'> = {
    page: 1,
    pageSize: CATALOGUE_FETCHED,
    ...(search.trim() ? { search: search.trim() } : {}),
  };
  const list = catalogueListOf(useAdminQuery('/admin/events/list', body), (data) => ({ entries: data.events, total: data.total }));
  return (
    <CataloguePage
      kind="events"
      texts={t}
      list={list}
      search={search}
      onSearch={(value) => setFilter('szukaj', value)}
      onClear={clearFilters}
      counts={COUNTS}
      canManage={useCan('events.manage')}
      save={save}
    />
  );
}
