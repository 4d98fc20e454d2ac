// A table's view in the address (issue 24 "URL state so a view can be shared"): sorting, page and
// filters in the query string, so a link opens the same view. Pure functions; use-table-url-state.ts
// binds them to the router. Names are Polish, like the paths: ?sort=-nazwisko&strona=2&terytorium=WAW.

export type SortState = { id: string; desc: boolean }[];
export type PageState = { pageIndex: number; pageSize: number };
export type TableView<F extends string> = { sorting: SortState; pagination: PageState; filters: Record<F, string> };
export type TableViewSpec<F extends string> = {
  /** The filters of this table: each a query parameter of the same name. */
  filters: readonly F[];
  /** Sorting when the address names none. */
  defaultSort?: SortState;
  /** Rows per page when the address names none. */
  pageSize?: number;
  /** The column ids that may be sorted by: another name in the address is ignored. */
  sortable?: readonly string[];
};

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
export const URL_KEYS = { sort: 'sort', page: 'strona', pageSize: 'na-stronie' } as const;

const positiveInt = (text: string | null): number | null => {
  const value = Number(text);
  return text !== null && Number.isInteger(value) && value > 0 ? value : null;
};

/** The view a query string describes; what it leaves out or gets wrong falls back to the defaults. */
export function readTableView<F extends string>(params: URLSearchParams, spec: TableViewSpec<F>): TableView<F> {
  const sortText = params.get(URL_KEYS.sort);
  const sortId = sortText?.replace(/^-/, '');
  const sorting =
    sortText && sortId && (!spec.sortable || spec.sortable.includes(sortId))
      ? [{ id: sortId, desc: sortText.startsWith('-') }]
      : (spec.defaultSort ?? []);
  const size = positiveInt(params.get(URL_KEYS.pageSize));
  const pageSize = size && (PAGE_SIZES as readonly number[]).includes(size) ? size : (spec.pageSize ?? DEFAULT_PAGE_SIZE);
  const page = positiveInt(params.get(URL_KEYS.page)) ?? 1;
  const filters = Object.fromEntries(spec.filters.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>;
  return { sorting, pagination: { pageIndex: page - 1, pageSize }, filters };
}

/**
 * The query string of a view: only what differs from the defaults, so a plain list has a plain
 * address. Other parameters of the address are kept.
 */
export function writeTableView<F extends string>(params: URLSearchParams, view: TableView<F>, spec: TableViewSpec<F>): URLSearchParams {
  const next = new URLSearchParams(params);
  const [sort] = view.sorting;
  const defaultSort = spec.defaultSort?.[0];
  const sameAsDefault = sort && defaultSort && sort.id === defaultSort.id && sort.desc === defaultSort.desc;
  // Sorting is never removed, only turned (the tables say enableSortingRemoval: false).
  if (sort && !sameAsDefault) next.set(URL_KEYS.sort, `${sort.desc ? '-' : ''}${sort.id}`);
  else next.delete(URL_KEYS.sort);
  if (view.pagination.pageIndex > 0) next.set(URL_KEYS.page, String(view.pagination.pageIndex + 1));
  else next.delete(URL_KEYS.page);
  if (view.pagination.pageSize !== (spec.pageSize ?? DEFAULT_PAGE_SIZE)) next.set(URL_KEYS.pageSize, String(view.pagination.pageSize));
  else next.delete(URL_KEYS.pageSize);
  for (const name of spec.filters) {
    const value = view.filters[name].trim();
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

/** A filter changed: the view goes back to its first page (page 3 of the old list means nothing now). */
export function withFilter<F extends string>(view: TableView<F>, name: NoInfer<F>, value: string): TableView<F> {
  return { ...view, filters: { ...view.filters, [name]: value }, pagination: { ...view.pagination, pageIndex: 0 } };
}
