import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import * as pl from '../../i18n/pl.ts';
import { appDay } from '../../lib/dates/app-time-zone.ts';
import type { PlannedAction } from '../api/admin-types.ts';
import { useStaffSession } from '../auth/staff-session.ts';
import { useCan } from '../auth/use-can.ts';
import { DataTable, type Column } from '../components/data-table.tsx';
import { EmptyState, queryStatus } from '../components/data-states.tsx';
import { FilterBar, SelectFilter } from '../components/filter-bar.tsx';
import { useAdminQuery } from '../lib/use-admin-query.ts';
import { useTableUrlState } from '../lib/use-table-url-state.ts';
import { ActionPanel } from './action-panel.tsx';
import { PlanImportPanel } from './plan-import-panel.tsx';
import { dayLabel, dayOf, periodLabel } from './plan-period.ts';
import { PeriodStepper } from './period-stepper.tsx';
import { dayColumn, timeColumn } from './plan-columns.tsx';
import { byTerritory, planListBody, planPeriod, PLAN_VIEW } from './plan-view.ts';
import { WeekCopy } from './week-copy.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';
import './plan.css';

type Panel = { kind: 'action'; action: PlannedAction | null } | { kind: 'import' } | { kind: 'week' };

const statusText = (status: string) => pl.biuro.plan.statuses[status] ?? status;

