import { ACTION_STATES } from '@promotor/contract/rules';
import type { AdminBody, PlannedAction } from '../api/admin-types.ts';
import type { TableViewSpec } from '../lib/table-url-state.ts';
import { isDay, periodBounds, periodOf, type Period, type PeriodKind } from './plan-period.ts';

export type PlanFilter = 'okres' | 'dzien' | 'terytorium' | 'status';

export const PLAN_VIEW: TableViewSpec<PlanFilter> = {
  filters: ['okres', 'dzien', 'terytorium', 'status'],
  defaultSort: [{ id: 'dzien', desc: false }],
  sortable: ['dzien', 'wydarzenie', 'akcja', 'status'],
  pageSize: 50,
};

/** The period of the address; a missing or broken day is today. */
export function planPeriod(filters: Record<PlanFilter, string>, today: string): Period {
  const kind: PeriodKind = filters.okres === 'miesiac' ? 'miesiac' : 'tydzien';
  return periodOf(kind, isDay(filters.dzien) ? filters.dzien : today);
}

/** The list call: every action of the period (the server's largest page) in the territory and status chosen. */
export function planListBody(filters: Record<PlanFilter, string>, period: Period): AdminBody<'/admin/actions/list'> {
  const body: AdminBody<'/admin/actions/list'> = { ...periodBounds(period), page: 1, pageSize: 200 };
  if (filters.terytorium) body.territory = filters.terytorium;
  const status = ACTION_STATES.find((state) => state === filters.status);
  if (status) body.status = status;
  return body;
}

/** One table per territory (issue 24 "a week/month table per territory"), in the order of their idents. */
export function byTerritory(actions: PlannedAction[]): { territory: string; actions: PlannedAction[] }[] {
  const groups = new Map<string, PlannedAction[]>();
  for (const action of actions) {
    const ident = action.territory?.ident ?? '—';
    groups.set(ident, [...(groups.get(ident) ?? []), action]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([territory, list]) => ({ territory, actions: list }));
}
