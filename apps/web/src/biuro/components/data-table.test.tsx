import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageState, SortState } from '../lib/table-url-state.ts';
import { DataTable, type Column } from './data-table.tsx';

type Promoter = { id: string; name: string; city: string };
const PROMOTERS: Promoter[] = [
  { id: '1', name: 'Beata Zając', city: 'Kraków' },
  { id: '2', name: 'Anna Nowak', city: 'Warszawa' },
  { id: '3', name: 'Celina Adamska', city: 'Gdańsk' },
];
const COLUMNS: Column<Promoter>[] = [
  { id: 'nazwisko', header: 'Imię i nazwisko', accessorKey: 'name' },
  { id: 'miasto', header: 'Miasto', accessorKey: 'city', enableSorting: false },
];

function Table() {
  const [sorting, setSorting] = useState<SortState>([]);
  const [pagination, setPagination] = useState<PageState>({ pageIndex: 0, pageSize: 25 });
  return (
    <DataTable
      caption="Promotorzy"
      columns={COLUMNS}
      data={PROMOTERS}
      getRowId={(row) => row.id}
      sorting={sorting}
      onSortingChange={setSorting}
      pagination={pagination}
      onPaginationChange={setPagination}
    />
  );
}

const names = () =>
  within(screen.getByRole('table', { name: 'Promotorzy' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('data table', () => {
  it('a column is sorted from the keyboard: Tab reaches its header button, Enter and Space turn the order, the header says it', async () => {
    const user = userEvent.setup();
    render(<Table />);
    const header = screen.getByRole('columnheader', { name: /Imię i nazwisko/ });
    expect(header).not.toHaveAttribute('aria-sort');

    await user.tab();
    const sort = within(header).getByRole('button', { name: /Imię i nazwisko/ });
    expect(sort).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Anna Nowak', 'Beata Zając', 'Celina Adamska']);

    await user.keyboard(' ');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Celina Adamska', 'Beata Zając', 'Anna Nowak']);
    expect(sort).toHaveFocus();
  });

  it('a column that cannot be sorted has no button and no order, and is not a Tab stop', async () => {
    const user = userEvent.setup();
    render(<Table />);
    const header = screen.getByRole('columnheader', { name: 'Miasto' });
    expect(within(header).queryByRole('button')).not.toBeInTheDocument();
    expect(header).not.toHaveAttribute('aria-sort');

    await user.tab();
    await user.tab();
    expect(screen.getByRole('combobox')).toHaveFocus(); // past the one sort button, the page size
  });
});