/** /biuro/plan: the actions of a week or month, a table per territory, with their promoters. */
export function PlanPage() {
  const { session } = useStaffSession();
  const territories = session?.staff.territories ?? [];
  const { view, setSorting, setPagination, setFilter } = useTableUrlState(PLAN_VIEW);
  const period = planPeriod(view.filters, appDay(new Date()));
  const list = useAdminQuery('/admin/actions/list', planListBody(view.filters, period));
  const canPlan = useCan('actions.plan');
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The action just saved: the plan moves to its week and marks its row (issue 33).
  const [saved, setSaved] = useState<string | null>(null);

  usePageTitle(pl.biuro.plan.title);

  const columns = useMemo<Column<PlannedAction>[]>(() => {
    const all: Column<PlannedAction>[] = [
      dayColumn,
      timeColumn,
      { id: 'wydarzenie', header: pl.biuro.plan.columns.event, accessorFn: (row) => row.event.ident },
      {
        id: 'akcja',
        header: pl.biuro.plan.columns.name,
        accessorKey: 'name',
        // The name opens its panel too: on a tablet the 'Edytuj' column may be scrolled out of view.
        cell: ({ row }) =>
          canPlan ? (
            <button type="button" className="biuro-link-button" onClick={() => setPanel({ kind: 'action', action: row.original })}>
              {row.original.name}
            </button>
          ) : (
            row.original.name
          ),
      },
      {
        id: 'punkty',
        header: pl.biuro.plan.columns.points,
        enableSorting: false,
        accessorFn: (row) => row.points.map((point) => `${point.name}, ${point.cityName}`).join('; '),
      },
      {
        id: 'promotorzy',
        header: pl.biuro.plan.columns.promoters,
        enableSorting: false,
        accessorFn: (row) => row.promoters.map((p) => `${p.firstname} ${p.lastname}`).join(', ') || '—',
      },
      {
        id: 'status',
        header: pl.biuro.plan.columns.status,
        accessorFn: (row) => statusText(row.status),
        cell: ({ row }) => <span className={`plan-status plan-status--${row.original.status}`}>{statusText(row.original.status)}</span>,
      },
      {
        id: 'edytuj',
        header: () => <span className="visually-hidden">{pl.biuro.table.actions}</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            variant="secondary"
            className="biuro-row-button"
            onClick={() => setPanel({ kind: 'action', action: row.original })}
            aria-label={`${pl.biuro.promoters.edit}: ${row.original.name} (${dayOf(row.original.since)})`}
          >
            {pl.biuro.promoters.edit}
          </Button>
        ),
      },
    ];
    // Without the right to change, no button to open the panel.
    return all.filter((column) => canPlan || column.id !== 'edytuj');
  }, [canPlan]);

  const groups = byTerritory(list.data?.actions ?? []);
  const changed = (message: string) => {
    setNotice(message);
    list.reload();
  };
  const onSaved = (action: PlannedAction, message: string) => {
    const day = dayOf(action.since);
    setSaved(action.uuid);
    setPanel({ kind: 'action', action });
    setNotice(`${message} ${pl.biuro.plan.shownIn(dayLabel(day))}`);
    if (period.first <= day && day <= period.last) list.reload();
    else setFilter('dzien', day);
  };

  return (
    <section aria-labelledby="plan-title">
      <div className="biuro-page-head">
        <h1 id="plan-title">{pl.biuro.plan.title}</h1>
        <div className="biuro-page-head__actions">
          {canPlan ? (
            <>
              {period.kind === 'tydzien' ? (
                <Button variant="secondary" onClick={() => setPanel({ kind: 'week' })}>
                  {pl.biuroSchedule.week.open}
                </Button>
              ) : null}
              <Button variant="secondary" onClick={() => setPanel({ kind: 'import' })}>
                {pl.biuro.plan.import}
              </Button>
              <Button onClick={() => setPanel({ kind: 'action', action: null })}>{pl.biuro.plan.add}</Button>
            </>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p className="biuro-notice" role="status">
          {notice}
        </p>
      ) : null}
      <FilterBar onClear={() => ['terytorium', 'status'].forEach((name) => setFilter(name as 'terytorium', ''))}>
        <PeriodStepper period={period} onDay={(day) => setFilter('dzien', day)} />
        <SelectFilter
          label={pl.biuro.plan.period}
          value={period.kind}
          anyLabel={null}
          onChange={(value) => setFilter('okres', value === 'miesiac' ? 'miesiac' : '')}
          options={[
            { value: 'tydzien', label: pl.biuro.plan.week },
            { value: 'miesiac', label: pl.biuro.plan.month },
          ]}
        />
        <SelectFilter
          label={pl.biuro.plan.territory}
          value={view.filters.terytorium}
          onChange={(value) => setFilter('terytorium', value)}
          options={territories.map((code) => ({ value: code, label: code }))}
        />
        <SelectFilter
          label={pl.biuro.plan.status}
          value={view.filters.status}
          onChange={(value) => setFilter('status', value)}
          options={Object.entries(pl.biuro.plan.statuses).map(([value, label]) => ({ value, label }))}
        />
      </FilterBar>
      {queryStatus(list) ??
        (groups.length === 0 ? (
          <EmptyState text={pl.biuro.plan.noActions} />
        ) : (
          groups.map((group) => (
            <section key={group.territory} className="plan-territory" aria-labelledby={`plan-${group.territory}`}>
              <h2 id={`plan-${group.territory}`}>{group.territory}</h2>
              <DataTable
                caption={`${pl.biuro.plan.title}: ${group.territory}, ${periodLabel(period)}`}
                columns={columns}
                data={group.actions}
                getRowId={(row) => row.uuid}
                sorting={view.sorting}
                onSortingChange={setSorting}
                pagination={view.pagination}
                onPaginationChange={setPagination}
                rowClassName={(row) => (row.uuid === saved ? 'plan-row--saved' : undefined)}
              />
            </section>
          ))
        ))}
      <ActionPanel
        open={panel?.kind === 'action'}
        action={panel?.kind === 'action' ? panel.action : null}
        territories={territories}
        onClose={() => setPanel(null)}
        onChanged={changed}
        onSaved={onSaved}
      />
      <PlanImportPanel open={panel?.kind === 'import'} onClose={() => setPanel(null)} onImported={changed} />
      <WeekCopy
        open={panel?.kind === 'week'}
        monday={period.first}
        actions={list.data?.actions ?? []}
        onClose={() => setPanel(null)}
        onChanged={changed}
      />
    </section>
  );
}
