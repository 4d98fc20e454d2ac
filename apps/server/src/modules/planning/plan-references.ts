import { PLAN_CSV_COLUMNS } from '@promotor/contract/rules';
import type { PlanCsvError } from './plan-csv.ts';
import type { PlannedAction } from './plan-rows.ts';

// What the plan's rows name must exist and be the caller's (decision 087): its events (decision 123:
// made on the Wydarzenia page, never by a file), its territories, the promoters by hostess code, each
// promoter working in the action's territory. What lies outside the
// caller's territories is named as unknown, word for word as what does not exist (decision 109): a
// coordinator learns nothing of another territory from a dry run. Pure: the service loads what the
// file names and hands it here, so the rules are tested without a database.

export type PlanReferences = {
  /** The idents of the events the file names that exist (every event is every planner's). */
  events: ReadonlySet<string>;
  territories: ReadonlyMap<string, { id: string }>;
  /** By hostess code: the promoter and the idents of her territories. */
  promoters: ReadonlyMap<string, { id: string; territories: ReadonlySet<string>; active: boolean }>;
  /** The caller's territory idents (all of hers, not only those the file names); null when she may plan everywhere (admin). */
  scope: ReadonlySet<string> | null;
};

/** What the file names that the caller cannot see: unknown, or outside her territories. */
export type UnknownReferences = { territories: string[]; promoters: string[] };

const messages = {
  unknownEvent: (e: string) => `Nie ma wydarzenia „${e}”. Dodaj je na stronie Wydarzenia.`,
  unknownTerritory: (t: string) => `Nie ma terytorium „${t}”.`,
  unknownPromoter: (code: string) => `Nie ma promotorki z kodem hostessy „${code}”.`,
  inactivePromoter: (code: string) => `Promotorka z kodem hostessy „${code}” jest nieaktywna.`,
  notOfTerritory: (code: string, t: string) => `Promotorka z kodem hostessy „${code}” nie pracuje na terytorium „${t}”.`,
} as const;

/** What the caller sees of what the file names: a territory of hers, a promoter working in one of them. */
function visible(known: PlanReferences) {
  const { scope } = known;
  return {
    territory: (ident: string) => known.territories.has(ident) && (!scope || scope.has(ident)),
    promoter: (code: string) => {
      const promoter = known.promoters.get(code);
      return promoter && (!scope || [...promoter.territories].some((t) => scope.has(t))) ? promoter : undefined;
    },
  };
}

/** What the file names that the caller cannot see (for the audit log's record of the try). */
export function unknownReferences(actions: readonly PlannedAction[], known: PlanReferences): UnknownReferences {
  const sees = visible(known);
  const territories = new Set(actions.map((a) => a.territory).filter((t) => !sees.territory(t)));
  const promoters = new Set(actions.flatMap((a) => [...a.promoters.keys()]).filter((code) => !sees.promoter(code)));
  return { territories: [...territories], promoters: [...promoters] };
}

/** The rows of actions naming an event that is not there (plan-import.service.ts: one renamed since the check). */
export function unknownEventErrors(actions: readonly PlannedAction[], events: ReadonlySet<string>): PlanCsvError[] {
  const errors: PlanCsvError[] = [];
  for (const action of actions) {
    if (events.has(action.event)) continue;
    const message = messages.unknownEvent(action.event);
    for (const row of action.rows) errors.push({ row, column: 'event', message });
  }
  return errors;
}

/** Every row naming something unknown or not the caller's (both named as unknown). */
export function checkPlanReferences(actions: readonly PlannedAction[], known: PlanReferences): PlanCsvError[] {
  const sees = visible(known);
  const errors: PlanCsvError[] = [];
  for (const action of actions) {
    errors.push(...unknownEventErrors([action], known.events));
    const territoryKnown = sees.territory(action.territory);
    if (!territoryKnown) {
      const message = messages.unknownTerritory(action.territory);
      for (const row of action.rows) errors.push({ row, column: 'territory', message });
    }
    for (const [code, rows] of action.promoters) {
      const promoter = sees.promoter(code);
      const message = !promoter
        ? messages.unknownPromoter(code)
        : !promoter.active
          ? messages.inactivePromoter(code)
          : territoryKnown && !promoter.territories.has(action.territory)
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
