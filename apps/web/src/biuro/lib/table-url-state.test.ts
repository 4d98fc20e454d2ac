import { describe, expect, it } from 'vitest';
import { readTableView, withFilter, writeTableView, type TableViewSpec } from './table-url-state.ts';

const spec: TableViewSpec<'szukaj' | 'terytorium'> = {
  filters: ['szukaj', 'terytorium'],
  defaultSort: [{ id: 'nazwisko', desc: false }],
  sortable: ['nazwisko', 'login'],
};
const params = (query: string) => new URLSearchParams(query);

describe('a table view in the address', () => {
  it('a plain address is the default view: first page, default sorting, no filters', () => {
    expect(readTableView(params(''), spec)).toEqual({
      sorting: [{ id: 'nazwisko', desc: false }],
      pagination: { pageIndex: 0, pageSize: 25 },
      filters: { szukaj: '', terytorium: '' },
    });
  });

  it('a shared link opens the same sorting, page and filters', () => {
    const view = readTableView(params('sort=-login&strona=3&na-stronie=50&terytorium=WAW-CENTRUM&szukaj=Anna'), spec);
    expect(view).toEqual({
      sorting: [{ id: 'login', desc: true }],
      pagination: { pageIndex: 2, pageSize: 50 },
      filters: { szukaj: 'Anna', terytorium: 'WAW-CENTRUM' },
    });
    expect(writeTableView(params(''), view, spec).toString()).toBe('sort=-login&strona=3&na-stronie=50&szukaj=Anna&terytorium=WAW-CENTRUM');
  });

  it('a column that cannot be sorted, a page that is not a number or a size not offered fall back to the defaults', () => {
    const view = readTableView(params('sort=haslo&strona=-2&na-stronie=7'), spec);
    expect(view.sorting).toEqual([{ id: 'nazwisko', desc: false }]);
    expect(view.pagination).toEqual({ pageIndex: 0, pageSize: 25 });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const view = readTableView(params(''), spec);
    expect(writeTableView(params('okres=tydzien&strona=4'), view, spec).toString()).toBe('okres=tydzien');
  });

  it('a changed filter goes back to the first page', () => {
    const onPageThree = readTableView(params('strona=3'), spec);
    const filtered = withFilter(onPageThree, 'terytorium', 'WAW-POLUDNIE');
    expect(filtered.pagination.pageIndex).toBe(0);
    expect(writeTableView(params(''), filtered, spec).get('terytorium')).toBe('WAW-POLUDNIE');
  });
});
