import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import type { Promoter } from '../api/admin-types.ts';
import { useStaffSession } from '../auth/staff-session.ts';
import { useCan } from '../auth/use-can.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { queryStatus } from '../components/data-states.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { promotersListBody, PROMOTERS_VIEW } from './promoters-view.ts';
import { PromoterPanel, type PanelTarget } from './promoter-panel.tsx';
import { PromotersImportPanel } from './promoters-import-panel.tsx';
// The import panel's preview is the plan's (plan.css), as on Punkty.
import { usePageTitle } from '../lib/use-page-title.ts';
import '../plan/plan.css';

const name = (promoter: Promoter) => `${promoter.firstname} ${promoter.lastname}`;

/** /biuro/promotorzy: the promoters of her territories (all of them for an admin). */
export function PromotersPage() {
  const { session } = useStaffSession();
  const territories = session?.staff.territories ?? [];
  const { view, setSorting, setPagination, setFilter, clearFilters } = useTableUrlState(PROMOTERS_VIEW);
  const list = useAdminQuery('/admin/promoters/list', promotersListBody(view.filters));
  const canManage = useCan('promoters.manage');
  const [panel, setPanel] = useState<PanelTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

  usePageTitle(pl.biuro.promoters.title);

  const columns = useMemo<Column<Promoter>[]>(() => {
    const all: Column<Promoter>[] = [
      {
        id: 'nazwisko',
        header: pl.biuro.promoters.columns.name,
        accessorFn: (row) => `${row.lastname} ${row.firstname}`,
        // The name opens her panel too: on a tablet the 'Edytuj' column may be scrolled out of view.
        cell: ({ row }) =>
          canManage ? (
            <button type="button" className="biuro-link-button" onClick={() => setPanel({ promoter: row.original })}>
              {name(row.original)}
            </button>
          ) : (
            name(row.original)
          ),
      },
      { id: 'kod', header: pl.biuro.promoters.columns.code, accessorKey: 'ident' },
      { id: 'login', header: pl.biuro.promoters.columns.username, accessorKey: 'username' },
      { id: 'telefon', header: pl.biuro.promoters.columns.phone, accessorFn: (row) => row.mobilePhone ?? '', enableSorting: false },
      { id: 'terytoria', header: pl.biuro.promoters.columns.territories, accessorFn: (row) => row.territories.join(', ') },
      {
        id: 'status',
        header: pl.biuro.promoters.columns.status,
        accessorFn: (row) => (row.active ? pl.biuro.promoters.statusActive : pl.biuro.promoters.statusInactive),
      },
      {
        id: 'akcje',
        header: () => <span className="visually-hidden">{pl.biuro.table.actions}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="biuro-row-button"
            onClick={() => setPanel({ promoter: row.original })}
            aria-label={`${pl.biuro.promoters.edit}: ${name(row.original)}`}
          >
            {pl.biuro.promoters.edit}
          </Button>
        ),
      },
    ];
    // Without the right to change, no button to open the panel.
    return all.filter((column) => canManage || column.id !== 'akcje');
  }, [canManage]);

  const rows = list.data?.promoters ?? NO_ROWS;
  return (
    <section aria-labelledby="promoters-title">
      <div className="biuro-page-head">
        <h1 id="promoters-title">{pl.biuro.promoters.title}</h1>
        {canManage ? (
          <div className="biuro-page-head__actions">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {pl.biuroPromoters.import}
            </Button>
            <Button onClick={() => setPanel({ promoter: null })}>{pl.biuro.promoters.add}</Button>
          </div>
        ) : null}
      </div>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterBar onClear={clearFilters}>
        <SearchFilter
          label={pl.biuro.table.search}
          placeholder={pl.biuro.promoters.searchPlaceholder}
          value={view.filters.szukaj}
          onChange={(value) => setFilter('szukaj', value)}
        />
        <SelectFilter
          label={pl.biuro.promoters.territory}
          value={view.filters.terytorium}
          onChange={(value) => setFilter('terytorium', value)}
          options={territories.map((code) => ({ value: code, label: code }))}
        />
        <SelectFilter
          label={pl.biuro.promoters.active}
          value={view.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={[
            { value: 'aktywni', label: pl.biuro.promoters.activeOnly },
            { value: 'nieaktywni', label: pl.biuro.promoters.inactiveOnly },
          ]}
        />
      </FilterBar>
      {list.data && list.data.total > list.data.promoters.length ? (
        <p className="biuro-notice" role="status">
          {pl.biuro.promoters.tooMany(list.data.promoters.length, list.data.total)}
        </p>
      ) : null}
      <DataTable
        caption={pl.biuro.promoters.title}
        columns={columns}
        data={rows}
        getRowId={(row) => row.uuid}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        status={queryStatus(list) ?? undefined}
      />
      <PromoterPanel
        target={panel}
        territories={territories}
        onClose={() => setPanel(null)}
        onChanged={(message) => {
          setNotice(message);
          list.reload();
        }}
      />
      <PromotersImportPanel
        open={importing}
        onClose={() => setImporting(false)}
        onImported={(message) => {
          setNotice(message);
          list.reload();
        }}
      />
    </section>
  );
}

const NO_ROWS: Promoter[] = [];
