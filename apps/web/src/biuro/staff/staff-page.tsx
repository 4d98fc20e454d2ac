import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import type { StaffMember } from '../api/admin-types.ts';
import { useStaffSession } from '../auth/staff-session.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { queryStatus } from '../components/data-states.tsx';
import { FilterBar, SearchFilter, SelectFilter } from '../components/filter-bar.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { StaffPanel, type StaffPanelTarget } from './staff-panel.tsx';
import {
  reachesEverywhere,
  rolesText,
  STAFF_ROLE_OPTIONS,
  STAFF_VIEW,
  staffListBody,
  staffName,
  staffStatus,
  territoriesText,
} from './staff-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './staff.css';

const NO_BODY = {};

/** /biuro/personel: the back office's own accounts, the admin's alone (issue 34, decision 118). */
export function StaffPage() {
  const { session } = useStaffSession();
  const { view, setSorting, setPagination, setFilter, clearFilters } = useTableUrlState(STAFF_VIEW);
  const list = useAdminQuery('/admin/staff/list', staffListBody(view.filters));
  const territories = useAdminQuery('/admin/territories', NO_BODY);
  const [panel, setPanel] = useState<StaffPanelTarget | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  usePageTitle(pl.biuroStaff.title);

  const columns = useMemo<Column<StaffMember>[]>(
    () => [
      {
        id: 'nazwisko',
        header: pl.biuroStaff.columns.name,
        accessorFn: (row) => `${row.lastname} ${row.firstname} ${row.username}`,
        // The name opens her panel too: on a tablet the 'Edytuj' column may be scrolled out of view.
        cell: ({ row }) => (
          <button type="button" className="biuro-link-button" onClick={() => setPanel({ member: row.original })}>
            {staffName(row.original)}
          </button>
        ),
      },
      { id: 'login', header: pl.biuroStaff.columns.username, accessorKey: 'username' },
      { id: 'role', header: pl.biuroStaff.columns.roles, accessorFn: (row) => rolesText(row.roles) },
      {
        id: 'terytoria',
        header: pl.biuroStaff.columns.territories,
        accessorFn: (row) => territoriesText(row),
        enableSorting: false,
        // A code is never broken at its dashes (KRK-STARE-MIASTO): the list wraps between codes.
        cell: ({ row }) =>
          reachesEverywhere(row.original.roles) ? (
            <span className="biuro-muted">{pl.biuroStaff.allTerritories}</span>
          ) : (
            row.original.territories.map((ident, i) => (
              <span key={ident} className="staff-territory">
                {ident}
                {i < row.original.territories.length - 1 ? ', ' : ''}
              </span>
            ))
          ),
      },
      {
        id: 'status',
        header: pl.biuroStaff.columns.status,
        accessorFn: (row) => pl.biuroStaff.statuses[staffStatus(row)],
        cell: ({ row }) => {
          const status = staffStatus(row.original);
          return <span className={`staff-status staff-status--${status}`}>{pl.biuroStaff.statuses[status]}</span>;
        },
      },
      {
        id: 'akcje',
        header: () => <span className="visually-hidden">{pl.biuro.table.actions}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="biuro-row-button"
            onClick={() => setPanel({ member: row.original })}
            aria-label={`${pl.biuroStaff.edit}: ${staffName(row.original)}`}
          >
            {pl.biuroStaff.edit}
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <section aria-labelledby="staff-title">
      <div className="biuro-page-head">
        <h1 id="staff-title">{pl.biuroStaff.title}</h1>
        <Button onClick={() => setPanel({ member: null })}>{pl.biuroStaff.add}</Button>
      </div>
      <p className="biuro-muted">{pl.biuroStaff.intro}</p>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterBar onClear={clearFilters}>
        <SearchFilter
          label={pl.biuro.table.search}
          placeholder={pl.biuroStaff.searchPlaceholder}
          value={view.filters.szukaj}
          onChange={(value) => setFilter('szukaj', value)}
        />
        <SelectFilter
          label={pl.biuroStaff.role}
          value={view.filters.rola}
          onChange={(value) => setFilter('rola', value)}
          options={STAFF_ROLE_OPTIONS.map((role) => ({ value: role, label: pl.biuroStaff.roleNames[role] ?? role }))}
        />
        <SelectFilter
          label={pl.biuroStaff.status}
          value={view.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={[
            { value: 'aktywne', label: pl.biuroStaff.activeOnly },
            { value: 'nieaktywne', label: pl.biuroStaff.inactiveOnly },
          ]}
        />
      </FilterBar>
      <DataTable
        caption={pl.biuroStaff.title}
        columns={columns}
        data={list.data?.staff ?? NO_ROWS}
        getRowId={(row) => row.uuid}
        sorting={view.sorting}
        onSortingChange={setSorting}
        pagination={view.pagination}
        onPaginationChange={setPagination}
        status={queryStatus(list) ?? undefined}
      />
      <StaffPanel
        target={panel}
        territories={(territories.data?.territories ?? []).map((territory) => territory.ident)}
        selfId={session?.staff.uuid}
        onClose={() => setPanel(null)}
        onChanged={(message) => {
          setNotice(message);
          list.reload();
        }}
      />
    </section>
  );
}

const NO_ROWS: StaffMember[] = [];
