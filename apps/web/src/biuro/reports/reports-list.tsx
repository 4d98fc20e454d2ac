import { useEffect, useMemo, useRef, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { AdminBody, ReportSummary } from '../api/admin-types.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { EmptyState, queryStatus } from '../components/data-states.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import type { useTableUrlState } from '../lib/use-table-url-state.ts';
import { dayLabel, dayOf, timeOf } from '../plan/plan-period.ts';
import { BulkApprove } from './bulk-approve.tsx';
import { ReportPanel } from './report-panel.tsx';
import { isApprovable, promoterName, reportKey, reportLabel, type ReportsFilter } from './reports-view.ts';
import { StateBadge } from './state-badge.tsx';

type Props = {
  body: AdminBody<'/admin/reports/list'>;
  table: ReturnType<typeof useTableUrlState<ReportsFilter>>;
  canReview: boolean;
};

const NO_ROWS: ReportSummary[] = [];

/** The reports of the filters: a page of the server's list, rows to select for bulk approval, a panel per report. */
export function ReportsList({ body, table, canReview }: Props) {
  const list = useAdminQuery('/admin/reports/list', body);
  const rows = list.data?.reports ?? NO_ROWS;
  const [selected, setSelected] = useState<ReadonlyMap<string, ReportSummary>>(new Map());
  const [opened, setOpened] = useState<ReportSummary | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Another filter or page: what was ticked is no longer in view, so nothing stays ticked.
  const bodyKey = JSON.stringify(body);
  useEffect(() => setSelected(new Map()), [bodyKey]);

  const selectable = useMemo(() => (canReview ? rows.filter((row) => isApprovable(row.state)) : []), [rows, canReview]);
  const allTicked = selectable.length > 0 && selectable.every((row) => selected.has(reportKey(row)));
  // The columns are made once: TanStack renders each cell function as a component, so columns made anew
  // when a tick or a reload changed them re-mounted every cell — and the button a panel gives focus back
  // to was gone (a keyboard review lost its place whenever the list answered after Escape). The cells
  // read the ticks here, as of the render that draws them.
  const ticks = useRef({ selected, selectable, allTicked });
  ticks.current = { selected, selectable, allTicked };

  const columns = useMemo<Column<ReportSummary>[]>(() => {
    const toggle = (row: ReportSummary, on: boolean) =>
      setSelected((old) => {
        const next = new Map(old);
        if (on) next.set(reportKey(row), row);
        else next.delete(reportKey(row));
        return next;
      });
    const all: Column<ReportSummary>[] = [
      {
        id: 'zaznacz',
        header: () => (
          <input
            type="checkbox"
            aria-label={pl.biuroReports.selectAll}
            checked={ticks.current.allTicked}
            disabled={ticks.current.selectable.length === 0}
            onChange={(event) =>
              setSelected(event.target.checked ? new Map(ticks.current.selectable.map((row) => [reportKey(row), row])) : new Map())
            }
          />
        ),
        enableSorting: false,
        cell: ({ row }) =>
          isApprovable(row.original.state) ? (
            <input
              type="checkbox"
              aria-label={pl.biuroReports.selectRow(reportLabel(row.original))}
              checked={ticks.current.selected.has(reportKey(row.original))}
              onChange={(event) => toggle(row.original, event.target.checked)}
            />
          ) : null,
      },
      {
        id: 'akcja',
        header: pl.biuroReports.columns.action,
        enableSorting: false,
        accessorFn: (row) => row.action.name,
        cell: ({ row }) => (
          <button
            type="button"
            className="biuro-link-button"
            aria-label={pl.biuroReports.open(reportLabel(row.original))}
            onClick={() => setOpened(row.original)}
          >
            {row.original.action.name}
          </button>
        ),
      },
      {
        id: 'dzien',
        header: pl.biuroReports.columns.date,
        enableSorting: false,
        accessorFn: (row) => row.action.since,
        cell: ({ row }) => (
          <>
            <time className="reports-nowrap" dateTime={dayOf(row.original.action.since)}>
              {dayLabel(dayOf(row.original.action.since))}
            </time>
            <br />
            <span className="reports-nowrap biuro-muted">
              {timeOf(row.original.action.since)}–{timeOf(row.original.action.until)}
            </span>
          </>
        ),
      },
      {
        id: 'promotor',
        header: pl.biuroReports.columns.promoter,
        enableSorting: false,
        accessorFn: promoterName,
        cell: ({ row }) =>
          promoterName(row.original) === row.original.promoter.ident ? (
            row.original.promoter.ident
          ) : (
            <>
              {promoterName(row.original)} <span className="biuro-muted">{row.original.promoter.ident}</span>
            </>
          ),
      },
      {
        id: 'terytorium',
        header: pl.biuroReports.columns.territory,
        enableSorting: false,
        accessorFn: (row) => row.action.territory?.ident ?? pl.biuroReports.none,
        cell: ({ getValue }) => <span className="reports-nowrap">{String(getValue())}</span>,
      },
      {
        id: 'stan',
        header: pl.biuroReports.columns.state,
        enableSorting: false,
        accessorKey: 'state',
        // Open plausibility flags (issue 38) beside the state: ten columns would not fit a desk's width.
        cell: ({ row }) => (
          <>
            <StateBadge state={row.original.state} />
            {canReview && row.original.openFlags > 0 ? (
              <span className="report-flag report-flag--integrity">{pl.biuroIntegrity.columnCount(row.original.openFlags)}</span>
            ) : null}
          </>
        ),
      },
      { id: 'rejestracje', header: pl.biuroReports.columns.registrations, enableSorting: false, accessorKey: 'registrations' },
      { id: 'kody', header: pl.biuroReports.columns.codes, enableSorting: false, accessorKey: 'codesHandedOut' },
      { id: 'oznaczone', header: pl.biuroReports.columns.flagged, enableSorting: false, accessorKey: 'flaggedPhotos' },
    ];
    // Without the right to review, nothing to tick.
    return all.filter((column) => canReview || column.id !== 'zaznacz');
  }, [canReview]);

  const changed = (message: string) => {
    setNotice(message);
    list.reload();
  };

  return (
    <>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      {canReview ? (
        <BulkApprove
          selected={[...selected.values()]}
          onApproved={(count) => {
            setSelected(new Map());
            changed(pl.biuroReports.approvedMany(count));
          }}
        />
      ) : null}
      <div className="reports-table">
        <DataTable
          caption={pl.biuroReports.title}
          columns={columns}
          data={rows}
          getRowId={reportKey}
          sorting={table.view.sorting}
          onSortingChange={table.setSorting}
          pagination={table.view.pagination}
          onPaginationChange={table.setPagination}
          serverSide={{ rowCount: list.data?.total ?? 0 }}
          status={queryStatus(list) ?? (list.data && rows.length === 0 ? <EmptyState text={pl.biuroReports.noReports} /> : undefined)}
        />
      </div>
      <ReportPanel summary={opened} canReview={canReview} onClose={() => setOpened(null)} onChanged={changed} />
    </>
  );
}
