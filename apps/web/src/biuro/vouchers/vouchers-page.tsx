import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { useCan } from '../auth/use-can.ts';
import { VoucherImportPanel } from './voucher-import-panel.tsx';
import * as pl from '../../i18n/pl.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { queryStatus } from '../components/data-states.tsx';
import { FilterBar, SearchFilter } from '../components/filter-bar.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { voucherRows, VOUCHERS_VIEW, type VoucherRow } from './voucher-rows.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const count = (value: number | null) => (value === null ? '' : String(value));

const columns: Column<VoucherRow>[] = [
  { id: 'wydarzenie', header: pl.biuro.vouchers.columns.event, accessorKey: 'event' },
  { id: 'partia', header: pl.biuro.vouchers.columns.batch, accessorKey: 'batch' },
  {
    id: 'promotor',
    header: pl.biuro.vouchers.columns.promoter,
    accessorKey: 'promoter',
    // A batch's own line (its totals) stands out from its promoters' lines.
    cell: ({ row }) => (row.original.total === null ? row.original.promoter : <strong>{row.original.promoter}</strong>),
  },
  { id: 'kody', header: pl.biuro.vouchers.columns.total, accessorFn: (row) => count(row.total), enableSorting: false },
  { id: 'pula', header: pl.biuro.vouchers.columns.inPool, accessorFn: (row) => count(row.inPool), enableSorting: false },
  { id: 'przydzielone', header: pl.biuro.vouchers.columns.assigned, accessorKey: 'assigned' },
  {
    id: 'innym',
    header: pl.biuro.vouchers.columns.assignedToOthers,
    accessorFn: (row) => count(row.assignedToOthers),
    enableSorting: false,
  },
  { id: 'wydane', header: pl.biuro.vouchers.columns.redeemed, accessorKey: 'redeemed' },
];

/** /biuro/vouchery: the voucher batches per event, codes assigned and redeemed per promoter. */
export function VouchersPage() {
  const { view, setSorting, setPagination, setFilter, clearFilters } = useTableUrlState(VOUCHERS_VIEW);
  const event = view.filters.wydarzenie.trim();
  const list = useAdminQuery('/admin/vouchers/batches', event ? { event: { ident: event } } : {});
  const canImport = useCan('vouchers.manage');
  const [importing, setImporting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  usePageTitle(pl.biuro.vouchers.title);

  return (
    <section aria-labelledby="vouchers-title">
      <div className="biuro-page-head">
        <h1 id="vouchers-title">{pl.biuro.vouchers.title}</h1>
        {canImport ? <Button onClick={() => setImporting(true)}>{pl.biuro.vouchers.import}</Button> : null}
      </div>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <p className="biuro-muted">{pl.biuro.vouchers.intro}</p>
      <FilterBar onClear={clearFilters}>
        <SearchFilter
          label={pl.biuro.vouchers.event}
          value={view.filters.wydarzenie}
          onChange={(value) => setFilter('wydarzenie', value)}
        />
      </FilterBar>
      <DataTable
        caption={pl.biuro.vouchers.title}
        columns={columns}
        data={voucherRows(list.data?.events ?? [])}
        getRowId={(row) => row.id}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        status={queryStatus(list) ?? undefined}
      />
      <VoucherImportPanel
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
