import { useMemo, useState } from 'react';
import * as pl from '../../i18n/pl.ts';
import type { ConsumerRequest } from '../api/admin-types.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { EmptyState, queryStatus } from '../components/data-states.tsx';
import { FilterBar, SelectFilter } from '../components/filter-bar.tsx';
import { dateText } from '../consumers/consumers-view.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { ConsumerCardLink, DeadlineBadge, RequestStateBadge } from './request-badges.tsx';
import { RequestPanel } from './request-panel.tsx';
import { pendingFirst, REQUEST_KINDS, REQUEST_STATES, REQUESTS_VIEW, requestsListBody } from './requests-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './requests.css';

const t = pl.biuroRequests;
const NO_ROWS: ConsumerRequest[] = [];

/** The columns; `open` opens a request's panel from its kind (a button: the row's one way in). */
function requestColumns(open: (request: ConsumerRequest) => void, now: Date): Column<ConsumerRequest>[] {
  return [
    {
      id: 'rodzaj',
      header: t.columns.kind,
      accessorKey: 'kind',
      enableSorting: false,
      cell: ({ row }) => (
        <button
          type="button"
          className="biuro-link-button"
          aria-label={t.open(t.requestKinds[row.original.kind], dateText(row.original.receivedAt))}
          onClick={() => open(row.original)}
        >
          {t.requestKinds[row.original.kind]}
        </button>
      ),
    },
    {
      id: 'stan',
      header: t.columns.state,
      accessorKey: 'state',
      enableSorting: false,
      cell: ({ row }) => <RequestStateBadge state={row.original.state} />,
    },
    {
      id: 'zlozony',
      header: t.columns.received,
      accessorKey: 'receivedAt',
      enableSorting: false,
      cell: ({ row }) => <time dateTime={row.original.receivedAt}>{dateText(row.original.receivedAt)}</time>,
    },
    {
      id: 'termin',
      header: t.columns.due,
      accessorKey: 'dueAt',
      enableSorting: false,
      cell: ({ row }) => (
        <span className="request-due">
          <time dateTime={row.original.dueAt}>{dateText(row.original.dueAt)}</time> <DeadlineBadge request={row.original} now={now} />
        </span>
      ),
    },
    {
      id: 'konsument',
      header: t.columns.consumer,
      accessorFn: (row) => row.consumer.uuid,
      enableSorting: false,
      cell: ({ row }) => <ConsumerCardLink uuid={row.original.consumer.uuid} />,
    },
  ];
}

/**
 * /biuro/wnioski (issue 26, decision 100): the data-subject requests, pending ones first with the days
 * left to answer, filtered by state and kind in the address; a row opens its actions in a side panel.
 */
export function RequestsPage() {
  const { view, setSorting, setPagination, setFilter, clearFilters } = useTableUrlState(REQUESTS_VIEW);
  const list = useAdminQuery('/admin/consumers/requests/list', requestsListBody(view.filters, view.pagination));
  const [opened, setOpened] = useState<ConsumerRequest | null>(null);
  const rows = useMemo(() => (list.data ? pendingFirst(list.data.requests) : NO_ROWS), [list.data]);
  // The days left are counted from when the answer came (a new answer counts them anew).
  const loadedAt = useMemo(() => new Date(), [list.data]);
  const columns = useMemo(() => requestColumns(setOpened, loadedAt), [loadedAt]);

  usePageTitle(t.title);

  return (
    <section aria-labelledby="requests-title">
      <div className="biuro-page-head">
        <h1 id="requests-title">{t.title}</h1>
      </div>
      <p className="biuro-muted">{t.intro}</p>
      <FilterBar onClear={clearFilters}>
        <SelectFilter
          label={t.state}
          value={view.filters.stan}
          onChange={(value) => setFilter('stan', value)}
          options={REQUEST_STATES.map((state) => ({ value: state, label: t.requestStates[state] }))}
        />
        <SelectFilter
          label={t.kind}
          value={view.filters.rodzaj}
          onChange={(value) => setFilter('rodzaj', value)}
          options={REQUEST_KINDS.map((kind) => ({ value: kind, label: t.requestKinds[kind] }))}
        />
      </FilterBar>
      <DataTable
        caption={t.caption}
        columns={columns}
        data={rows}
        getRowId={(row) => row.uuid}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        serverSide={{ rowCount: list.data?.total ?? 0 }}
        status={queryStatus(list) ?? (list.data && rows.length === 0 ? <EmptyState text={t.empty} /> : undefined)}
      />
      <RequestPanel request={opened} onClose={() => setOpened(null)} onChanged={() => list.reload()} />
    </section>
  );
}
