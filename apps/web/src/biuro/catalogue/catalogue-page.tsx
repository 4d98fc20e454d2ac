import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { EmptyState, queryStatus } from '../components/data-states.tsx';
import { FilterBar, SearchFilter } from '../components/filter-bar.tsx';
import type { QueryState } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';
import type { CatalogueKind } from './catalogue-form.ts';
import { CataloguePanel, type CatalogueEntry, type CatalogueSave } from './catalogue-panel.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';
import './catalogue.css';

// The Wydarzenia and Terytoria pages (issue 34, decision 123): one list with a search, counts of what
// names each entry, and, for the admin, 'Dodaj' and 'Edytuj' opening a side panel. Each page passes its
// calls and words; this file knows neither.

export const CATALOGUE_VIEW: TableViewSpec<'szukaj'> = {
  filters: ['szukaj'],
  defaultSort: [{ id: 'kod', desc: false }],
  sortable: ['kod', 'nazwa'],
};

/** The server's largest page: the table sorts and pages it; past it the page says to narrow the search. */
export const CATALOGUE_FETCHED = 200;

export type CatalogueCount<E> = { id: string; header: string; of: (entry: E) => number };

export type CatalogueList<E> = { entries: E[]; total: number };
export type CatalogueQuery<E> = QueryState<CatalogueList<E>> & { reload: () => void };

/** A list call's state as the page reads it: its entries and their total. */
export function catalogueListOf<T, E>(query: QueryState<T> & { reload: () => void }, of: (data: T) => CatalogueList<E>): CatalogueQuery<E> {
  const { reload } = query;
  if (query.status === 'loaded') return { status: 'loaded', data: of(query.data), reload };
  const data = query.data === null ? null : of(query.data);
  return query.status === 'failed' ? { status: 'failed', data, message: query.message, reload } : { status: 'loading', data, reload };
}

type Props<E extends CatalogueEntry> = {
  kind: CatalogueKind;
  texts: pl.CatalogueTexts;
  list: CatalogueQuery<E>;
  search: string;
  onSearch: (value: string) => void;
  onClear: () => void;
  counts: CatalogueCount<E>[];
  /** The admin's: 'Dodaj' and 'Edytuj'; others read the list. */
  canManage: boolean;
  save: CatalogueSave;
};

export function CataloguePage<E extends CatalogueEntry>(props: Props<E>) {
  const { kind, texts, list, counts, canManage } = props;
  const { view, setSorting, setPagination } = useTableUrlState(CATALOGUE_VIEW);
  const [target, setTarget] = useState<CatalogueEntry | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  usePageTitle(texts.title);

  const columns = useMemo<Column<E>[]>(
    () => [
      {
        id: 'kod',
        header: texts.columns.ident,
        accessorKey: 'ident',
        cell: ({ getValue }) => <span className="catalogue-ident">{String(getValue())}</span>,
      },
      {
        id: 'nazwa',
        header: texts.columns.name,
        accessorKey: 'name',
        // The name opens its panel too: on a tablet the 'Edytuj' column may be scrolled out of view.
        cell: ({ row }) =>
          canManage ? (
            <button type="button" className="biuro-link-button" onClick={() => setTarget(row.original)}>
              {row.original.name}
            </button>
          ) : (
            row.original.name
          ),
      },
      ...counts.map((count): Column<E> => ({ id: count.id, header: count.header, enableSorting: false, accessorFn: count.of })),
      ...(canManage
        ? [
            {
              id: 'edytuj',
              header: () => <span className="visually-hidden">{pl.biuro.table.actions}</span>,
              enableSorting: false,
              cell: ({ row }) => (
                <Button
                  variant="secondary"
                  className="biuro-row-button"
                  onClick={() => setTarget(row.original)}
                  aria-label={`${texts.edit}: ${row.original.name} (${row.original.ident})`}
                >
                  {texts.edit}
                </Button>
              ),
            } satisfies Column<E>,
          ]
        : []),
    ],
    [texts, counts, canManage],
  );

  const changed = (message: string) => {
    setNotice(message);
    list.reload();
  };
  const entries = list.data?.entries ?? [];
  const noneAtAll = list.status === 'loaded' && list.data.total === 0 && !props.search;
  return (
    <section aria-labelledby={`${kind}-title`}>
      <div className="biuro-page-head">
        <h1 id={`${kind}-title`}>{texts.title}</h1>
        {canManage ? <Button onClick={() => setTarget(null)}>{texts.add}</Button> : null}
      </div>
      <p className="biuro-muted">{texts.intro}</p>
      {canManage ? null : <p className="biuro-muted">{texts.readOnly}</p>}
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterBar onClear={props.onClear}>
        <SearchFilter label={pl.biuro.table.search} placeholder={texts.searchPlaceholder} value={props.search} onChange={props.onSearch} />
      </FilterBar>
      {list.data && list.data.total > list.data.entries.length ? (
        <p className="biuro-notice" role="status">
          {texts.tooMany(list.data.entries.length, list.data.total)}
        </p>
      ) : null}
      <DataTable
        caption={texts.title}
        columns={columns}
        data={entries}
        getRowId={(row) => row.uuid}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        status={queryStatus(list) ?? (noneAtAll ? <EmptyState text={texts.empty} /> : undefined)}
      />
      {canManage ? (
        <CataloguePanel
          kind={kind}
          texts={texts}
          target={target}
          save={props.save}
          onClose={() => setTarget(undefined)}
          onChanged={changed}
        />
      ) : null}
    </section>
  );
}
