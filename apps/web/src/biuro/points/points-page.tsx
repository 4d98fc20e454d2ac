import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import type { RegisterPoint } from '../api/admin-types.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { queryStatus } from '../components/data-states.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar.tsx';
import { TerritoryFilter } from '../components/territory-filter.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { PointPanel, type PointPanelTarget } from './point-panel.tsx';
import { PointsImportPanel } from './points-import-panel.tsx';
import { pointsListBody, POINTS_VIEW } from './points-view.ts';
// The panels' rows, selects and import preview are the plan's (plan.css), so both pages look alike.
import { usePageTitle } from '../lib/use-page-title.ts';
import '../plan/plan.css';
import './points.css';

const t = pl.biuroPoints;
const addressOf = (point: RegisterPoint) => t.address(point.streetAddress, point.postalCode, point.cityName);

/** /biuro/punkty: the register of points of her territories (all of them for an admin), issue 34. */
export function PointsPage() {
  const { view, setSorting, setPagination, setFilter, clearFilters } = useTableUrlState(POINTS_VIEW);
  const list = useAdminQuery('/admin/points/list', pointsListBody(view.filters));
  const [panel, setPanel] = useState<PointPanelTarget | null>(null);
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  usePageTitle(t.title);

  const columns = useMemo<Column<RegisterPoint>[]>(
    () => [
      {
        id: 'kod',
        header: t.columns.code,
        accessorKey: 'code',
        cell: ({ getValue }) => <span className="point-code">{String(getValue())}</span>,
      },
      {
        id: 'nazwa',
        header: t.columns.name,
        accessorKey: 'name',
        // The name opens its panel too: on a tablet the 'Edytuj' column may be scrolled out of view.
        cell: ({ row }) => (
          <button type="button" className="biuro-link-button" onClick={() => setPanel({ point: row.original })}>
            {row.original.name}
          </button>
        ),
      },
      { id: 'adres', header: t.columns.address, accessorFn: addressOf },
      { id: 'siec', header: t.columns.chain, accessorFn: (row) => row.chain ?? '' },
      {
        id: 'terytorium',
        header: t.columns.territory,
        accessorFn: (row) => row.territory.ident,
        cell: ({ getValue }) => <span className="point-nowrap">{String(getValue())}</span>,
      },
      {
        id: 'wspolrzedne',
        header: t.columns.location,
        enableSorting: false,
        accessorFn: (row) =>
          row.latitude === null || row.longitude === null ? t.noCoordinates : t.coordinates(row.latitude, row.longitude),
        cell: ({ getValue }) => <span className="point-nowrap">{String(getValue())}</span>,
      },
      {
        id: 'edytuj',
        header: () => <span className="visually-hidden">{pl.biuro.table.actions}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="biuro-row-button"
            onClick={() => setPanel({ point: row.original })}
            aria-label={`${t.edit}: ${row.original.name} (${row.original.code})`}
          >
            {t.edit}
          </Button>
        ),
      },
    ],
    [],
  );

  const changed = (message: string) => {
    setNotice(message);
    list.reload();
  };
  const rows = list.data?.points ?? NO_ROWS;
  return (
    <section aria-labelledby="points-title">
      <div className="biuro-page-head">
        <h1 id="points-title">{t.title}</h1>
        <div className="points-actions">
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t.import}
          </Button>
          <Button onClick={() => setPanel({ point: null })}>{t.add}</Button>
        </div>
      </div>
      <p className="biuro-muted">{t.intro}</p>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterBar onClear={clearFilters}>
        <SearchFilter
          label={pl.biuro.table.search}
          placeholder={t.searchPlaceholder}
          value={view.filters.szukaj}
          onChange={(value) => setFilter('szukaj', value)}
        />
        <TerritoryFilter label={t.territory} value={view.filters.terytorium} onChange={(value) => setFilter('terytorium', value)} />
        <SelectFilter
          label={t.view}
          value={view.filters.widok}
          onChange={(value) => setFilter('widok', value)}
          anyLabel={t.inUse}
          options={[{ value: 'archiwum', label: t.archive }]}
        />
      </FilterBar>
      {list.data && list.data.total > list.data.points.length ? (
        <p className="biuro-notice" role="status">
          {t.tooMany(list.data.points.length, list.data.total)}
        </p>
      ) : null}
      <DataTable
        caption={view.filters.widok === 'archiwum' ? `${t.title}: ${t.archive}` : t.title}
        columns={columns}
        data={rows}
        getRowId={(row) => row.uuid}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        status={queryStatus(list) ?? undefined}
      />
      <PointPanel target={panel} map={list.data?.map ?? null} onClose={() => setPanel(null)} onChanged={changed} />
      <PointsImportPanel open={importing} onClose={() => setImporting(false)} onImported={changed} />
    </section>
  );
}

const NO_ROWS: RegisterPoint[] = [];
