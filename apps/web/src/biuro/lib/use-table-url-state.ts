import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  readTableView,
  withFilter,
  writeTableView,
  type PageState,
  type SortState,
  type TableView,
  type TableViewSpec,
} from './table-url-state.ts';

type Updater<T> = T | ((old: T) => T);
const apply = <T>(updater: Updater<T>, old: T): T => (typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater);

/**
 * A table's sorting, page and filters, read from the address and written back to it (replacing the
 * history entry, so Back leaves the page rather than stepping through every click). `spec` must be
 * stable (a module constant).
 */
export function useTableUrlState<F extends string>(spec: TableViewSpec<F>) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readTableView(params, spec), [params, spec]);
  const write = useCallback(
    (change: (old: TableView<F>) => TableView<F>) =>
      setParams((old) => writeTableView(old, change(readTableView(old, spec)), spec), { replace: true }),
    [setParams, spec],
  );
  return {
    view,
    setSorting: useCallback(
      (updater: Updater<SortState>) =>
        write((old) => ({ ...old, sorting: apply(updater, old.sorting), pagination: { ...old.pagination, pageIndex: 0 } })),
      [write],
    ),
    setPagination: useCallback(
      (updater: Updater<PageState>) => write((old) => ({ ...old, pagination: apply(updater, old.pagination) })),
      [write],
    ),
    setFilter: useCallback((name: F, value: string) => write((old) => withFilter(old, name, value)), [write]),
    clearFilters: useCallback(
      () =>
        write((old) => ({
          ...old,
          filters: Object.fromEntries(spec.filters.map((name) => [name, ''])) as Record<F, string>,
          pagination: { ...old.pagination, pageIndex: 0 },
        })),
      [write, spec],
    ),
  };
}
