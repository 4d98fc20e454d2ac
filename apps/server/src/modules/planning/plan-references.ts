import { PLAN_CSV_COLUMNS } from '@promotor/contract/rules';
import type { PlanCsvError } from './plan-csv.ts';
import type { PlannedAction } from './plan-rows.ts';

// What the plan's rows name must exist and be the caller's (decision 087): its territories, the
// promoters by hostess code, each promoter working in the action's territory. Pure: the service loads
// what the file names and hands it here, so the rules are tested without a database.

export type PlanReferences = {
  territories: ReadonlyMap<string, { id: string }>;
  /** By hostess code: the promoter and the idents of her territories. */
  promoters: ReadonlyMap<string, { id: string; territories: ReadonlySet<string>; active: boolean }>;
  /** The caller's territory idents; null when she may plan everywhere (admin). */
  scope: ReadonlySet<string> | null;
};

const messages = {
  unknownTerritory: (t: string) => `Nie ma terytorium „${t}”.`,
  outsideScope: (t: string) => `Terytorium „${t}” nie jest Twoim terytorium.`,
  unknownPromoter: (code: string) => `Nie ma promotorki z kodem hostessy „${code}”.`,
  inactivePromoter: (code: string) => `Promotorka z kodem hostessy „${code}” jest nieaktywna.`,
  notOfTerritory: (code: string, t: string) => `Promotorka z kodem hostessy „${code}” nie pracuje na terytorium „${t}”.`,
} as const;

/** Every row naming something unknown or not the caller's. */
export function checkPlanReferences(actions: readonly PlannedAction[], known: PlanReferences): PlanCsvError[] {
  const errors: PlanCsvError[] = [];
  for (const action of actions) {
    const territoryProblem = !known.territories.has(action.territory)
      ? messages.unknownTerritory(action.territory)
      : known.scope && !known.scope.has(action.territory)
        ? messages.outsideScope(action.territory)
        : null;
    if (territoryProblem) {
      for (const row of action.rows) errors.push({ row, column: 'territory', message: territoryProblem });
    }
    for (const [code, rows] of action.promoters) {
      const promoter = known.promoters.get(code);
      const message = !promoter
        ? messages.unknownPromoter(code)
        : !promoter.active
          ? messages.inactivePromoter(code)
          : !territoryProblem && !promoter.territories.has(action.territory)
            ? messages.notOfTerritory(code, action.territory)
            : null;
      if (message) for (const row of rows) errors.push({ row, column: 'promoters', message });
    }
  }
  return sortErrors(errors);
}

const columnIndex = (column: PlanCsvError['column']) => (column === null ? -1 : PLAN_CSV_COLUMNS.indexOf(column));

/** By line, then by the column's place in the header: the order a person reads the file in. */
export function sortErrors(errors: PlanCsvError[]): PlanCsvError[] {
  return errors.sort((a, b) => a.row - b.row || columnIndex(a.column) - columnIndex(b.column));
}
