import type { ReactNode } from 'react';
import {
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_datetime,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';
import * as pl from '../../i18n/pl.ts';
import type { PageState, SortState } from '../lib/table-url-state.ts';
import { PAGE_SIZES } from '../lib/table-url-state.ts';
import { EmptyState } from './data-states.tsx';
import './data-table.css';

// The headless table library (TanStack Table, decision 089) keeps the sorting and paging logic; the
// markup, its roles and the words are ours. Only the features used are registered (a smaller chunk).
export const tableFeaturesUsed = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, text: sortFn_text, datetime: sortFn_datetime },
});
export type Features = typeof tableFeaturesUsed;
export type Column<T extends RowData> = ColumnDef<Features, T, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a column's value type differs per column

export type DataTableProps<T extends RowData> = {
  /** Names the table for assistive technology (a visually hidden caption). */
  caption: string;
  columns: Column<T>[];
  data: T[];
  getRowId: (row: T) => string;
  sorting: SortState;
  onSortingChange: (updater: SortState | ((old: SortState) => SortState)) => void;
  pagination: PageState;
  onPaginationChange: (updater: PageState | ((old: PageState) => PageState)) => void;
  /** The server pages and sorts (the audit log): `data` is one page of `rowCount` rows. */
  serverSide?: { rowCount: number };
  /** Shown under the table head instead of rows: loading, failure. */
  status?: ReactNode;
  /** A row's own class (the plan marks the action just saved). */
  rowClassName?: (row: T) => string | undefined;
};

/** A sortable, paged table: column headers are buttons, the sorted one says its order (aria-sort). */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { caption, columns, data, sorting, pagination, serverSide, status } = props;
  const table = useTable({
    features: tableFeaturesUsed,
    columns,
    data,
    getRowId: props.getRowId,
    state: { sorting, pagination },
    onSortingChange: props.onSortingChange,
    onPaginationChange: props.onPaginationChange,
    enableSortingRemoval: false,
    manualSorting: Boolean(serverSide),
    manualPagination: Boolean(serverSide),
    rowCount: serverSide?.rowCount,
    autoResetPageIndex: false,
  });
  const rows = table.getRowModel().rows;
  const rowCount = serverSide ? serverSide.rowCount : table.getPrePaginatedRowModel().rows.length;
  const pageCount = Math.max(1, Math.ceil(rowCount / pagination.pageSize));

  return (
    <div className="data-table">
      <div className="data-table__scroll">
        <table>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="data-table__sort" onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span className="data-table__sort-mark" aria-hidden="true">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={props.rowClassName?.(row.original)}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {status ?? (rows.length === 0 ? <EmptyState /> : null)}
      <nav className="data-table__pager" aria-label={pl.biuro.table.pagination}>
        <span>{pl.biuro.table.rowsCount(rowCount)}</span>
        <label className="data-table__size">
          {pl.biuro.table.pageSize}
          <select
            value={pagination.pageSize}
            onChange={(event) => props.onPaginationChange({ pageIndex: 0, pageSize: Number(event.target.value) })}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          disabled={pagination.pageIndex === 0}
          onClick={() => props.onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex - 1 })}
        >
          {pl.biuro.table.previous}
        </button>
        <span aria-live="polite">{pl.biuro.table.pageOf(Math.min(pagination.pageIndex + 1, pageCount), pageCount)}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={pagination.pageIndex + 1 >= pageCount}
          onClick={() => props.onPaginationChange({ ...pagination, pageIndex: pagination.pageIndex + 1 })}
        >
          {pl.biuro.table.next}
        </button>
      </nav>
    </div>
  );
}
