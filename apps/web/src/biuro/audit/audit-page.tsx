import { Link } from 'react-router';
import * as pl from '../../i18n/pl.ts';
import type { AuditEntry } from '../api/admin-types.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { queryStatus } from '../components/data-states.tsx';
import { FilterBar, SearchFilter, SelectFilter, TextFilter } from '../components/filter-bar.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { actorOf, AUDIT_VERB_OPTIONS, AUDIT_VIEW, auditListBody, auditTime, objectLink, objectText, verbText } from './audit-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const columns: Column<AuditEntry>[] = [
  {
    id: 'kiedy',
    header: pl.biuro.audit.columns.at,
    accessorKey: 'at',
    cell: ({ row }) => <time dateTime={row.original.at}>{auditTime(row.original.at)}</time>,
    enableSorting: false,
  },
  { id: 'kto', header: pl.biuro.audit.columns.actor, accessorFn: actorOf, enableSorting: false },
  {
    id: 'co',
    header: pl.biuro.audit.columns.action,
    accessorFn: (row) => verbText(row.verb),
    enableSorting: false,
  },
  {
    id: 'obiekt',
    header: pl.biuro.audit.columns.object,
    accessorFn: (row) => (row.object ? objectText(row.object) : '—'),
    cell: ({ row }) => <AuditObject object={row.original.object} />,
    enableSorting: false,
  },
  { id: 'adres', header: pl.biuro.audit.columns.address, accessorFn: (row) => row.address ?? '—', enableSorting: false },
];

const NO_ROWS: AuditEntry[] = [];

/** The object by its name, a link where the back office shows it (issue 33). */
function AuditObject({ object }: { object: AuditEntry['object'] }) {
  if (!object) return <>—</>;
  const text = objectText(object);
  const to = objectLink(object);
  return to ? (
    <Link to={to} title={object.uuid ?? undefined}>
      {text}
    </Link>
  ) : (
    <span title={object.uuid ?? undefined}>{text}</span>
  );
}

/** /biuro/dziennik: who did what, when, to which object, from which address (append-only on the server). */
export function AuditPage() {
  const { view, setSorting, setPagination, setFilter, clearFilters } = useTableUrlState(AUDIT_VIEW);
  const list = useAdminQuery('/admin/audit/list', auditListBody(view.filters, view.pagination));

  usePageTitle(pl.biuro.audit.title);

  return (
    <section aria-labelledby="audit-title">
      <div className="biuro-page-head">
        <h1 id="audit-title">{pl.biuro.audit.title}</h1>
      </div>
      <p className="biuro-muted">{pl.biuro.audit.intro}</p>
      <FilterBar onClear={clearFilters}>
        <SearchFilter label={pl.biuro.audit.actor} value={view.filters.kto} onChange={(value) => setFilter('kto', value)} />
        <SelectFilter
          label={pl.biuro.audit.action}
          value={view.filters.zdarzenie}
          onChange={(value) => setFilter('zdarzenie', value)}
          options={AUDIT_VERB_OPTIONS.map((verb) => ({ value: verb, label: verbText(verb) }))}
        />
        <TextFilter type="date" label={pl.biuro.audit.from} value={view.filters.od} onChange={(value) => setFilter('od', value)} />
        <TextFilter type="date" label={pl.biuro.audit.to} value={view.filters.do} onChange={(value) => setFilter('do', value)} />
      </FilterBar>
      <DataTable
        caption={pl.biuro.audit.title}
        columns={columns}
        data={list.data?.entries ?? NO_ROWS}
        getRowId={(row) => row.uuid}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        serverSide={{ rowCount: list.data?.total ?? 0 }}
        status={queryStatus(list) ?? undefined}
      />
    </section>
  );
}
