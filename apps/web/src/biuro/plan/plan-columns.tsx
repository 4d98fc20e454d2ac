import * as pl from '../../i18n/pl.ts';
import type { PlannedAction } from '../api/admin-types.ts';
import type { Column } from '../components/data-table.tsx';
import { dayLabel, dayOf, timeOf } from './plan-period.ts';

// The columns the plan and 'Nieobsadzone' show alike: an action's day and its hours.

export const dayColumn: Column<PlannedAction> = {
  id: 'dzien',
  header: pl.biuro.plan.columns.date,
  accessorFn: (row) => row.since,
  cell: ({ row }) => (
    <time className="plan-nowrap" dateTime={dayOf(row.original.since)}>
      {dayLabel(dayOf(row.original.since))}
    </time>
  ),
};

export const timeColumn: Column<PlannedAction> = {
  id: 'godziny',
  header: pl.biuro.plan.columns.time,
  enableSorting: false,
  accessorFn: (row) => `${timeOf(row.since)}–${timeOf(row.until)}`,
  cell: ({ getValue }) => <span className="plan-nowrap">{String(getValue())}</span>,
};
