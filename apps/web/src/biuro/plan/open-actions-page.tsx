import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import type { PlannedAction } from '../api/admin-types.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { EmptyState, queryStatus } from '../components/data-states.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { SidePanel } from '../components/side-panel.tsx';
import { TerritoryFilter } from '../components/territory-filter.tsx';
import type { TableViewSpec } from '../lib/table-url-state.ts';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { ActionAssignments } from './action-assignments.tsx';
import { dayLabel, dayOf, isDay, periodBounds, periodLabel, periodOf, timeOf } from './plan-period.ts';
import { PeriodStepper } from './period-stepper.tsx';
import { dayColumn, timeColumn } from './plan-columns.tsx';
import { byTerritory } from './plan-view.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import './plan.css';
import './schedules.css';

// /biuro/nieobsadzone (issue 34, decision 126): the planned actions of a week that nobody staffs yet,
// per territory, so the coordinator sees what is left — and staffs one from here, with the promoters'
// schedules beside it, as in Plan's panel.

type OpenFilter = 'dzien' | 'terytorium';
const OPEN_VIEW: TableViewSpec<OpenFilter> = {
  filters: ['dzien', 'terytorium'],
  defaultSort: [{ id: 'dzien', desc: false }],
  sortable: ['dzien', 'akcja'],
  pageSize: 50,
};

const t = pl.biuroSchedule.open;

export function OpenActionsPage() {
  const { view, setSorting, setPagination, setFilter } = useTableUrlState(OPEN_VIEW);
  const period = periodOf('tydzien', isDay(view.filters.dzien) ? view.filters.dzien : appDay(new Date()));
  const territory = view.filters.terytorium;
  const list = useAdminQuery('/admin/actions/open', {
    ...periodBounds(period),
    page: 1,
    pageSize: 200,
    ...(territory ? { territory } : {}),
  });
  const [staffing, setStaffing] = useState<PlannedAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  usePageTitle(t.title);

  const columns = useMemo<Column<PlannedAction>[]>(
    () => [
      dayColumn,
      timeColumn,
      { id: 'wydarzenie', header: pl.biuro.plan.columns.event, enableSorting: false, accessorFn: (row) => row.event.ident },
      { id: 'akcja', header: pl.biuro.plan.columns.name, accessorKey: 'name' },
      {
        id: 'punkty',
        header: pl.biuro.plan.columns.points,
        enableSorting: false,
        accessorFn: (row) => row.points.map((point) => `${point.name}, ${point.cityName}`).join('; '),
      },
      {
        id: 'obsadz',
        header: () => <span className="visually-hidden">{pl.biuro.table.actions}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="biuro-row-button"
            onClick={() => setStaffing(row.original)}
            aria-label={t.staffWho(row.original.name, dayLabel(dayOf(row.original.since)))}
          >
            {t.staff}
          </Button>
        ),
      },
    ],
    [],
  );

  const counts = list.data?.territories ?? [];
  const groups = byTerritory(list.data?.actions ?? []);
  return (
    <section aria-labelledby="open-title">
      <div className="biuro-page-head">
        <h1 id="open-title">{t.title}</h1>
      </div>
      <p className="biuro-muted">{t.intro}</p>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterBar onClear={() => setFilter('terytorium', '')}>
        <PeriodStepper period={period} onDay={(day) => setFilter('dzien', day)} />
        <TerritoryFilter label={pl.biuro.plan.territory} value={territory} onChange={(value) => setFilter('terytorium', value)} />
      </FilterBar>
      {queryStatus(list) ??
        (groups.length === 0 ? (
          <EmptyState text={t.none} />
        ) : (
          <>
            <p>
              <strong>{t.count(list.data?.total ?? 0)}</strong>
            </p>
            {groups.map((group) => {
              const count = counts.find((c) => c.ident === group.territory)?.count ?? group.actions.length;
              return (
                <section key={group.territory} className="plan-territory" aria-labelledby={`open-${group.territory}`}>
                  <h2 id={`open-${group.territory}`}>{t.territoryCount(group.territory, count)}</h2>
                  <DataTable
                    caption={`${t.title}: ${group.territory}, ${periodLabel(period)}`}
                    columns={columns}
                    data={group.actions}
                    getRowId={(row) => row.uuid}
                    sorting={view.sorting}
                    onSortingChange={setSorting}
                    pagination={view.pagination}
                    onPaginationChange={setPagination}
                  />
                </section>
              );
            })}
          </>
        ))}
      <SidePanel open={staffing !== null} title={staffing ? t.panelTitle(staffing.name) : t.title} onClose={() => setStaffing(null)}>
        {staffing ? (
          <>
            <dl className="open-summary">
              <dt>{t.when}</dt>
              <dd>
                {dayLabel(dayOf(staffing.since))} {timeOf(staffing.since)}–{timeOf(staffing.until)} · {staffing.territory?.ident ?? '—'}
              </dd>
              <dt>{t.points}</dt>
              <dd>{staffing.points.map((point) => `${point.name}, ${point.streetAddress}, ${point.cityName}`).join('; ')}</dd>
            </dl>
            <ActionAssignments
              key={staffing.uuid}
              action={staffing}
              onChanged={(message) => {
                setNotice(message);
                list.reload();
              }}
            />
          </>
        ) : null}
      </SidePanel>
    </section>
  );
}
